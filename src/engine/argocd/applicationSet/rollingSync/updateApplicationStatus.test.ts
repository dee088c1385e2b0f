import { describe, expect, it } from 'vitest';
import type { JsonAny } from '../../../types';
import type { ApplicationStatusEntry } from './applicationStatus';
import {
  revisionAndSpecChangedMsg,
  revisionChangedMsg,
  specChangedMsg,
  updateApplicationSetApplicationStatus,
} from './updateApplicationStatus';
import { application, entry } from '../../../../../test/kits/rollingSync.testKit';

const T_MINUS_5M = '2026-01-01T00:00:00Z';
const T_MINUS_1M = '2026-01-01T00:04:00Z';
const NOW = '2026-01-01T00:05:00Z';

/** Like the Go test's newApp: reconciled now, the given health, sync, revision and operation. */
function app(
  name: string,
  health: string,
  sync: string,
  revision: string,
  operation?: JsonAny,
  spec: JsonAny = {},
) {
  return application(
    name,
    {},
    {
      reconciledAt: NOW,
      health: { status: health },
      sync: { status: sync, revision },
      operationState: operation,
    },
    spec,
  );
}

/** Like newOperationState: started a minute ago. */
const operation = (phase: string) => ({ phase, startedAt: T_MINUS_1M });

function pass1(
  previous: ApplicationStatusEntry[] | undefined,
  apps: ReturnType<typeof app>[],
  desired = apps,
) {
  const steps = new Map(apps.map((a) => [a.metadata.name as string, 0]));
  return updateApplicationSetApplicationStatus(previous, apps, desired, steps, { now: NOW }).map((e) => ({
    application: e.application,
    status: e.status,
    message: e.message,
    step: e.step,
    targetRevisions: e.targetRevisions,
  }));
}

const pendingSinceFiveMinutes = (revision = 'current') =>
  entry('app1', 'Pending', { lastTransitionTime: T_MINUS_5M, targetRevisions: [revision] });

