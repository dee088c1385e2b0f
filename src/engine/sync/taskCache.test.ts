import { describe, expect, it } from 'vitest';
import { annotationKeyHook, annotationSyncWave } from '../annotations';
import type { KubeObject } from '../types';
import { FakeCluster, testOptions } from '../../../test/kits/fakeCluster.testKit';
import { SyncResults, type SyncResultRow } from './results';
import type { SyncOperationOptions } from './syncInput';
import { taskObj, type SyncTask } from './syncTask';
import { taskCacheCounts } from './taskCache';
import { buildTasks, type BuildTasksInput } from './tasks';

/**
 * The task list kept between ticks (taskCache.ts) must be the list a build from scratch makes, whatever changed
 * since it was kept. Each case builds once to keep a list, changes one input, and compares the next tick's list
 * with one built from scratch (a copy of the desired list is another list, so nothing kept applies to it); it
 * also says whether the kept list was reused, so a case cannot pass by never using it.
 */

let uids = 0;
const withUid = (obj: KubeObject): KubeObject => ({
  ...obj,
  metadata: { ...obj.metadata, uid: `uid-${++uids}` },
});
const ns = 'fake-argocd-ns';
const cm = (name: string, annotations: Record<string, string> = {}): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: ns, annotations },
  data: { a: '1' },
});
const job = (name: string, hook: string): KubeObject => ({
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name, namespace: ns, annotations: { [annotationKeyHook]: hook } },
  spec: {},
});
const live = (obj: KubeObject, status = 'a'): KubeObject => withUid({ ...obj, status: { s: status } });

interface Tick {
  desired: KubeObject[];
  live: KubeObject[];
  options?: Partial<SyncOperationOptions>;
  rows?: SyncResultRow[];
  ports?: FakeCluster;
}

function tick({ desired, live: liveObjects, options = {}, rows = [], ports = new FakeCluster() }: Tick) {
  const results = new SyncResults(rows, () => {});
  const input: BuildTasksInput = { desired, live: liveObjects, options: testOptions(options), ports };
  const built = buildTasks(input, results);
  return { ...built, tasks: built.tasks.map(view), results: results.list() };
}

/** A task as a comparison sees it: the live object by identity, everything else by value. */
function view(task: SyncTask) {
  const { live, ...rest } = task;
  return { ...rest, name: taskObj(task).metadata.name, live: live ?? null };
}

/** The next tick on the kept list, and the same tick from scratch; whether the kept list was reused. */
function next(t: Tick) {
  const reusedBefore = taskCacheCounts.reused;
  const kept = tick(t);
  const reused = taskCacheCounts.reused > reusedBefore;
  const fresh = tick({ ...t, desired: [...t.desired] });
  return { kept, fresh, reused };
}

