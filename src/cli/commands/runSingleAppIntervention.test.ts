import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ApplicationJson, KubeObject, SimEvent } from '../../engine';
import type { CommandIo } from '../command';
import { sim } from '../sim';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** `sim run scenarios/three-tier.yaml --json` with `--then` commands, in-process. */
function run(then: string[]): { code: number; stderr: string; json: RunJson } {
  let stdout = '';
  let stderr = '';
  const io: CommandIo = {
    readFile: (path) => readFileSync(`${root}${path}`, 'utf8'),
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  };
  const args = ['run', 'scenarios/three-tier.yaml', '--json', ...then.flatMap((t) => ['--then', t])];
  const code = sim(args, io);
  return { code, stderr, json: JSON.parse(stdout) as RunJson };
}

interface RunJson {
  application: ApplicationJson;
  events: SimEvent[];
  live: KubeObject[];
}

const frontendLive = (live: KubeObject[]) =>
  live.some((o) => o.kind === 'Deployment' && o.metadata.name === 'frontend');

/**
 * A single-app scenario is a run of the control plane, so the interventions of contract §1.5 act on it as on a
 * scenario of several Applications: `kubectl delete deploy` in three-tier makes the Application OutOfSync and
 * Missing; with self-heal switched on (`argocd app set --self-heal`), Argo CD syncs the Deployment back at once
 * (handleObjectUpdated's CompareWithRecent refresh runs auto-sync, argocd-semantics.md §5.0, §5.4).
 */
describe('sim run FILE --then: interventions on a single-app scenario', () => {
  // e2e test/e2e/app_autosync_test.go TestAutoSyncSelfHealEnabled: a managed object deleted by hand comes back.
  it('TestAutoSyncSelfHealEnabled: three-tier, self-heal on, kubectl delete deploy frontend: OutOfSync, then synced back', () => {
    const { code, stderr, json } = run([
      '70:argocd app set three-tier --sync-policy automated --self-heal',
      '80:kubectl delete deploy frontend -n three-tier',
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const commands = json.events.flatMap((e) => (e.type === 'intervention' ? [[e.t, e.command]] : []));
    expect(commands).toEqual([
      [70, 'argocd app set three-tier --sync-policy automated --self-heal'],
      [80, 'kubectl delete deploy frontend -n three-tier'],
    ]);
    const after = json.events.filter((e) => e.t >= 80);
    // The deletion is drift: the app turns OutOfSync, and self-heal starts an automated partial sync at once.
    expect(after.find((e) => e.type === 'app')).toMatchObject({ sync: 'OutOfSync' });
    const heal = after.find((e) => e.type === 'app-operation');
    expect(heal).toMatchObject({ automated: true });
    expect(heal!.t).toBeLessThan(81);
    expect(
      after.some(
        (e) =>
          e.type === 'apply' && e.kind === 'Deployment' && e.name === 'frontend' && e.result === 'created',
      ),
    ).toBe(true);
    expect(frontendLive(json.live)).toBe(true);
    expect(json.application.status.sync.status).toBe('Synced');
    expect(json.application.status.health.status).toBe('Healthy');
    // A self-heal is a partial sync: no history entry (controller/appcontroller.go autoSync, §5.4).
    expect(json.application.status.history).toHaveLength(1);
  });

  // e2e test/e2e/app_autosync_test.go TestAutoSyncSelfHealDisabled: without self-heal the change stays.
  it('TestAutoSyncSelfHealDisabled: three-tier synced by hand, kubectl delete deploy frontend: OutOfSync stays', () => {
    const { code, json } = run(['80:kubectl delete deploy frontend -n three-tier']);
    expect(code).toBe(0);
    expect(json.events.filter((e) => e.t > 80 && e.type === 'app-operation')).toEqual([]);
    expect(frontendLive(json.live)).toBe(false);
    expect(json.application.status.sync.status).toBe('OutOfSync');
    const row = json.application.status.resources.find(
      (r) => r.kind === 'Deployment' && r.name === 'frontend',
    );
    expect(row).toMatchObject({ status: 'OutOfSync', health: { status: 'Missing' } });
    // controller/health.go setApplicationHealth: "Missing resources should not affect parent app health - the
    // OutOfSync status already indicates resources are missing".
    expect(json.application.status.health.status).toBe('Healthy');
  });

  it('a command the cluster refuses changes nothing and exits 2 with kubectl’s words', () => {
    const { code, stderr, json } = run(['80:kubectl delete deploy nope -n three-tier']);
    expect(code).toBe(2);
    expect(stderr).toContain('deployments.apps "nope" not found');
    expect(json.application.status.sync.status).toBe('Synced');
  });
});
