import { describe, expect, it } from 'vitest';
import { eventsOf, indexOf, stepStarts } from '../../../test/kits/eventQueries.testKit';
import { runSingleApp } from './singleApp';
import { configMap, job } from '../../../test/kits/simulation.testKit';

// Creates at waves 0, 2 and 5; live objects no longer in Git at waves 1, 3, 3, 4 and 5 (the example of §2.4).
const desired = [configMap('c0', { wave: 0 }), configMap('c2', { wave: 2 }), configMap('c5', { wave: 5 })];
const extra = [
  configMap('p1', { wave: 1 }),
  configMap('p3a', { wave: 3 }),
  configMap('p3b', { wave: 3 }),
  configMap('p4', { wave: 4 }),
  configMap('p5', { wave: 5 }),
];

const pruned = (events: ReturnType<typeof runSingleApp>['events']) =>
  eventsOf(events, 'delete')
    .filter((e) => e.reason === 'prune')
    .map((e) => e.name);

describe('prune with --prune (§2.4, §2.15)', () => {
  it('prunes the extra live objects in reverse wave order, and succeeds with them gone', () => {
    const result = runSingleApp({ desired, live: extra, prune: true });
    expect(pruned(result.events)).toEqual(['p5', 'p4', 'p3a', 'p3b', 'p1']);
    const rows = result.application.status.operationState!.syncResult!.resources;
    expect(rows.filter((r) => r.status === 'Pruned').map((r) => `${r.name} ${r.message}`)).toEqual([
      'p5 pruned',
      'p4 pruned',
      'p3a pruned',
      'p3b pruned',
      'p1 pruned',
    ]);
    expect(result.live.filter((o) => o.kind === 'ConfigMap').map((o) => o.metadata.name)).toEqual([
      'c0',
      'c2',
      'c5',
    ]);
    expect(result.application.status.sync.status).toBe('Synced');
  });

  it('gives the first prunes the creation waves of the last ones (p5 pruned in wave 1)', () => {
    const { events } = runSingleApp({ desired, live: extra, prune: true });
    const p5 = eventsOf(events, 'result').find((e) => e.name === 'p5')!;
    expect(p5.wave).toBe(1);
    expect(indexOf(events, (e) => e.type === 'delete' && e.name === 'p5')).toBeGreaterThan(
      indexOf(events, (e) => e.type === 'apply' && e.name === 'c0'),
    );
  });

  it('prunes a PruneLast=true object after the last Sync wave and before the PostSync hook', () => {
    const last = configMap('old-settings', { wave: -3, syncOptions: 'PruneLast=true' });
    const { events } = runSingleApp({
      desired: [...desired, job('report', { hook: 'PostSync', runSeconds: 1 })],
      live: [...extra, last],
      prune: true,
    });
    const lastPrune = indexOf(events, (e) => e.type === 'delete' && e.name === 'old-settings');
    const syncApplies = events.flatMap((e, i) => (e.type === 'apply' && e.phase === 'Sync' ? [i] : []));
    const postSync = indexOf(events, (e) => e.type === 'apply' && e.phase === 'PostSync');
    expect(lastPrune).toBeGreaterThan(Math.max(...syncApplies));
    expect(lastPrune).toBeLessThan(postSync);
    expect(pruned(events).at(-1)).toBe('old-settings');
    // L = 1 + the largest Sync wave (5): the PruneLast step is Sync wave 6.
    expect(
      stepStarts(events)
        .map((s) => `${s.phase} ${s.wave}`)
        .slice(-2),
    ).toEqual(['Sync 6', 'PostSync 0']);
  });
});

describe('prune candidates without --prune', () => {
  const result = runSingleApp({ desired, live: extra });

  it('records them PruneSkipped "ignored (requires pruning)" and deletes nothing', () => {
    const rows = result.application.status.operationState!.syncResult!.resources;
    const skipped = rows.filter((r) => r.status === 'PruneSkipped');
    expect(skipped.map((r) => r.name).sort()).toEqual(['p1', 'p3a', 'p3b', 'p4', 'p5']);
    expect(skipped.every((r) => r.message === 'ignored (requires pruning)')).toBe(true);
    expect(eventsOf(result.events, 'delete')).toEqual([]);
  });

  it('succeeds but leaves the app OutOfSync, with the extra objects still live', () => {
    expect(result.application.status.operationState?.phase).toBe('Succeeded');
    expect(result.application.status.sync.status).toBe('OutOfSync');
    const names = result.live.filter((o) => o.kind === 'ConfigMap').map((o) => o.metadata.name);
    expect(names).toEqual(expect.arrayContaining(['p1', 'p3a', 'p3b', 'p4', 'p5']));
    const p1 = result.application.status.resources.find((r) => r.name === 'p1');
    expect(p1).toMatchObject({ status: 'OutOfSync', requiresPruning: true });
  });
});
