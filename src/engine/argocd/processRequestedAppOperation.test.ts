import { describe, expect, it } from 'vitest';
import type { OperationEvent, SimEvent } from '../events';
import type { JsonAny } from '../types';
import type { RepoRevision } from './repository';
import { application, appProject } from '../../../test/kits/controlPlane.testKit';
import { runControlPlane, type ControlPlaneInput } from '../simulation/runControlPlane';
import { configMap, job } from '../../../test/kits/simulation.testKit';

/**
 * Argo CD's `controller/appcontroller_test.go` `TestProcessRequestedAppOperation_*` cases (argocd-semantics.md
 * §5.3, §5.7 case 120), through the simulated application controller: an operation written onto an Application,
 * its attempts, its retry wait (`Running` with `finishedAt` set) and its end. The Go tests make an attempt fail by
 * pointing the app at an AppProject that does not exist (`getAppProj` fails: `Error`); so do these.
 */
const repo: RepoRevision = {
  name: 'main',
  files: {
    'empty/.keep.yaml': [],
    'app/settings.yaml': [{ object: configMap('settings') }],
    'slow/migrate.yaml': [{ object: job('migrate', { hook: 'PreSync', runSeconds: 30 }) }],
  },
};
const projectMissing = (project: string) =>
  `Failed to load application project: error getting app project "${project}": appproject.argoproj.io "${project}" not found`;

function run(input: Partial<ControlPlaneInput> & { objects: ControlPlaneInput['objects'] }) {
  return runControlPlane({ repository: repo, untilSeconds: 600, ...input });
}
const operationsOf = (events: SimEvent[], app: string): OperationEvent[] =>
  events.filter((e): e is OperationEvent => e.type === 'operation' && e.app === app);
const stateOf = (result: ReturnType<typeof run>, name: string): JsonAny =>
  result.applications.find((a) => a.metadata.name === name)?.status.operationState;
const seconds = (timestamp: string) => Date.parse(timestamp) / 1000;

