import { describe, expect, it } from 'vitest';
import { fakeSync, pod, testNamespace } from '../../../test/kits/fakeCluster.testKit';

/**
 * CreateNamespace=true in one sync (argocd-semantics.md §4.5, gitops-engine sync_context_test.go): the namespace is
 * created for real before the dry run, waited for, and kept when the dry run then fails.
 */

describe('4.5 #56–#57 the namespace is created before the dry run', () => {
  const createNs = { syncOptions: ['CreateNamespace=true'] };

  it('#56 TestSyncNamespaceCreatedBeforeDryRunWithoutFailure: creates the namespace for real and waits for it in a multi-step sync', () => {
    const { cluster, sync } = fakeSync([pod()], [], createNs);
    cluster.untracked.add(testNamespace);
    const outcome = sync.tick({ namespaceModifier: () => true });
    expect([outcome.phase, outcome.message]).toEqual([
      'Running',
      'waiting for healthy state of /Namespace/fake-argocd-ns',
    ]);
    expect(outcome.results.map((r) => [r.kind, r.status])).toEqual([['Namespace', 'Synced']]);
    expect(cluster.find(testNamespace)).toBeDefined();
    const next = sync.tick();
    expect([next.phase, next.message]).toEqual(['Succeeded', 'successfully synced (all tasks run)']);
  });

  it('#57 TestSyncNamespaceCreatedBeforeDryRunWithFailure: a dry-run failure fails the sync; the namespace stays created', () => {
    const { cluster, sync } = fakeSync([pod()], [], createNs);
    cluster.applyFailures.set('my-pod', { message: 'invalid object failing dry-run', dryRun: true });
    const outcome = sync.tick({ namespaceModifier: () => true });
    expect([outcome.phase, outcome.message]).toEqual([
      'Failed',
      'one or more objects failed to apply (dry run)',
    ]);
    expect(outcome.results.map((r) => [r.kind, r.status, r.message])).toEqual([
      ['Namespace', 'Synced', 'namespace/fake-argocd-ns created'],
      ['Pod', 'SyncFailed', 'invalid object failing dry-run'],
    ]);
    expect(cluster.find('my-pod')).toBeUndefined();
  });
});
