import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WatchEvent } from '../cluster/store';
import { clusterAt, ObjectHistoryRecorder, versionAt, type ObjectHistory } from './objectHistory';
import { runSingleApp } from './singleApp';
import { checkout, threeTier } from '../../../test/kits/seedApps.testKit';
import { syntheticApp } from '../../../test/bench/syntheticApp';

afterEach(() => vi.restoreAllMocks());

const failingRelease = () =>
  runSingleApp({
    desired: checkout('6.7.0', { migrationFails: true }),
    history: [checkout('6.7.1')],
    app: 'checkout-dev',
    namespace: 'checkout-dev',
    syncOptions: ['CreateNamespace=true'],
  });

/** Every version of every object, as readers see them (`versionAt`). */
const allVersions = (history: ObjectHistory) =>
  history.versions.flatMap((versions, i) => versions.map((_, j) => versionAt(history, i, j)));

const names = (objects: { kind: string; metadata: { name?: string } }[], kind: string) =>
  objects
    .filter((o) => o.kind === kind)
    .map((o) => o.metadata.name)
    .sort();

describe('object history', () => {
  it('keeps references that stay the version they were: no object is changed after it was written', () => {
    // The recorder keeps the store's own objects instead of copies. That is only right if nothing writes into
    // an object after the store emitted it; snapshot every version as it is recorded and compare at the end.
    const seen: string[][] = [];
    const original = ObjectHistoryRecorder.prototype.onWatch;
    vi.spyOn(ObjectHistoryRecorder.prototype, 'onWatch').mockImplementation(function (
      this: ObjectHistoryRecorder,
      event: WatchEvent,
    ) {
      seen.push([event.type, JSON.stringify(event.object)]);
      original.call(this, event);
    });
    const result = failingRelease();
    const kept = new Set(allVersions(result.objects).map((v) => (v ? JSON.stringify(v) : null)));
    const written = seen.filter(([type]) => type !== 'DELETED').map(([, json]) => json);
    // Every kept version is byte for byte what was written at its time (the last of an instant's writes).
    for (const v of kept) if (v !== null) expect(written).toContain(v);
    expect(result.objects.versions.flat().length).toBeGreaterThan(50);
  });

  it('the cluster at the end is the live state the result reports', () => {
    const result = failingRelease();
    const atEnd = clusterAt(result.objects, result.endT);
    const key = (o: { kind: string; metadata: { namespace?: string; name?: string } }) =>
      `${o.kind}/${o.metadata.namespace}/${o.metadata.name}`;
    expect(atEnd.map(key).sort()).toEqual(result.live.map(key).sort());
  });

  it('the cluster at a moment holds what was alive then, at its version then', () => {
    const result = failingRelease();
    // Before the sync: the old release's Deployment runs 6.7.1 and no migration of 6.7.0 exists.
    const before = clusterAt(result.objects, 0);
    const deploy = before.find((o) => o.kind === 'Deployment');
    expect(deploy?.spec?.template?.spec?.containers?.[0]?.image).toBe('ghcr.io/stefanprodan/podinfo:6.7.1');
    expect(names(before, 'Job')).toEqual(['checkout-migrate', 'checkout-smoke-test']);
    // After the failure: the failed migration and the SyncFail hook are there; the Deployment was not touched.
    const after = clusterAt(result.objects, result.endT);
    expect(names(after, 'Job')).toEqual(['checkout-migrate', 'checkout-smoke-test', 'checkout-sync-failed']);
    const migrate = after.find((o) => o.kind === 'Job' && o.metadata.name === 'checkout-migrate');
    expect(migrate?.status?.failed).toBe(1);
    const img = after.find((o) => o.kind === 'Deployment')?.spec?.template?.spec?.containers?.[0]?.image;
    expect(img).toBe('ghcr.io/stefanprodan/podinfo:6.7.1');
    // Nothing exists before the first version of anything.
    expect(clusterAt(result.objects, -1e9)).toEqual([]);
  });

  it('three-tier from an empty cluster: no pod before the sync, the StatefulSet after it; times only grow', () => {
    const result = runSingleApp({
      desired: threeTier(),
      app: 'three-tier',
      namespace: 'three-tier',
      syncOptions: ['CreateNamespace=true'],
    });
    for (const times of result.objects.times) {
      for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]);
    }
    const podKeys = result.objects.keys.filter((k) => k.startsWith('/Pod/'));
    expect(podKeys.length).toBeGreaterThan(0);
    const start = clusterAt(result.objects, 0);
    expect(start.filter((o) => o.kind === 'Pod')).toEqual([]);
    expect(names(clusterAt(result.objects, result.endT), 'StatefulSet')).toEqual(['postgres']);
  });

  it('a big app’s status keeps one list of rows in 32 whole, the others as the rows that changed, and reads back as written', () => {
    // Each status write of a 200-resource app with hooks copies its list of 200 rows to change a few: kept whole,
    // the history held every copy, and its memory (and the garbage collector's time) grew faster than the app.
    const written: string[] = [];
    const original = ObjectHistoryRecorder.prototype.onWatch;
    vi.spyOn(ObjectHistoryRecorder.prototype, 'onWatch').mockImplementation(function (
      this: ObjectHistoryRecorder,
      event: WatchEvent,
    ) {
      if (event.object.kind === 'Application') written.push(JSON.stringify(event.object));
      original.call(this, event);
    });
    const result = runSingleApp({ desired: syntheticApp(200), untilSeconds: 7200 });
    const history = result.objects;
    const i = history.keys.findIndex((k) => k.startsWith('argoproj.io/Application/'));
    const read = history.versions[i].map((_, j) => versionAt(history, i, j));
    // Every version reads back byte for byte as it was written, field order included, and twice the same.
    for (const v of read) expect(written).toContain(JSON.stringify(v));
    expect(read.map((_, j) => versionAt(history, i, j))).toEqual(read);
    expect(read.at(-1)).toEqual(result.application);
    const rows = (v: ObjectHistory['versions'][number][number]) =>
      v === null ? 0 : 'rows' in v && !('kind' in v) ? v.rows.add.length : (v.status?.resources?.length ?? 0);
    const whole = read.reduce((n, v) => n + (v?.status?.resources?.length ?? 0), 0);
    const kept = history.versions[i].reduce((n, v) => n + rows(v), 0);
    expect(read.length).toBeGreaterThan(90);
    expect(kept * 5).toBeLessThan(whole);
  });
});