// Mirrors applicationset/controllers/progressive_sync_dependencies_test.go TestUpdateApplicationSetApplicationStatus
// (§5.7 cases 102-107), one `it` per Go sub-case.
describe('TestUpdateApplicationSetApplicationStatus', () => {
  it('handles a nil list of statuses and no applications', () => {
    expect(pass1(undefined, [])).toEqual([]);
  });

  it('moves a new application to healthy when app is synced and healthy', () => {
    expect(pass1([], [app('app1', 'Healthy', 'Synced', 'next', operation('Succeeded'))])).toEqual([
      {
        application: 'app1',
        status: 'Healthy',
        message: 'Application resource has synced, updating status to Healthy',
        step: '1',
        targetRevisions: ['next'],
      },
    ]);
  });

  it('moves a new application to progressing when app is synced but not healthy', () => {
    expect(pass1([], [app('app1', 'Progressing', 'Synced', 'next', operation('Running'))])[0]).toMatchObject({
      status: 'Progressing',
      message: 'Application resource has synced, updating status to Progressing',
    });
  });

  it('moves an application with new revision to Healthy when it is not OutOfSync', () => {
    const previous = [entry('app1', 'Healthy', { targetRevisions: ['prev'] })];
    expect(pass1(previous, [app('app1', 'Healthy', 'Synced', 'next')])[0]).toMatchObject({
      status: 'Healthy',
      message: 'Application resource has synced, updating status to Healthy',
      targetRevisions: ['next'],
    });
  });

  it('moves an application with new version to waiting when it is OutOfSync', () => {
    const previous = [entry('app1', 'Healthy', { targetRevisions: ['prev'] })];
    expect(pass1(previous, [app('app1', 'Healthy', 'OutOfSync', 'next')])[0]).toMatchObject({
      status: 'Waiting',
      message: revisionChangedMsg,
      targetRevisions: ['next'],
    });
  });

  it('does not move a Healthy application to another status if the revision has not changed', () => {
    const previous = [entry('app1', 'Healthy', { targetRevisions: ['current'], message: 'kept' })];
    expect(pass1(previous, [app('app1', 'Degraded', 'OutOfSync', 'current')])[0]).toMatchObject({
      status: 'Healthy',
      message: 'kept',
    });
  });

  const pendingCases: [string, string, string][] = [
    [
      'moves a pending application to progressing when operation is running',
      'Running',
      'Application resource became Progressing, updating status from Pending to Progressing',
    ],
    [
      'moves a pending application to progressing when operation is successful',
      'Succeeded',
      'Application resource completed a sync successfully, updating status from Pending to Progressing',
    ],
    [
      'moves a pending application to progressing when sync operation has failed',
      'Failed',
      'Application resource completed a sync, updating status from Pending to Progressing',
    ],
    [
      'moves a pending application to progressing when sync operation had error',
      'Error',
      'Application resource completed a sync, updating status from Pending to Progressing',
    ],
  ];
  for (const [name, phase, message] of pendingCases) {
    it(name, () => {
      const result = pass1(
        [pendingSinceFiveMinutes()],
        [app('app1', 'Progressing', 'OutOfSync', 'current', operation(phase))],
      );
      expect(result[0]).toMatchObject({ status: 'Progressing', message });
    });
  }

  it('moves a pending application with InvalidSpecError errors to progressing', () => {
    const broken = app('app1', 'Unknown', 'Unknown', 'current');
    broken.status.conditions = [
      { type: 'InvalidSpecError', message: 'Application referencing project x which does not exist' },
    ];
    expect(pass1([pendingSinceFiveMinutes()], [broken])[0]).toMatchObject({
      status: 'Progressing',
      message: 'Application resource has error and cannot sync, updating status to Progressing',
    });
  });

  it('does not move a pending application to progressing if sync happened before transition', () => {
    const previous = [
      entry('app1', 'Pending', { lastTransitionTime: T_MINUS_1M, targetRevisions: ['current'] }),
    ];
    const synced = app('app1', 'Healthy', 'OutOfSync', 'current', {
      phase: 'Succeeded',
      startedAt: T_MINUS_5M,
    });
    expect(pass1(previous, [synced])[0]).toMatchObject({ status: 'Pending' });
  });

  it('does not move a pending application to progressing if it has not been reconciled since transition', () => {
    const notReconciled = app('app1', 'Progressing', 'OutOfSync', 'current', operation('Running'));
    notReconciled.status.reconciledAt = T_MINUS_5M;
    const previous = [
      entry('app1', 'Pending', { lastTransitionTime: T_MINUS_1M, targetRevisions: ['current'] }),
    ];
    expect(pass1(previous, [notReconciled])[0]).toMatchObject({ status: 'Pending' });
  });

  it('moves a progressing application to healthy when it is synced and healthy', () => {
    const previous = [entry('app1', 'Progressing', { targetRevisions: ['current'] })];
    expect(pass1(previous, [app('app1', 'Healthy', 'Synced', 'current')])[0]).toMatchObject({
      status: 'Healthy',
      message: 'Application resource became Healthy, updating status from Progressing to Healthy',
    });
  });

  it('does not move a progressing application to healthy when it is synced and not healthy', () => {
    const previous = [entry('app1', 'Progressing', { targetRevisions: ['current'], message: 'kept' })];
    expect(pass1(previous, [app('app1', 'Progressing', 'Synced', 'current')])[0]).toMatchObject({
      status: 'Progressing',
      message: 'kept',
    });
  });

  it('application status is removed when applciation is deleted', () => {
    const previous = [
      entry('app1', 'Healthy', { targetRevisions: ['x'] }),
      entry('app2', 'Healthy', { targetRevisions: ['x'] }),
    ];
    expect(pass1(previous, [app('app2', 'Healthy', 'Synced', 'x')]).map((e) => e.application)).toEqual([
      'app2',
    ]);
  });

  it('application status that is not in steps is updated to -1', () => {
    const previous = [entry('app1', 'Waiting', { targetRevisions: ['x'], step: '1' })];
    const result = updateApplicationSetApplicationStatus(
      previous,
      [app('app1', 'Progressing', 'OutOfSync', 'x')],
      [],
      new Map(),
      {
        now: NOW,
      },
    );
    expect(result[0].step).toBe('-1');
  });

  it('update the steps of an existing status', () => {
    const previous = [entry('app1', 'Waiting', { targetRevisions: ['x'], step: '1' })];
    const result = updateApplicationSetApplicationStatus(
      previous,
      [app('app1', 'Progressing', 'OutOfSync', 'x')],
      [],
      new Map([['app1', 1]]),
      {
        now: NOW,
      },
    );
    expect(result[0].step).toBe('2');
  });

  const helmSpec = (tag: string) => ({
    project: 'default',
    source: {
      repoURL: 'https://git.example/charts',
      path: 'chart',
      targetRevision: 'main',
      helm: { parameters: [{ name: 'image.tag', value: tag }] },
    },
    destination: { server: 'https://kubernetes.default.svc', namespace: 'default' },
  });

  it('detects spec changes when image tag changes in generator (same Git revision)', () => {
    const previous = [entry('app1', 'Healthy', { targetRevisions: ['abc123'] })];
    const live = app('app1', 'Healthy', 'Synced', 'abc123', undefined, helmSpec('v1.0.0'));
    const desired = app('app1', 'Healthy', 'Synced', 'abc123', undefined, helmSpec('v2.0.0'));
    const [result] = pass1(previous, [live], [desired]);
    // Synced in the same pass, so it leaves Waiting at once; the message says why it was reset first.
    expect(result).toMatchObject({ status: 'Healthy', targetRevisions: ['abc123'] });
    const outOfSync = app('app1', 'Healthy', 'OutOfSync', 'abc123', undefined, helmSpec('v1.0.0'));
    expect(pass1(previous, [outOfSync], [desired])[0]).toMatchObject({
      status: 'Waiting',
      message: specChangedMsg,
    });
  });

  it('does not detect changes when spec is identical (same Git revision)', () => {
    const previous = [entry('app1', 'Healthy', { targetRevisions: ['abc123'], message: 'kept' })];
    const live = app('app1', 'Healthy', 'OutOfSync', 'abc123', undefined, helmSpec('v1.0.0'));
    expect(pass1(previous, [live])[0]).toMatchObject({ status: 'Healthy', message: 'kept' });
  });

  it('detects both spec and revision changes', () => {
    const previous = [entry('app1', 'Healthy', { targetRevisions: ['abc123'] })];
    const live = app('app1', 'Healthy', 'OutOfSync', 'def456', undefined, helmSpec('v1.0.0'));
    const desired = app('app1', 'Healthy', 'OutOfSync', 'def456', undefined, helmSpec('v2.0.0'));
    expect(pass1(previous, [live], [desired])[0]).toMatchObject({
      status: 'Waiting',
      message: revisionAndSpecChangedMsg,
      targetRevisions: ['def456'],
    });
  });

  it('treats the forced-off auto-sync of a generated app as no spec change (§5.1)', () => {
    const automated = { syncPolicy: { automated: { prune: true } } };
    const live = app('app1', 'Healthy', 'OutOfSync', 'x', undefined, {
      syncPolicy: { automated: { prune: true, enabled: false } },
    });
    const desired = app('app1', 'Healthy', 'OutOfSync', 'x', undefined, automated);
    const previous = [entry('app1', 'Healthy', { targetRevisions: ['x'], message: 'kept' })];
    expect(pass1(previous, [live], [desired])[0]).toMatchObject({ status: 'Healthy', message: 'kept' });
  });
});
