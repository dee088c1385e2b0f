import { describe, expect, it } from 'vitest';
import type { AppOperationEvent, SimEvent } from '../events';
import type { KubeObject } from '../types';
import type { RepoRevision } from './repository';
import { application } from '../../../test/kits/controlPlane.testKit';
import { runControlPlane, type ControlPlaneAction } from '../simulation/runControlPlane';
import { configMap, deployment, job } from '../../../test/kits/simulation.testKit';

/**
 * Self-heal as Argo CD's application controller does it (argocd-semantics.md §5.0, §5.4): a change to a managed
 * object requests a CompareWithRecent refresh at once (appcontroller.go `handleObjectUpdated`, L418-491), that
 * refresh runs `autoSync` (L2004), and with `selfHeal` the sync starts after `selfHealRemainingBackoff` (L2704):
 * 0, 2, 6, 18, 54 s … after the previous operation finished (flags `--self-heal-backoff-timeout-seconds` 2,
 * `--self-heal-backoff-factor` 3, `--self-heal-backoff-cap-seconds` 300). Before this, the sandbox waited for the
 * periodic refresh (120 s + jitter).
 */
const ttlHook: KubeObject = (() => {
  const hook = job('smoke', { hook: 'PostSync', runSeconds: 1 });
  return { ...hook, spec: { ...hook.spec, ttlSecondsAfterFinished: 5 } };
})();

const repo: RepoRevision = {
  name: 'main',
  files: {
    'app/settings.yaml': [{ object: configMap('settings') }],
    'app/web.yaml': [{ object: deployment('web', { replicas: 2 }) }],
    'app/hooks.yaml': [{ object: ttlHook }],
  },
};

function run(automated: Record<string, unknown>, actions: ControlPlaneAction[]) {
  const result = runControlPlane({
    repository: repo,
    objects: [application('guestbook', { path: 'app', automated })],
    actions,
    untilSeconds: 400,
  });
  return { result, app: result.applications.find((a) => a.metadata.name === 'guestbook')! };
}
const starts = (events: SimEvent[]) =>
  events.filter((e): e is AppOperationEvent & { t: number } => e.type === 'app-operation');
const deleteDeployment = (at: number): ControlPlaneAction => ({
  at,
  type: 'kubectl-delete',
  kind: 'Deployment',
  group: 'apps',
  name: 'web',
});
const deleteSettings = (at: number): ControlPlaneAction => ({
  at,
  type: 'kubectl-delete',
  kind: 'ConfigMap',
  name: 'settings',
});

describe('e2e app_autosync_test.go TestAutoSyncSelfHealEnabled: a deleted Deployment comes back at once', () => {
  const { result, app } = run({ selfHeal: true }, [deleteDeployment(100)]);

  it('the self-heal operation starts in the instant of the deletion (handleObjectUpdated), not at a periodic refresh', () => {
    expect(starts(result.events).map((e) => [e.t, e.automated])).toEqual([
      [0, true],
      [100, true],
    ]);
    // The refresh that saw the deletion kept reconciledAt (L2022): only the periodic or completion refresh sets it.
    const outOfSync = result.events.find((e) => e.type === 'app' && e.t === 100 && e.sync === 'OutOfSync');
    expect(outOfSync).toBeDefined();
  });

  it('is a partial sync of the non-Synced resources with selfHealAttemptsCount 1, and runs no hook (§2.17)', () => {
    const state = app.status.operationState;
    expect(state.operation.sync.resources).toEqual([{ group: 'apps', kind: 'Deployment', name: 'web' }]);
    expect(state.operation.sync.selfHealAttemptsCount).toBe(1);
    const applied = result.events.filter((e) => e.type === 'apply' && e.t >= 100);
    expect(applied.map((e) => e.type === 'apply' && `${e.kind}/${e.name}`)).toEqual(['Deployment/web']);
  });

  it('adds no history entry (controller/sync.go L483) and ends Synced and Healthy', () => {
    expect(app.status.history).toHaveLength(1);
    expect(app.status.sync.status).toBe('Synced');
    expect(app.status.health.status).toBe('Healthy');
    expect(result.live.some((o) => o.kind === 'Deployment' && o.metadata.name === 'web')).toBe(true);
  });
});

describe('appcontroller_test.go TestSelfHealRemainingBackoff, through the controller: 0, 2, 6, 18 s', () => {
  const { result, app } = run({ selfHeal: true }, [
    deleteSettings(60),
    deleteSettings(61),
    deleteSettings(64),
    deleteSettings(100),
  ]);

  it('each attempt waits the back-off of the previous count after the previous operation finished', () => {
    // 60: count 0 → now; 61: count 1 → 60 + 2 s; 64: count 2 → 62 + 6 s; 100: count 3 → 18 s, long past.
    expect(starts(result.events).map((e) => e.t)).toEqual([0, 60, 62, 68, 100]);
    expect(app.status.operationState.operation.sync.selfHealAttemptsCount).toBe(4);
  });

  it('while it waits the app shows OutOfSync (the drift is visible), and it heals in the end', () => {
    const between = result.events.filter((e) => e.type === 'app' && e.t >= 64 && e.t < 68);
    expect(between.map((e) => e.type === 'app' && e.sync)).toEqual(['OutOfSync']);
    expect(app.status.sync.status).toBe('Synced');
  });
});

describe('e2e app_autosync_test.go TestAutoSyncSelfHealDisabled: without selfHeal the drift stays', () => {
  const { result, app } = run({}, [deleteSettings(60)]);

  it('no operation after the first: autoSync skips "most recent sync already to [<rev>]" (L2600)', () => {
    expect(starts(result.events).map((e) => e.t)).toEqual([0]);
    expect(app.status.sync.status).toBe('OutOfSync');
    expect(app.status.conditions ?? []).toEqual([]);
    expect(result.live.some((o) => o.kind === 'ConfigMap' && o.metadata.name === 'settings')).toBe(false);
  });
});

describe('a hook removed by ttlSecondsAfterFinished is not drift (controller/state.go: hooks are not compared)', () => {
  const { result, app } = run({ selfHeal: true }, []);

  it('the Job controller deletes the finished hook, and nothing is synced again', () => {
    expect(result.events.some((e) => e.type === 'apply' && e.kind === 'Job' && e.name === 'smoke')).toBe(
      true,
    );
    expect(result.live.some((o) => o.kind === 'Job')).toBe(false);
    expect(starts(result.events).map((e) => e.t)).toEqual([0]);
    expect(result.events.filter((e) => e.type === 'app' && e.t > 0 && e.sync === 'OutOfSync')).toEqual([]);
    expect(app.status.sync.status).toBe('Synced');
  });
});
