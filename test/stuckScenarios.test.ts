import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../src/engine';
import { toggleAnnotationsOf } from '../src/scenarios/pageSettings';
import { playScenario } from '../src/scenarios/play';
import { parseScenario } from '../src/scenarios/scenario';
import { runSimOnDisk } from './kits/runSim.testKit';
import { clusterAt } from '../src/engine/simulation/objectHistory';

/**
 * Scenarios of "Why is my sync stuck?" that issue 30 asks for, each pinned at the moment that makes its point and
 * with its toggle's other outcome. Their end state is pinned by test/scenarios.test.ts (`expect:`).
 */
function read(id: string) {
  const file = `scenarios/${id}.yaml`;
  return parseScenario(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'), file);
}

type Op = Extract<SimEvent, { type: 'operation' }>;

describe('helm-post-install-deadlock (a Helm post-install hook is a PostSync hook, argocd-semantics §1.3 step 2)', () => {
  it('never starts PostSync: the pods wait for the hook Secret, the operation waits for the pods', () => {
    const scenario = read('helm-post-install-deadlock');
    const { events, application, live } = playScenario(scenario);
    expect(events.some((e) => e.type === 'step' && e.phase === 'PostSync')).toBe(false);
    const last = events.filter((e): e is Op => e.type === 'operation').at(-1)!;
    expect(last.phase).toBe('Running');
    expect(application.status.operationState?.message).toBe(
      'waiting for healthy state of apps/Deployment/identity',
    );
    const pods = live.filter((o) => o.kind === 'Pod');
    expect(pods).toHaveLength(2);
    for (const pod of pods)
      expect(pod.status?.containerStatuses?.[0]?.state?.waiting).toEqual({
        reason: 'CreateContainerConfigError',
        message: 'secret "identity-db-credentials" not found',
      });
  });

  it('with the toggle, the Secret is a Sync hook in wave -1 and the operation Succeeds with the app Healthy', () => {
    const scenario = read('helm-post-install-deadlock');
    const { application } = playScenario(scenario, toggleAnnotationsOf(scenario, ['syncHook']));
    expect(application.status.operationState?.phase).toBe('Succeeded');
    expect(application.status.health?.status).toBe('Healthy');
  });

  it('sim run --toggle syncHook plays the same other outcome, and an unknown toggle is refused', () => {
    const on = runSimOnDisk(['scenarios/helm-post-install-deadlock.yaml', '--toggle', 'syncHook', '--json']);
    expect(on.code).toBe(0);
    expect(on.stdout).toContain('"phase": "Succeeded"');
    const bad = runSimOnDisk(['scenarios/helm-post-install-deadlock.yaml', '--toggle', 'pre-install']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('has no toggle "pre-install"; its toggles: syncHook');
  });

  it('refuses a toggle that annotates an object the synced revision does not have', () => {
    const text = readFileSync(
      new URL('../scenarios/helm-post-install-deadlock.yaml', import.meta.url),
      'utf8',
    );
    const typo = text.replace('Secret/identity-db-credentials:\n', 'Secret/identity-db-credential:\n');
    expect(() => parseScenario(typo, 'x.yaml')).toThrow(
      /no object "Secret\/identity-db-credential" in the synced revision/,
    );
  });
});

describe('pvc-wait-for-first-consumer (argo-cd #29201; PVC health, argocd-semantics §3.7)', () => {
  it('never starts wave 1: the claim waits for a pod, the pod waits for the claim', () => {
    const scenario = read('pvc-wait-for-first-consumer');
    const { events, application, live } = playScenario(scenario);
    expect(events.some((e) => e.type === 'step' && e.phase === 'Sync' && e.wave === 1)).toBe(false);
    expect(application.status.operationState?.message).toBe(
      'waiting for healthy state of /PersistentVolumeClaim/postgres-data',
    );
    expect(live.find((o) => o.kind === 'PersistentVolumeClaim')?.status).toEqual({ phase: 'Pending' });
    expect(live.some((o) => o.kind === 'Pod')).toBe(false);
  });

  it("with the claim in the Deployment's wave, the volume binds for the pod and the app is Healthy", () => {
    const scenario = read('pvc-wait-for-first-consumer');
    const { application, live } = playScenario(scenario, toggleAnnotationsOf(scenario, ['oneWave']));
    expect(application.status.operationState?.phase).toBe('Succeeded');
    expect(application.status.health?.status).toBe('Healthy');
    expect(live.find((o) => o.kind === 'PersistentVolumeClaim')?.status?.phase).toBe('Bound');
  });
});

describe('delete-app (argocd-semantics §5.5; hook_test.go TestPreDeleteHookFailureAndRetry, TestPostDeleteHook)', () => {
  it("holds checkout with DeletionError while its PreDelete hook fails, deletes nothing, and leaves legacy's resources", () => {
    const { objects, live } = playScenario(read('delete-app'));
    const at = (t: number) => clusterAt(objects, t);
    const checkout = at(99).find((o) => o.kind === 'Application' && o.metadata.name === 'checkout')!;
    expect(checkout.metadata.deletionTimestamp).toBeDefined();
    expect(
      checkout.status.conditions.map((c: { type: string; message: string }) => `${c.type}: ${c.message}`),
    ).toContain('DeletionError: error executing pre-delete hooks: PreDelete hook(s) failed: shop/backup-db');
    expect(at(99).some((o) => o.kind === 'Deployment' && o.metadata.name === 'checkout')).toBe(true);
    expect(at(31).some((o) => o.kind === 'Application' && o.metadata.name === 'legacy')).toBe(false);
    expect(live.some((o) => o.kind === 'Deployment' && o.metadata.name === 'legacy-cart')).toBe(true);
  });

  it('deletes checkout once Git fixes the hook: the Deployment before the ConfigMap of wave -1, then PostDelete', () => {
    const { events, applications } = playScenario(read('delete-app'));
    const gone = (kind: string, name: string) =>
      events.find(
        (e) =>
          e.type === 'health' && e.kind === kind && e.name === name && e.status === 'Missing' && e.t > 40,
      )?.t;
    const deployment = gone('Deployment', 'checkout')!;
    const config = gone('ConfigMap', 'checkout-config')!;
    expect(deployment).toBeGreaterThan(100);
    expect(config).toBeGreaterThanOrEqual(deployment);
    const notified = events.find(
      (e) => e.type === 'health' && e.name === 'notify-teardown' && e.status === 'Healthy',
    )!;
    expect(notified.t).toBeGreaterThanOrEqual(config);
    expect(applications.map((a) => a.metadata.name)).toEqual(['storefront']);
  });
});
