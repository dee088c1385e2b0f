import { describe, expect, it } from 'vitest';
import { SimClock } from '../clock';
import { ObjectStore } from '../cluster/store';
import { Rng } from '../random';
import { EventLog } from '../eventLog';
import { AppTracker } from './appTracker';
import { sameDiffInputs } from './compare';
import { configMap } from '../../../test/kits/simulation.testKit';
import { withTracking } from './tracking';

const ref = { group: '', kind: 'ConfigMap', namespace: 'default', name: 'cfg' };

function setup() {
  const clock = new SimClock();
  const store = new ObjectStore(clock, new Rng(1));
  const log = new EventLog(() => clock.now());
  log.start();
  const tracker = new AppTracker({ app: 'app', namespace: 'default', store, clock, log });
  store.watch((event) => tracker.onWatch(event));
  const desired = withTracking('app', {
    ...configMap('cfg'),
    metadata: { name: 'cfg', namespace: 'default' },
  });
  tracker.setDesired([desired]);
  store.apply(desired);
  const syncOf = () => tracker.resources().find((r) => r.name === 'cfg')?.status;
  return { store, tracker, syncOf };
}

describe('the sync status kept across status writes (AppTracker with compare.ts sameDiffInputs)', () => {
  it('a status-only rewrite shares every field the diff reads; a patch does not', () => {
    const { store } = setup();
    const before = store.get(ref)!;
    const statusOnly = store.setStatus(ref, { note: 'written by a controller' });
    expect(statusOnly).not.toBe(before);
    expect(sameDiffInputs(before, statusOnly)).toBe(true);
    const patched = store.patch(ref, (draft) => {
      draft.data = { ...draft.data, extra: 'x' };
    });
    expect(sameDiffInputs(statusOnly, patched)).toBe(false);
  });

  it('turns OutOfSync when the live data drifts after status writes, and Synced again when it is put back', () => {
    const { store, syncOf } = setup();
    expect(syncOf()).toBe('Synced');
    store.setStatus(ref, { note: 'one' });
    expect(syncOf()).toBe('Synced');
    const original = store.get(ref)!.data;
    store.patch(ref, (draft) => {
      draft.data = { changed: 'by hand' };
    });
    expect(syncOf()).toBe('OutOfSync');
    store.setStatus(ref, { note: 'two' });
    expect(syncOf()).toBe('OutOfSync');
    store.patch(ref, (draft) => {
      draft.metadata.labels = { ...draft.metadata.labels, drift: 'yes' };
      draft.data = original;
    });
    expect(syncOf()).toBe('Synced');
  });
});
