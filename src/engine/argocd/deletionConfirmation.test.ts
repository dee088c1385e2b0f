import { describe, expect, it } from 'vitest';
import type { JsonAny, KubeObject } from '../types';
import type { RepoRevision } from './repository';
import { application } from '../../../test/kits/controlPlane.testKit';
import { configMap, deployment, pod, service } from '../../../test/kits/simulation.testKit';
import { runControlPlane, type ControlPlaneAction } from '../simulation/runControlPlane';
import { isDeletionConfirmed, isObjRequiresDeletionConfirmation } from './deletionConfirmation';
import { withTracking } from './tracking';

/**
 * `Delete=confirm` and `Prune=confirm`: controller/state_test.go `Test_isObjRequiresDeletionConfirmation` and
 * `TestCompareAppStateRequireDeletion`, test/e2e/app_management_test.go `TestDeletionConfirmation` and
 * `TestDeletionConfirmationAppLevel` (the app's deletion waits for `argocd app confirm-deletion`).
 */

function withSyncOptions(app: KubeObject, syncOptions: string[]): KubeObject {
  return { ...app, spec: { ...app.spec, syncPolicy: { ...app.spec?.syncPolicy, syncOptions } } };
}

/** The e2e tests' extra ConfigMap lives in the app's destination namespace. */
const inDefault = (obj: KubeObject): KubeObject => ({
  ...obj,
  metadata: { ...obj.metadata, namespace: 'default' },
});

describe('Test_isObjRequiresDeletionConfirmation', () => {
  it.each([
    ['default', [], [], false],
    ['confirm delete resource', ['Delete=confirm'], [], true],
    ['confirm delete app', [], ['Delete=confirm'], true],
    ['confirm prune resource', [], ['Prune=confirm'], true],
    ['confirm app & resource delete', ['Delete=confirm'], ['Delete=confirm'], true],
    ['confirm app & resource override', ['Delete=foo'], ['Delete=confirm'], false],
    ['confirm app & resource mixed delete and prune', ['Delete=confirm'], ['Prune=confirm'], true],
    ['override prune resource', ['Prune=foo'], ['Prune=confirm'], false],
    [
      'override delete resource and additional delete confirm',
      ['Delete=foo'],
      ['Delete=confirm', 'Prune=confirm'],
      true,
    ],
  ])('Test_isObjRequiresDeletionConfirmation %s', (_name, resourceOptions, appOptions, expected) => {
    const obj = pod('my-pod', { syncOptions: resourceOptions.join(',') });
    const app = withSyncOptions(application('guestbook', { path: 'guestbook' }), appOptions);
    expect(isObjRequiresDeletionConfirmation(obj, app)).toBe(expected);
  });
});

describe('IsDeletionConfirmed (types.go L4178)', () => {
  const approved = (value: string | undefined): KubeObject => ({
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: {
      name: 'guestbook',
      ...(value === undefined ? {} : { annotations: { 'argocd.argoproj.io/deletion-approved': value } }),
    },
  });
  it.each([
    ['no annotation', undefined, false],
    ['not RFC 3339', '2026-01-01 00:01:00', false],
    ['before the start', '2026-01-01T00:00:59Z', false],
    ['the same second as the start', '2026-01-01T00:01:00Z', true],
    ['after the start, in another zone', '2026-01-01T02:01:30+02:00', true],
  ])('%s', (_name, value, expected) => {
    expect(isDeletionConfirmed(approved(value), '2026-01-01T00:01:00Z')).toBe(expected);
  });
});

const guestbook = (uiOptions?: string): RepoRevision => ({
  name: 'main',
  files: {
    'guestbook/ui.yaml': [
      { object: deployment('guestbook-ui', uiOptions ? { syncOptions: uiOptions } : {}) },
      { object: service('guestbook-ui') },
    ],
  },
});

describe('TestCompareAppStateRequireDeletion', () => {
  it('TestCompareAppStateRequireDeletion: of three pods, the Delete=confirm and Prune=confirm ones are flagged in status.resources', () => {
    const repository: RepoRevision = {
      name: 'main',
      files: {
        'pods/pods.yaml': [
          { object: pod('my-pod-1', { syncOptions: 'Delete=confirm' }) },
          { object: pod('my-pod-2', { syncOptions: 'Prune=confirm' }) },
          { object: pod('my-pod-3') },
        ],
      },
    };
    const result = runControlPlane({
      repository,
      objects: [],
      actions: [{ at: 1, type: 'kubectl-apply', objects: [application('pods', { path: 'pods' })] }],
      untilSeconds: 30,
    });
    const status = result.applications[0].status;
    expect(status.sync.status).toBe('OutOfSync');
    expect(status.resources).toHaveLength(3);
    expect(status.conditions ?? []).toEqual([]);
    const flagged = (status.resources as JsonAny[]).filter((r) => r.requiresDeletionConfirmation === true);
    expect(flagged.map((r) => r.name)).toEqual(['my-pod-1', 'my-pod-2']);
  });
});