describe('the task list kept between ticks', () => {
  const desired = [cm('a', { [annotationSyncWave]: '1' }), cm('b'), job('migrate', 'PreSync')];

  it('is reused when only what the claimed live objects say changed (a status write)', () => {
    const a = live(desired[0]);
    tick({ desired, live: [a] });
    const { kept, fresh, reused } = next({ desired, live: [{ ...a, status: { s: 'b' } }] });
    expect(reused).toBe(true);
    expect(kept).toEqual(fresh);
    expect(kept.tasks.find((t) => t.name === 'a')?.live).toMatchObject({ status: { s: 'b' } });
  });

  it('gives a target the live object created since, and drops one deleted since', () => {
    const a = live(desired[0]);
    tick({ desired, live: [a] });
    const created = next({ desired, live: [a, live(desired[1])] });
    expect([created.reused, created.kept]).toEqual([true, created.fresh]);
    const deleted = next({ desired, live: [] });
    expect([deleted.reused, deleted.kept]).toEqual([true, deleted.fresh]);
    expect(deleted.kept.tasks.every((t) => t.live === null)).toBe(true);
  });

  it('finds a hook created since by its name (findLive), without rebuilding', () => {
    tick({ desired, live: [] });
    const { kept, fresh, reused } = next({ desired, live: [live(job('migrate', 'PreSync'))] });
    expect([reused, kept]).toEqual([true, fresh]);
    expect(kept.tasks.find((t) => t.name === 'migrate')?.live).not.toBeNull();
  });

  it('finds a live hook without a namespace as findLive does (in any namespace), without rebuilding', () => {
    tick({ desired, live: [] });
    const bare = live(job('migrate', 'PreSync'));
    delete bare.metadata.namespace;
    const { kept, fresh, reused } = next({ desired, live: [bare] });
    expect([reused, kept]).toEqual([true, fresh]);
    expect(kept.tasks.find((t) => t.name === 'migrate')?.live).toBe(bare);
  });

  it('is rebuilt when a prune candidate appears, changes its wave, or goes', () => {
    tick({ desired, live: [] });
    const extra = live(cm('old', { [annotationSyncWave]: '5' }));
    const appeared = next({ desired, live: [extra] });
    expect([appeared.reused, appeared.kept]).toEqual([false, appeared.fresh]);
    expect(appeared.kept.tasks.some((t) => t.name === 'old')).toBe(true);
    const moved = { ...extra, metadata: { ...extra.metadata, annotations: { [annotationSyncWave]: '-3' } } };
    const rewaved = next({ desired, live: [moved] });
    expect([rewaved.reused, rewaved.kept]).toEqual([false, rewaved.fresh]);
    expect(rewaved.kept.tasks.map((t) => t.name)).not.toEqual(appeared.kept.tasks.map((t) => t.name));
    const gone = next({ desired, live: [] });
    expect([gone.reused, gone.kept]).toEqual([false, gone.fresh]);
  });

  it('is rebuilt when a live hook stops being a hook (it becomes a prune candidate)', () => {
    const hook = live(job('cleanup', 'PostSync'));
    tick({ desired, live: [hook] });
    const plain = { ...hook, metadata: { ...hook.metadata, annotations: {} } };
    const { kept, fresh, reused } = next({ desired, live: [plain] });
    expect([reused, kept]).toEqual([false, fresh]);
    expect(kept.tasks.some((t) => t.name === 'cleanup')).toBe(true);
  });

  it('is rebuilt when the auto-created namespace appears', () => {
    const options = { syncOptions: ['CreateNamespace=true'] };
    const ports = new FakeCluster();
    const first = tick({ desired, live: [], options, ports });
    expect(first.tasks.some((t) => t.target?.kind === 'Namespace')).toBe(true);
    ports.put({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
    const { kept, fresh, reused } = next({ desired, live: [], options, ports });
    expect([reused, kept]).toEqual([false, fresh]);
    expect(kept.tasks.some((t) => t.target?.kind === 'Namespace')).toBe(false);
  });

  it('is rebuilt when a kind is no longer known, so the failure is recorded', () => {
    const ports = new FakeCluster();
    tick({ desired, live: [], ports });
    ports.knownKind = (group) => group !== 'batch';
    const { kept, fresh, reused } = next({ desired, live: [], ports });
    expect([reused, kept]).toEqual([false, fresh]);
    expect(kept.valid).toBe(false);
  });

  it('is rebuilt for another revision or start time (hooks are named after them)', () => {
    const hook: KubeObject = {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { generateName: 'hook-', namespace: ns, annotations: { [annotationKeyHook]: 'PreSync' } },
    };
    const named = [cm('a'), hook];
    tick({ desired: named, live: [], options: { revision: 'abcdef123', startedAt: 1 } });
    const revised = next({ desired: named, live: [], options: { revision: '0123456789', startedAt: 1 } });
    expect([revised.reused, revised.kept]).toEqual([false, revised.fresh]);
    expect(revised.kept.tasks.map((t) => t.name)).toContain('hook-0123456-presync-1');
    const restarted = next({ desired: named, live: [], options: { revision: '0123456789', startedAt: 2 } });
    expect([restarted.reused, restarted.kept]).toEqual([false, restarted.fresh]);
    expect(restarted.kept.tasks.map((t) => t.name)).toContain('hook-0123456-presync-2');
  });

  it('is rebuilt when one prune candidate replaces another in the same tick', () => {
    tick({ desired, live: [live(cm('old-1'))] });
    const { kept, fresh, reused } = next({ desired, live: [live(cm('old-2'))] });
    expect([reused, kept]).toEqual([false, fresh]);
    expect(kept.tasks.map((t) => t.name)).toContain('old-2');
  });

  it('is rebuilt when the options that shape the list change (hooks skipped, PruneLast)', () => {
    const extra = live(cm('old', { [annotationSyncWave]: '-1' }));
    tick({ desired, live: [extra] });
    const skipped = next({
      desired,
      live: [extra],
      options: { skipHooks: true, syncOptions: ['Validate=false'] },
    });
    expect([skipped.reused, skipped.kept]).toEqual([false, skipped.fresh]);
    expect(skipped.kept.tasks.some((t) => t.name === 'migrate')).toBe(false);
    const last = next({
      desired,
      live: [extra],
      options: { skipHooks: true, syncOptions: ['PruneLast=true'] },
    });
    expect([last.reused, last.kept]).toEqual([false, last.fresh]);
    expect(last.kept.tasks.find((t) => t.name === 'old')?.waveOverride).toBe(2);
  });

  it('is rebuilt when two live objects share a key, or a uid comes back under another name', () => {
    const a = live(desired[0]);
    tick({ desired, live: [a] });
    const twin = live({ ...desired[0], status: { s: 'twin' } });
    const twins = next({ desired, live: [a, twin] });
    expect([twins.reused, twins.kept]).toEqual([false, twins.fresh]);
    expect(twins.kept.tasks.find((t) => t.name === 'a')?.live).toBe(twin);
    tick({ desired, live: [a] });
    const renamed = { ...a, metadata: { ...a.metadata, name: 'b' } };
    const moved = next({ desired, live: [renamed] });
    expect([moved.reused, moved.kept]).toEqual([false, moved.fresh]);
    expect(moved.kept.tasks.find((t) => t.name === 'b')?.live).toBe(renamed);
  });

  it('merges the results of the tick it is reused in', () => {
    tick({ desired, live: [] });
    const first = tick({ desired, live: [] }).tasks.find((t) => t.name === 'b')!;
    const row: SyncResultRow = {
      group: '',
      version: 'v1',
      kind: 'ConfigMap',
      namespace: ns,
      name: 'b',
      status: 'Synced',
      message: 'configmap/b created',
      hookType: '',
      hookPhase: 'Running',
      syncPhase: first.phase,
      order: 1,
    };
    const { kept, fresh, reused } = next({ desired, live: [], rows: [row] });
    expect([reused, kept]).toEqual([true, fresh]);
    expect(kept.tasks.find((t) => t.name === 'b')).toMatchObject({ status: 'Synced', hookPhase: 'Running' });
  });

  it('is not used once the desired list changed in place', () => {
    const list = [...desired];
    tick({ desired: list, live: [] });
    list[1] = cm('c');
    const { kept, fresh, reused } = next({ desired: list, live: [] });
    expect([reused, kept]).toEqual([false, fresh]);
    expect(kept.tasks.map((t) => t.name)).toContain('c');
  });
});
