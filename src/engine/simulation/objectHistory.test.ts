import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WatchEvent } from '../cluster/store';
import { clusterAt, ObjectHistoryRecorder } from './objectHistory';
import { runSingleApp } from './singleApp';
import { checkout, threeTier } from '../../../test/kits/seedApps.testKit';

afterEach(() => vi.restoreAllMocks());

const failingRelease = () =>
  runSingleApp({
    desired: checkout('6.7.0', { migrationFails: true }),
    history: [checkout('6.7.1')],
    app: 'checkout-dev',
    namespace: 'checkout-dev',
    syncOptions: ['CreateNamespace=true'],
  });

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
    const kept = new Set(result.objects.versions.flat().map((v) => (v ? JSON.stringify(v) : null)));
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
});