describe('TestProcessRequestedAppOperation_* (§5.3, case 120)', () => {
  it('TestProcessRequestedAppOperation_FailedNoRetries: no retry strategy → Error with the project message', () => {
    const result = run({ objects: [application('guestbook', { path: 'app', project: 'invalid-project' })] });
    const state = stateOf(result, 'guestbook');
    expect(state.phase).toBe('Error');
    expect(state.message).toBe(projectMissing('invalid-project'));
    expect(state.retryCount).toBeUndefined();
    expect(state.finishedAt).toBeDefined();
  });

  it('TestProcessRequestedAppOperation_FailedHasRetries: limit 1 → Running, "… Retrying attempt #1", retryCount 1', () => {
    // Stopped inside the retry wait (5 s × 2¹ after the failure), as the Go test looks right after one pass.
    const result = run({
      objects: [application('guestbook', { path: 'app', project: 'invalid-project', retry: { limit: 1 } })],
      untilSeconds: 5,
    });
    const state = stateOf(result, 'guestbook');
    expect(state.phase).toBe('Running');
    expect(state.message).toContain(`${projectMissing('invalid-project')}. Retrying attempt #1`);
    expect(state.retryCount).toBe(1);
  });

  it('TestProcessRequestedAppOperation_RunningPreviouslyFailed: once the back-off has passed the retry runs and succeeds, finishedAt moves on', () => {
    // The first attempt fails (no project); the AppProject appears at t 2; the retry at t 10 succeeds.
    const result = run({
      objects: [application('guestbook', { path: 'empty', project: 'teams', retry: { limit: 1 } })],
      actions: [{ at: 2, type: 'kubectl-apply', objects: [appProject('teams')] }],
    });
    const ops = operationsOf(result.events, 'guestbook');
    const failedAt = ops.find((e) => e.message.includes('Retrying attempt #1'))!.t;
    const state = stateOf(result, 'guestbook');
    expect(state.phase).toBe('Succeeded');
    expect(state.message).toBe('successfully synced (no more tasks)');
    expect(state.retryCount).toBe(1);
    expect(ops.map((e) => e.message)).toContain('Retrying operation. Attempt #1');
    expect(seconds(state.finishedAt)).toBeGreaterThan(seconds(state.startedAt) + failedAt);
  });

  it('TestProcessRequestedAppOperation_RunningPreviouslyFailedBackoff: inside a 1 h back-off nothing is retried or patched', () => {
    const retry = { limit: 1, backoff: { duration: '1h', factor: 100, maxDuration: '1h' } };
    const result = run({
      objects: [application('guestbook', { path: 'app', project: 'invalid-project', retry })],
      untilSeconds: 1800,
    });
    const ops = operationsOf(result.events, 'guestbook');
    expect(ops.map((e) => e.phase)).toEqual(['Running', 'Running']);
    expect(ops.some((e) => e.message.startsWith('Retrying operation'))).toBe(false);
    const state = stateOf(result, 'guestbook');
    expect(state).toMatchObject({ phase: 'Running', retryCount: 1 });
    // §5.3: the wait is visible as Running with finishedAt = the failed attempt's end (here t 0).
    expect(state.finishedAt).toBe(state.startedAt);
    expect(state.message).toMatch(/Retrying attempt #1 at 1:00AM\.$/);
  });

  it('TestProcessRequestedAppOperation_HasRetriesTerminated: a terminated operation never retries', () => {
    const result = run({
      objects: [application('guestbook', { path: 'slow', retry: { limit: 10 } })],
      actions: [{ at: 5, type: 'terminate', app: 'guestbook' }],
    });
    const state = stateOf(result, 'guestbook');
    expect(state.phase).toBe('Failed');
    expect(state.message).toBe('Operation terminated');
    expect(state.retryCount).toBeUndefined();
    const ops = operationsOf(result.events, 'guestbook');
    expect(ops.some((e) => e.message.includes('Retrying'))).toBe(false);
  });

  it('terminated during a retry wait: Failed "Operation terminated (retried 1 times)." (L1696)', () => {
    const result = run({
      objects: [application('guestbook', { path: 'app', project: 'invalid-project', retry: { limit: 3 } })],
      actions: [{ at: 3, type: 'terminate', app: 'guestbook' }],
    });
    const state = stateOf(result, 'guestbook');
    expect(state.phase).toBe('Failed');
    expect(state.message).toBe('Operation terminated (retried 1 times).');
  });

  it('TestProcessRequestedAppOperation_Successful: Succeeded "successfully synced (no more tasks)", then a full refresh', () => {
    const result = run({ objects: [application('guestbook', { path: 'empty' })] });
    const app = result.applications.find((a) => a.metadata.name === 'guestbook')!;
    expect(app.status.operationState).toMatchObject({
      phase: 'Succeeded',
      message: 'successfully synced (no more tasks)',
    });
    // The completion requests a refresh: reconciledAt is the operation's end.
    expect(app.status.reconciledAt).toBe(app.status.operationState.finishedAt);
  });
});

describe('operationState.finishedAt between retry attempts (§5.3, appcontroller.go L1640, L1686)', () => {
  const retry = { limit: 2, backoff: { duration: '20s' } };
  const objects = [application('guestbook', { path: 'app', project: 'teams', retry })];
  // The project appears at t 30: attempt 1 (t 0) fails, attempt 2 (t 40) runs and succeeds.

  it('a failed attempt with retries left: Running, finishedAt = the failure time', () => {
    const result = run({
      objects,
      actions: [{ at: 30, type: 'kubectl-apply', objects: [appProject('teams')] }],
      untilSeconds: 25,
    });
    const state = stateOf(result, 'guestbook');
    expect(state.phase).toBe('Running');
    expect(state.finishedAt).toBe(state.startedAt);
  });

  it('the retry clears finishedAt while it runs, and the end sets it again', () => {
    const slow = [application('guestbook', { path: 'slow', project: 'teams', retry })];
    const during = run({
      objects: slow,
      actions: [{ at: 30, type: 'kubectl-apply', objects: [appProject('teams')] }],
      untilSeconds: 50,
    });
    const running = stateOf(during, 'guestbook');
    expect(running).toMatchObject({ phase: 'Running', retryCount: 1 });
    expect(running.message).not.toContain('Retrying attempt');
    expect(running.finishedAt).toBeUndefined();
    const done = run({
      objects: slow,
      actions: [{ at: 30, type: 'kubectl-apply', objects: [appProject('teams')] }],
    });
    const end = stateOf(done, 'guestbook');
    expect(end.phase).toBe('Succeeded');
    expect(seconds(end.finishedAt) - seconds(end.startedAt)).toBeGreaterThanOrEqual(40 + 30);
  });
});

describe('self-heal is a selective sync of what is not Synced (§5.4, appcontroller.go autoSync L2620)', () => {
  const selfHealRepo: RepoRevision = {
    name: 'main',
    files: {
      'app/settings.yaml': [{ object: configMap('settings') }, { object: configMap('flags') }],
      'app/hooks.yaml': [{ object: job('smoke', { hook: 'PostSync', runSeconds: 1 }) }],
    },
  };
  const result = runControlPlane({
    repository: selfHealRepo,
    objects: [application('guestbook', { path: 'app', automated: { prune: true, selfHeal: true } })],
    actions: [{ at: 60, type: 'kubectl-delete', kind: 'ConfigMap', name: 'settings' }],
    untilSeconds: 300,
  });
  const app = result.applications.find((a) => a.metadata.name === 'guestbook')!;
  const state = app.status.operationState;

  it('the operation lists the drifted resource in sync.resources, with the attempt count', () => {
    // The PostSync Job left live by the first sync is a row of status.resources with no sync status, so "not
    // Synced" names it too (appcontroller.go L2619); the sync makes no task of a hook, so it changes nothing.
    expect(state.operation.sync.resources).toEqual([
      { kind: 'ConfigMap', name: 'settings' },
      { group: 'batch', kind: 'Job', name: 'smoke' },
    ]);
    expect(state.operation.sync.selfHealAttemptsCount).toBe(1);
    expect(state.phase).toBe('Succeeded');
    expect(app.status.sync.status).toBe('Synced');
  });

  it('syncs only that resource: no hook runs, the Synced ConfigMap is neither applied nor pruned', () => {
    const late = result.events.filter((e) => e.app === 'guestbook' && e.t >= 60);
    const applied = late.filter((e) => e.type === 'apply').map((e) => `${e.kind}/${e.name}`);
    expect(applied).toEqual(['ConfigMap/settings']);
    expect(late.some((e) => e.type === 'delete')).toBe(false);
    expect(result.live.some((o) => o.kind === 'ConfigMap' && o.metadata.name === 'flags')).toBe(true);
  });

  it('adds no history entry (sync.go L483, case 124)', () => {
    expect(app.status.history).toHaveLength(1);
  });
});