/**
 * The e2e tests' story: an extra ConfigMap to prune (with confirmation), a sync that waits Running until
 * `argocd app confirm-deletion`, then a cascading delete (`argocd app delete --cascade`) that waits for a second
 * confirmation: the first one was given before the deletion started, so it does not count (appcontroller.go L1351).
 */
function deletionStory(app: KubeObject, repository: RepoRevision, extra: KubeObject) {
  const cascading: KubeObject = {
    ...app,
    metadata: { ...app.metadata, finalizers: ['resources-finalizer.argocd.argoproj.io'] },
  };
  const confirm: ControlPlaneAction = {
    at: 0,
    type: 'intervention',
    command: 'argocd app confirm-deletion guestbook',
  };
  // The app given is synced at t 0 with --prune (the e2e fixture's Sync() prunes), the ConfigMap already there.
  const actions: ControlPlaneAction[] = [
    { at: 0, type: 'kubectl-apply', objects: [withTracking('guestbook', extra)] },
    { ...confirm, at: 30 },
    { at: 90, type: 'kubectl-delete', kind: 'Application', name: 'guestbook', namespace: 'argocd' },
    { ...confirm, at: 150 },
  ];
  return (untilSeconds: number) =>
    runControlPlane({
      repository,
      objects: [cascading],
      actions: actions.filter((a) => a.at < untilSeconds),
      prune: true,
      untilSeconds,
    });
}

function expectDeletionWaitsForConfirmation(story: ReturnType<typeof deletionStory>): void {
  // ExpectConsistently(OperationPhaseIs(OperationRunning)): the prune waits for the confirmation.
  const waiting = story(25);
  const op = waiting.applications[0].status.operationState;
  expect(op.phase).toBe('Running');
  expect(waiting.live.map((o) => o.metadata.name)).toContain('test-configmap');

  // ConfirmDeletion, then Succeeded, Synced, Healthy.
  const synced = story(80);
  const status = synced.applications[0].status;
  expect(status.operationState.phase).toBe('Succeeded');
  expect(status.sync.status).toBe('Synced');
  expect(status.health.status).toBe('Healthy');
  expect(synced.live.map((o) => o.metadata.name)).not.toContain('test-configmap');
  expect(synced.refused).toEqual([]);
  const said = synced.events.filter((e) => e.type === 'intervention').map((e) => e.output);
  expect(said).toEqual(["Application 'guestbook' updated successfully"]);

  // Delete(true): the app stays, with its deletionTimestamp, and so does its Deployment.
  const held = story(140);
  const app = held.applications.find((a) => a.metadata.name === 'guestbook');
  expect(app?.metadata.deletionTimestamp).toBe('2026-01-01T00:01:30Z');
  expect(held.live.filter((o) => o.metadata.name === 'guestbook-ui').map((o) => o.kind)).toEqual(
    expect.arrayContaining(['Deployment', 'Service']),
  );

  // ConfirmDeletion again: DoesNotExist.
  const gone = story(300);
  expect(gone.applications.map((a) => a.metadata.name)).not.toContain('guestbook');
  expect(gone.live.filter((o) => o.metadata.name === 'guestbook-ui')).toEqual([]);
}

describe('an Application deletion that waits for confirmation', () => {
  it('TestDeletionConfirmation: Delete=confirm on the Deployment, Prune=confirm on an extra ConfigMap', () => {
    const app = application('guestbook', { path: 'guestbook' });
    const extra = inDefault(configMap('test-configmap', { syncOptions: 'Prune=confirm' }));
    expectDeletionWaitsForConfirmation(deletionStory(app, guestbook('Delete=confirm'), extra));
  });

  it('TestDeletionConfirmationAppLevel: the app-level sync options Delete=confirm and Prune=confirm', () => {
    const app = withSyncOptions(application('guestbook', { path: 'guestbook' }), [
      'Delete=confirm',
      'Prune=confirm',
    ]);
    expectDeletionWaitsForConfirmation(
      deletionStory(app, guestbook(), inDefault(configMap('test-configmap'))),
    );
  });

  it('without a confirmation-requiring resource, the same deletion needs none', () => {
    const story = deletionStory(
      application('guestbook', { path: 'guestbook' }),
      guestbook(),
      inDefault(configMap('test-configmap')),
    );
    const deleted = story(140);
    expect(deleted.applications.map((a) => a.metadata.name)).not.toContain('guestbook');
  });
});
