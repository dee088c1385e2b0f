import { describe, expect, it } from 'vitest';
import type { JsonAny, KubeObject } from '../../../types';
import { updateApplicationSetApplicationStatus } from './updateApplicationStatus';
import { disableAutomatedSync } from './syncApplication';
import { application, entry } from '../../../../../test/kits/rollingSync.testKit';

/**
 * applicationset/progressivesync/specchanged_regression_test.go: the status pass reports a spec change only when
 * the write path would rewrite the spec, and `disableAutomatedSync` ends in `enabled: false` whatever it began as.
 */

/** The Go test's regressionApp: deliberately not Synced (sync Unknown), Healthy, at revision abc123. */
function regressionApp(automatedEnabled: boolean | undefined): KubeObject {
  const automated: JsonAny = { prune: true, selfHeal: true };
  if (automatedEnabled !== undefined) automated.enabled = automatedEnabled;
  return application(
    'storm-a',
    {},
    { sync: { status: 'Unknown', revision: 'abc123' }, health: { status: 'Healthy' } },
    {
      project: 'default',
      source: { repoURL: 'git://example/repo', path: 'leaves/x', targetRevision: 'HEAD' },
      destination: { server: 'https://kubernetes.default.svc', namespace: 'storm-a' },
      syncPolicy: { automated, syncOptions: ['CreateNamespace=true'] },
    },
  );
}

describe('specchanged_regression_test.go', () => {
  it('TestSpecChangedIgnoresControllerManagedAutomatedEnabled: the set’s own enabled: false is no pending change', () => {
    const previous = [
      entry('storm-a', 'Healthy', {
        message: 'Application resource has synced, updating status to Healthy',
        step: '1',
        targetRevisions: ['abc123'],
      }),
    ];
    const live = regressionApp(false); // written by the controller with enabled: false
    const desired = regressionApp(undefined); // freshly generated: enabled unset
    const statuses = updateApplicationSetApplicationStatus(
      previous,
      [live],
      [desired],
      new Map([['storm-a', 0]]),
      {
        now: '2026-01-01T00:05:00Z',
      },
    );
    expect(statuses).toHaveLength(1);
    expect(statuses[0].status).not.toBe('Waiting');
    expect(statuses[0].message).not.toContain('spec differs');
  });

  it.each([
    ['no sync policy', undefined, true],
    ['no automated block', {}, true],
    ['automated, enabled unset', { automated: {} }, false],
    ['automated, explicitly enabled', { automated: { enabled: true } }, false],
    ['automated, already disabled', { automated: { enabled: false } }, false],
  ])('TestDisableAutomatedSyncIsIdempotentAcrossEnabledStates: %s', (_name, syncPolicy, wantNil) => {
    const app: KubeObject = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Application',
      metadata: { name: 'storm-a' },
      spec: syncPolicy === undefined ? {} : { syncPolicy },
    };
    const written = disableAutomatedSync(app);
    if (wantNil) {
      // Nothing to disable, so nothing is created.
      expect(written.spec?.syncPolicy?.automated).toBeUndefined();
      return;
    }
    expect(written.spec?.syncPolicy?.automated?.enabled).toBe(false);
  });
});
