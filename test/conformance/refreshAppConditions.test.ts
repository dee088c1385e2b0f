/**
 * controller/appcontroller_test.go `TestRefreshAppConditions` and `TestUpdateReconciledAt`: what a refresh of an
 * Application writes in its conditions and its `reconciledAt`, replayed as control-plane runs. The Go tests call
 * `refreshAppConditions` and `processAppRefreshQueueItem` on a fake controller; here the same refreshes are the
 * controller's own (the first comparison, `argocd app get --refresh`, a change to a managed object).
 */
import { describe, expect, it } from 'vitest';
import type { JsonAny, KubeObject } from '../../src/engine';
import type { RepoRevision } from '../../src/engine/argocd/repository';
import { application } from '../kits/controlPlane.testKit';
import { deployment, pod } from '../kits/simulation.testKit';
import { runControlPlane, type ControlPlaneAction } from '../../src/engine/simulation/runControlPlane';

const repo: RepoRevision = {
  name: 'main',
  files: {
    'guestbook/ui.yaml': [{ object: deployment('guestbook-ui') }],
    // The same pod twice: a RepeatedResourceWarning, the sandbox's warning condition.
    'repeated/pods.yaml': [{ object: pod('my-pod') }, { object: pod('my-pod') }],
  },
};

function statusAt(untilSeconds: number, actions: ControlPlaneAction[], objects: KubeObject[] = []): JsonAny {
  const result = runControlPlane({ repository: repo, objects, actions, untilSeconds });
  // Every command ran: a refused one would change nothing and prove nothing.
  expect(result.refused).toEqual([]);
  return result.applications.find((a) => a.metadata.name === 'guestbook')?.status;
}

const applied = (app: KubeObject, at = 1): ControlPlaneAction => ({
  at,
  type: 'kubectl-apply',
  objects: [app],
});
const refresh: ControlPlaneAction = {
  at: 0,
  type: 'intervention',
  command: 'argocd app get guestbook --refresh',
};

describe('TestRefreshAppConditions', () => {
  // Its fourth case, InvalidDestinationCluster, is not replayed: the sandbox has one cluster and reads no
  // destination server, so no destination can name a cluster that does not exist.
  it('TestRefreshAppConditions NoErrorConditions: an app of an existing project has no conditions', () => {
    const status = statusAt(30, [applied(application('guestbook', { path: 'guestbook' }))]);
    expect(status.conditions ?? []).toEqual([]);
  });

  it('TestRefreshAppConditions PreserveExistingWarningCondition: a refresh keeps a warning condition', () => {
    const status = statusAt(40, [
      applied(application('guestbook', { path: 'repeated' })),
      { ...refresh, at: 30 },
    ]);
    expect(status.conditions).toHaveLength(1);
    expect(status.conditions[0].type).toBe('RepeatedResourceWarning');
  });

  it('TestRefreshAppConditions ReplacesSpecErrorCondition: a new missing project replaces the old InvalidSpecError', () => {
    const status = statusAt(40, [
      applied(application('guestbook', { path: 'guestbook', project: 'garbage' })),
      applied(application('guestbook', { path: 'guestbook', project: 'wrong project' }), 20),
    ]);
    expect(status.conditions).toHaveLength(1);
    expect(status.conditions[0]).toMatchObject({
      type: 'InvalidSpecError',
      message: 'Application referencing project wrong project which does not exist',
    });
  });
});

describe('TestUpdateReconciledAt', () => {
  // The app given at t 0 is compared (a full refresh) and synced by hand then; its Deployment is scaled at 30 s,
  // which asks for a CompareWithRecent refresh, and `argocd app get --refresh` at 50 s is a full one.
  const app = application('guestbook', { path: 'guestbook' });
  const actions: ControlPlaneAction[] = [
    { at: 30, type: 'intervention', command: 'kubectl scale deploy/guestbook-ui --replicas=2' },
    { ...refresh, at: 50 },
  ];

  it('TestUpdateReconciledAt NotUpdatedOnPartialReconciliation: a managed object’s change leaves reconciledAt', () => {
    const status = statusAt(45, actions.slice(0, 1), [app]);
    expect(status.reconciledAt).toBe('2026-01-01T00:00:00Z');
  });

  it('TestUpdateReconciledAt UpdatedOnFullReconciliation: a refresh sets reconciledAt, and no observedAt', () => {
    const status = statusAt(70, actions, [app]);
    expect(status.reconciledAt).toBe('2026-01-01T00:00:50Z');
    expect(status.observedAt).toBeUndefined();
  });
});
