import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../types';
import { eventsOf, keyOf } from '../../../test/kits/eventQueries.testKit';
import { runSingleApp } from './singleApp';
import { checkout } from '../../../test/kits/seedApps.testKit';
import { configMap, deployment, service } from '../../../test/kits/simulation.testKit';

const HOOK_FINALIZER = 'argocd.argoproj.io/hook-finalizer';

function find(live: KubeObject[], kind: string, name: string): KubeObject | undefined {
  return live.find((o) => o.kind === kind && o.metadata.name === name);
}

function podsOf(live: KubeObject[], app: string): KubeObject[] {
  return live.filter((o) => o.kind === 'Pod' && o.metadata.labels?.app === app);
}

describe('a failing PreSync migration (§2.18, e2e case 84)', () => {
  const result = runSingleApp({
    desired: checkout('6.7.0', { migrationFails: true }),
    history: [checkout('6.7.1')],
    app: 'checkout-dev',
    namespace: 'checkout-dev',
  });
  const op = result.application.status.operationState!;

  it('fails with Argo CD message and leaves the app OutOfSync but Healthy', () => {
    expect(op.phase).toBe('Failed');
    expect(op.message).toBe('one or more synchronization tasks completed unsuccessfully');
    expect(result.application.status.sync.status).toBe('OutOfSync');
    expect(result.application.status.health.status).toBe('Healthy');
  });

  it('applies nothing of the Sync phase', () => {
    const applies = eventsOf(result.events, 'apply');
    expect(applies.filter((e) => e.phase === 'Sync')).toEqual([]);
    expect(applies.map((e) => `${e.phase} ${keyOf(e)}`)).toEqual([
      'PreSync Job/checkout-migrate',
      'SyncFail Job/checkout-sync-failed',
    ]);
  });

  it('keeps the running Deployment and its pods on the old image 6.7.1', () => {
    const checkoutDeployment = find(result.live, 'Deployment', 'checkout')!;
    expect(checkoutDeployment.spec.template.spec.containers[0].image).toBe(
      'ghcr.io/stefanprodan/podinfo:6.7.1',
    );
    const pods = podsOf(result.live, 'checkout');
    expect(pods).toHaveLength(2);
    for (const p of pods) expect(p.spec.containers[0].image).toBe('ghcr.io/stefanprodan/podinfo:6.7.1');
  });

  it('runs the SyncFail hook, which completes', () => {
    const rows = op.syncResult!.resources.map((r) => `${r.syncPhase} ${r.kind}/${r.name} ${r.hookPhase}`);
    expect(rows).toEqual([
      'PreSync Job/checkout-migrate Failed',
      'SyncFail Job/checkout-sync-failed Succeeded',
    ]);
  });

  it('keeps the failed Job for its logs, with the hook finalizer removed', () => {
    const migrate = find(result.live, 'Job', 'checkout-migrate');
    expect(migrate).toBeDefined();
    expect(migrate!.metadata.finalizers ?? []).not.toContain(HOOK_FINALIZER);
    expect(migrate!.metadata.deletionTimestamp).toBeUndefined();
    const logs = Object.entries(result.logs).filter(([pod]) =>
      pod.startsWith('checkout-dev/checkout-migrate-'),
    );
    expect(logs.some(([, lines]) => lines.includes('ERROR: relation already exists'))).toBe(true);
  });
});

describe('a failing PostSync smoke test (§6.1, e2e case 87)', () => {
  const result = runSingleApp({
    desired: checkout('6.7.1', { smokePath: '/status/503' }),
    history: [checkout('6.7.1')],
    app: 'checkout-dev',
    namespace: 'checkout-dev',
  });

  it('fails the sync while the app is Healthy and Synced', () => {
    expect(result.application.status.operationState?.phase).toBe('Failed');
    expect(result.application.status.sync.status).toBe('Synced');
    expect(result.application.status.health.status).toBe('Healthy');
  });

  it('leaves every pod of the Deployment Running and Ready', () => {
    const pods = podsOf(result.live, 'checkout');
    expect(pods).toHaveLength(2);
    for (const p of pods) {
      expect(p.status.phase).toBe('Running');
      expect(p.status.conditions.find((c: { type: string }) => c.type === 'Ready')?.status).toBe('True');
    }
  });

  it('fails because of the smoke test, whose pod got HTTP 503', () => {
    const rows = result.application.status.operationState!.syncResult!.resources;
    expect(rows.find((r) => r.name === 'checkout-smoke-test')?.hookPhase).toBe('Failed');
    const smokeLogs = Object.entries(result.logs)
      .filter(([pod]) => pod.startsWith('checkout-dev/checkout-smoke-test-'))
      .flatMap(([, lines]) => lines);
    expect(smokeLogs.join('\n')).toContain('503');
  });
});

describe('one wave whose Deployment crash-loops (§6.1, §6.5, e2e case 95)', () => {
  function crashLoop(progressDeadlineSeconds?: number) {
    return runSingleApp({
      desired: [configMap('x-config'), deployment('x', { progressDeadlineSeconds }), service('x')],
      fail: ['deployment/x'],
    });
  }

  function firstDegraded(result: ReturnType<typeof crashLoop>): number | undefined {
    return eventsOf(result.events, 'app').find((e) => e.health === 'Degraded')?.t;
  }

  it('succeeds right after the apply, without waiting for health', () => {
    const result = crashLoop();
    const lastApply = eventsOf(result.events, 'apply').at(-1)!;
    const succeeded = eventsOf(result.events, 'operation').find((e) => e.phase === 'Succeeded');
    expect(succeeded?.message).toBe('successfully synced (all tasks run)');
    expect(succeeded?.t).toBe(lastApply.t);
    expect(result.application.status.sync.status).toBe('Synced');
  });

  it('turns the app Degraded only when the 600 s progress deadline expires', () => {
    const result = crashLoop();
    const degradedAt = firstDegraded(result);
    expect(degradedAt).toBeGreaterThanOrEqual(600);
    expect(degradedAt).toBeLessThan(620);
    const crashing = eventsOf(result.events, 'pod').filter((e) => e.state === 'CrashLoopBackOff');
    expect(crashing[0].t).toBeLessThan(60);
    expect(result.application.status.health.status).toBe('Degraded');
    expect(result.application.status.operationState?.phase).toBe('Succeeded');
  });

  it('turns it Degraded after 60 s when progressDeadlineSeconds is 60', () => {
    const degradedAt = firstDegraded(crashLoop(60));
    expect(degradedAt).toBeGreaterThanOrEqual(60);
    expect(degradedAt).toBeLessThan(80);
  });
});
