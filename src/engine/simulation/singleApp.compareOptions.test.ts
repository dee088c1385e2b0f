import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../events';
import { eventsOf } from '../../../test/kits/eventQueries.testKit';
import { runSingleApp } from './singleApp';
import { deployment, pod } from '../../../test/kits/simulation.testKit';

/** The events after the desired revision was committed at t 0 (before it, the log shows the app at its history). */
const afterCommit = (events: SimEvent[]) => events.slice(events.findIndex((e) => e.type === 'commit') + 1);

/** The app's sync status once the sync compared it with the new commit, before the operation changed anything. */
const syncBefore = (events: SimEvent[]) => {
  const start = events.findIndex((e) => e.type === 'operation');
  return eventsOf(events.slice(0, start), 'app').at(-1)!.sync;
};

const rowsByName = (result: ReturnType<typeof runSingleApp>) =>
  Object.fromEntries(result.application.status.resources.map((r) => [r.name, r.status]));

describe('compare options and Skip targets in the app sync status (argocd-semantics.md §1.7)', () => {
  // e2e TestCompareOptionIgnoreExtraneous: pod-1 (annotated IgnoreExtraneous) is deleted from Git and not pruned.
  it('TestCompareOptionIgnoreExtraneous: an extra live object annotated IgnoreExtraneous leaves the app Synced', () => {
    const ignored = { annotations: { 'argocd.argoproj.io/compare-options': 'IgnoreExtraneous' } };
    const result = runSingleApp({
      history: [[pod('pod-1', ignored), pod('pod-2')]],
      desired: [pod('pod-2')],
    });
    expect(syncBefore(result.events)).toBe('Synced');
    expect(result.application.status.operationState!.phase).toBe('Succeeded');
    expect(result.application.status.sync.status).toBe('Synced');
    expect(rowsByName(result)).toEqual({ 'pod-1': 'OutOfSync', 'pod-2': 'Synced' });
  });

  it('TestCompareOptionIgnoreExtraneous (control): without the annotation the extra object makes the app OutOfSync', () => {
    const result = runSingleApp({ history: [[pod('pod-1'), pod('pod-2')]], desired: [pod('pod-2')] });
    expect(syncBefore(result.events)).toBe('OutOfSync');
    expect(result.application.status.sync.status).toBe('OutOfSync');
  });

  // e2e TestSyncWithSkipHook: the deployment gets `hook: Skip` and replicas 1 in Git; the app stays Synced.
  it('TestSyncWithSkipHook: a Skip target whose live copy differs has no sync status and leaves the app Synced', () => {
    const result = runSingleApp({
      history: [[deployment('guestbook-ui', { replicas: 2 })]],
      desired: [deployment('guestbook-ui', { replicas: 1, hook: 'Skip' })],
    });
    expect(syncBefore(result.events)).toBe('Synced');
    expect(result.application.status.sync.status).toBe('Synced');
    expect(result.application.status.health.status).toBe('Healthy');
    expect(rowsByName(result)).toEqual({});
    const live = result.live.find((o) => o.kind === 'Deployment' && o.metadata.name === 'guestbook-ui')!;
    expect(live.spec!.replicas).toBe(2);
    expect(
      eventsOf(afterCommit(result.events), 'sync-status').filter((e) => e.name === 'guestbook-ui'),
    ).toEqual([]);
  });

  it('TestSyncWithSkipHook: once the Skip annotation is removed, the changed deployment makes the app OutOfSync', () => {
    const result = runSingleApp({
      history: [[deployment('guestbook-ui', { replicas: 2 })]],
      desired: [deployment('guestbook-ui', { replicas: 1 })],
    });
    expect(syncBefore(result.events)).toBe('OutOfSync');
  });
});
