import { describe, expect, it } from 'vitest';
import type { JsonAny, KubeObject } from '../../types';
import { shouldRequeueForApplication, shouldRequeueForApplicationSet } from './requeue';

function app(patch: { metadata?: JsonAny; spec?: JsonAny; status?: JsonAny } = {}): KubeObject {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name: 'app', namespace: 'argocd', resourceVersion: '1', ...patch.metadata },
    spec: { project: 'default', destination: { server: 'https://kubernetes.default.svc' }, ...patch.spec },
    status: {
      health: { status: 'Healthy' },
      sync: { status: 'Synced' },
      reconciledAt: '2026-01-01T00:00:00Z',
      ...patch.status,
    },
  };
}

const op = (phase: string, startedAt = '2026-01-01T00:00:00Z') => ({ operationState: { phase, startedAt } });

// Mirrors applicationset_controller_test.go TestApplicationOwnsHandler (§5.7 case 116), one `it` per sub-case.
describe('TestApplicationOwnsHandler', () => {
  const cases: [string, KubeObject, KubeObject, boolean, boolean][] = [
    [
      'SameApplicationReconciledAtDiff',
      app(),
      app({ status: { reconciledAt: '2026-01-01T00:02:00Z' } }),
      false,
      false,
    ],
    ['SameApplicationResourceVersionDiff', app(), app({ metadata: { resourceVersion: '2' } }), false, false],
    ['ApplicationHealthStatusDiff', app(), app({ status: { health: { status: 'Degraded' } } }), true, true],
    ['ApplicationSyncStatusDiff', app(), app({ status: { sync: { status: 'OutOfSync' } } }), true, true],
    [
      'ApplicationOperationStateDiff',
      app({ status: op('Running') }),
      app({ status: op('Succeeded') }),
      true,
      true,
    ],
    [
      'ApplicationOperationStartedAtDiff',
      app({ status: op('Running') }),
      app({ status: op('Running', '2026-01-01T00:01:00Z') }),
      true,
      true,
    ],
    ['SameApplicationGeneration', app(), app({ metadata: { generation: 2 } }), false, false],
    ['DifferentApplicationSpec', app(), app({ spec: { project: 'other' } }), false, true],
    [
      'DifferentApplicationLabels',
      app({ metadata: { labels: { a: '1' } } }),
      app({ metadata: { labels: { a: '2' } } }),
      false,
      true,
    ],
    ['DifferentApplicationLabelsNil', app({ metadata: { labels: {} } }), app(), false, false],
    [
      'DifferentApplicationAnnotations',
      app({ metadata: { annotations: { a: '1' } } }),
      app({ metadata: { annotations: { a: '2' } } }),
      false,
      true,
    ],
    ['DifferentApplicationAnnotationsNil', app({ metadata: { annotations: {} } }), app(), false, false],
    [
      'DifferentApplicationFinalizers',
      app({ metadata: { finalizers: ['a'] } }),
      app({ metadata: { finalizers: ['b'] } }),
      false,
      true,
    ],
    ['DifferentApplicationFinalizersNil', app({ metadata: { finalizers: [] } }), app(), false, false],
    ['ApplicationDestinationSame', app(), app(), true, false],
    [
      'ApplicationDestinationDiff',
      app(),
      app({ spec: { destination: { server: 'https://kubernetes.default.svc', namespace: 'other' } } }),
      true,
      true,
    ],
  ];
  for (const [name, oldApp, newApp, progressive, want] of cases) {
    it(name, () => {
      expect(shouldRequeueForApplication(oldApp, newApp, progressive)).toBe(want);
    });
  }

  it('NotAnAppOld / NotAnAppNew', () => {
    expect(shouldRequeueForApplication(undefined, app(), true)).toBe(false);
    expect(shouldRequeueForApplication(app(), undefined, true)).toBe(false);
  });

  it('ignores health and sync changes without progressive syncs, and the first operation (§5.0)', () => {
    expect(
      shouldRequeueForApplication(app(), app({ status: { health: { status: 'Degraded' } } }), false),
    ).toBe(false);
    expect(shouldRequeueForApplication(app(), app({ status: op('Running') }), true)).toBe(false);
  });
});

// Mirrors TestShouldRequeueForApplicationSet "ApplicationSetApplicationStatusChanged".
describe('TestShouldRequeueForApplicationSet', () => {
  const set = (status: JsonAny, annotations?: Record<string, string>): KubeObject => ({
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'ApplicationSet',
    metadata: { name: 'set', namespace: 'argocd', annotations },
    spec: { generators: [] },
    status,
  });

  it('ApplicationSetApplicationStatusChanged', () => {
    const before = set({ applicationStatus: [{ application: 'app1', status: 'Waiting' }] });
    const after = set({ applicationStatus: [{ application: 'app1', status: 'Pending' }] });
    expect(shouldRequeueForApplicationSet(before, after, true)).toBe(true);
    expect(shouldRequeueForApplicationSet(before, after, false)).toBe(false);
  });

  it('does not requeue when the controller removes the refresh annotation', () => {
    const before = set({}, { 'argocd.argoproj.io/application-set-refresh': 'true' });
    expect(shouldRequeueForApplicationSet(before, set({}), true)).toBe(false);
    expect(shouldRequeueForApplicationSet(set({}), set({}, { team: 'a' }), true)).toBe(true);
  });
});
