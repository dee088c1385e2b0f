import { describe, expect, it } from 'vitest';
import { SimClock } from '../clock';
import { ObjectStore } from '../cluster/store';
import { Rng } from '../random';
import { EventLog } from '../eventLog';
import { AppTracker } from './appTracker';
import { configMap } from '../../../test/kits/simulation.testKit';
import { TRACKING_ANNOTATION, withTracking } from './tracking';
import type { KubeObject } from '../types';

/**
 * The rows of `status.resources` the control plane writes at every instant, kept by the tracker between writes
 * (a big app rebuilt and re-sorted a thousand rows at each). What a user sees must not depend on that: the rows
 * follow every change of a resource's sync status, health or presence, and stay in Argo CD's order
 * (controller/appcontroller.go L2029: `sort.Slice(app.Status.Resources, … resourceStatusKey …)`).
 */
const cm = (name: string) =>
  withTracking('app', { ...configMap(name), metadata: { name, namespace: 'default' } }) as KubeObject;
const ref = (name: string) => ({ group: '', kind: 'ConfigMap', namespace: 'default', name });

function setup(names: string[]) {
  const clock = new SimClock();
  const store = new ObjectStore(clock, new Rng(1));
  const log = new EventLog(() => clock.now());
  log.start();
  const tracker = new AppTracker({ app: 'app', namespace: 'default', store, clock, log });
  store.watch((event) => tracker.onWatch(event));
  tracker.setDesired(names.map(cm));
  const rows = () => tracker.resources().map((r) => `${r.name} ${r.status} ${r.health?.status ?? '-'}`);
  return { store, tracker, rows };
}

describe('status.resources kept between status writes (AppTracker resources)', () => {
  it('stays in group/kind/namespace/name order whatever order the resources appear in (appcontroller.go L2029)', () => {
    const { store, tracker, rows } = setup(['web', 'api', 'db']);
    expect(rows()).toEqual(['api OutOfSync Missing', 'db OutOfSync Missing', 'web OutOfSync Missing']);
    store.apply(cm('web'));
    store.apply(cm('api'));
    expect(rows()).toEqual(['api Synced -', 'db OutOfSync Missing', 'web Synced -']);
    // An extra live object of the app's appears among them in its place, needing pruning.
    store.apply(cm('cache'));
    expect(rows()).toEqual(['api Synced -', 'cache OutOfSync -', 'db OutOfSync Missing', 'web Synced -']);
    expect(tracker.resources().find((r) => r.name === 'cache')?.requiresPruning).toBe(true);
  });

  it('follows a drift, a deletion and a resource leaving Git, and is the same list while nothing changes', () => {
    const { store, tracker, rows } = setup(['a', 'b']);
    store.apply(cm('a'));
    store.apply(cm('b'));
    const settled = tracker.resources();
    // A status-only write changes no row: the status written next holds the very same list.
    store.setStatus(ref('a'), { note: 'written by a controller' });
    expect(tracker.resources()).toBe(settled);
    store.patch(ref('b'), (draft) => {
      draft.data = { drifted: 'by hand' };
    });
    expect(rows()).toEqual(['a Synced -', 'b OutOfSync -']);
    store.delete(ref('a'));
    expect(rows()).toEqual(['a OutOfSync Missing', 'b OutOfSync -']);
    tracker.setDesired([cm('b')]);
    expect(rows()).toEqual(['b OutOfSync -']);
  });

  it('while the comparison fails, shows every row Unknown, and the same list until a row changes (state.go L1093)', () => {
    const { store, tracker } = setup(['a', 'b']);
    store.apply(cm('a'));
    store.apply(cm('b'));
    const unknown = tracker.unknownResources();
    expect(unknown.map((r) => `${r.name} ${r.status}`)).toEqual(['a Unknown', 'b Unknown']);
    // The rows behind it keep their own sync status: the view is the status's, not the tracker's.
    expect(tracker.resources().map((r) => r.status)).toEqual(['Synced', 'Synced']);
    store.setStatus(ref('a'), { note: 'written by a controller' });
    expect(tracker.unknownResources()).toBe(unknown);
    store.delete(ref('b'));
    const changed = tracker.unknownResources();
    expect(changed).not.toBe(unknown);
    expect(changed.map((r) => `${r.name} ${r.status} ${r.health?.status ?? '-'}`)).toEqual([
      'a Unknown -',
      'b Unknown Missing',
    ]);
  });

  it("names a target once another app's tracking annotation claims its live copy, and not after it is given back", () => {
    const { store, tracker } = setup(['a', 'b']);
    store.apply(cm('a'));
    store.apply(cm('b'));
    expect(tracker.targetsLiveOfOthers()).toEqual([]);
    const claim = (name: string, id: string) =>
      store.patch(ref(name), (draft) => {
        draft.metadata.annotations = { ...draft.metadata.annotations, [TRACKING_ANNOTATION]: id };
      });
    claim('b', 'other:/ConfigMap:default/b');
    claim('a', 'other:/ConfigMap:default/a');
    // In the order the app met its resources, as the SharedResourceWarning messages list them (state.go L855).
    expect(tracker.targetsLiveOfOthers().map((o) => o.metadata.name)).toEqual(['a', 'b']);
    claim('a', 'app:/ConfigMap:default/a');
    expect(tracker.targetsLiveOfOthers().map((o) => o.metadata.name)).toEqual(['b']);
  });
});
