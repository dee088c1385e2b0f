/**
 * The order of happening that the RollingSync "after" tests use in the simulator (argocd-semantics.md §5.0, last
 * paragraph). Argo CD compares RFC 3339 times of 1 s resolution, so an operation started in the same second as the
 * `Pending` write is not "after" it, and a first refresh in that second counts as after; Argo CD then races. The
 * simulator instead asks what happened first: the reconcile that writes `Pending` at t 0 comes after the app's first
 * refresh at t 0, and the operation it starts comes after the write.
 *
 * It stamps each such time as it is written or seen (an app's `status.reconciledAt` and
 * `operationState.startedAt`, an entry's `lastTransitionTime`) with a key `<ms>#<seq>`, a global counter in the
 * order of happening. The controller hands the pure passes a view of the objects with those keys in place of the
 * times, and `isAfter` compares keys; the persisted status gets the RFC 3339 text back (`textOf`).
 */
import { fromTimestamp, toTimestamp } from '../../../clock';
import type { JsonAny, KubeObject } from '../../../types';
import type { ApplicationStatusEntry } from '../rollingSync/applicationStatus';

interface Stamp {
  text: string;
  key: string;
}

export class HappeningOrder {
  private seq = 0;
  private readonly stamps = new Map<string, Stamp>();

  constructor(private readonly nowMs: () => number) {}

  /** A fresh key for something that happens now (a reconcile's `now`). */
  nextKey(): string {
    return `${this.nowMs()}#${++this.seq}`;
  }

  /** Records that the time `text` of `field` was written now (the first sighting of a new value). */
  observe(field: string, text: string | undefined): void {
    if (text === undefined) {
      this.stamps.delete(field);
      return;
    }
    if (this.stamps.get(field)?.text === text) return;
    this.stamps.set(field, { text, key: this.nextKey() });
  }

  /**
   * Records that the time `text` of `field` was written again now, even if its text is unchanged: a full refresh
   * in the same second as the last one rewrites `reconciledAt` with the same RFC 3339 text, yet it is a new
   * happening, after everything before it in that second.
   */
  rewrite(field: string, text: string | undefined): void {
    if (text === undefined) this.stamps.delete(field);
    else this.stamps.set(field, { text, key: this.nextKey() });
  }

  /** Records the key a persisted time was written with (an entry's `lastTransitionTime`). */
  remember(field: string, key: string): void {
    this.stamps.set(field, { text: textOf(key), key });
  }

  /** The key of `field` if its current value is the one stamped, else a key from the text alone (seq 0). */
  keyOf(field: string, text: string): string {
    const stamp = this.stamps.get(field);
    if (stamp && stamp.text === text) return stamp.key;
    return `${fromTimestamp(text)}#0`;
  }

  /** Apps with their `reconciledAt` and `operationState.startedAt` replaced by keys. */
  appView(app: KubeObject): KubeObject {
    const status: JsonAny = app.status;
    if (!status) return app;
    const name = app.metadata.name ?? '';
    const next: JsonAny = { ...status };
    if (typeof status.reconciledAt === 'string')
      next.reconciledAt = this.keyOf(appField(name, 'reconciledAt'), status.reconciledAt);
    if (status.operationState && typeof status.operationState.startedAt === 'string') {
      next.operationState = {
        ...status.operationState,
        startedAt: this.keyOf(appField(name, 'startedAt'), status.operationState.startedAt),
      };
    }
    return { ...app, status: next };
  }

  /** The set with each entry's `lastTransitionTime` replaced by its key. */
  setView(appSet: KubeObject): KubeObject {
    const entries: ApplicationStatusEntry[] | undefined = appSet.status?.applicationStatus;
    if (!entries) return appSet;
    const set = appSet.metadata.name ?? '';
    return {
      ...appSet,
      status: {
        ...appSet.status,
        applicationStatus: entries.map((entry) => ({
          ...entry,
          lastTransitionTime: this.keyOf(entryField(set, entry.application), entry.lastTransitionTime),
        })),
      },
    };
  }
}

export function appField(app: string, field: 'reconciledAt' | 'startedAt'): string {
  return `app/${app}/${field}`;
}

export function entryField(set: string, app: string): string {
  return `entry/${set}/${app}`;
}

/** Whether key `later` happened after key `earlier`. */
export function isAfter(later: string, earlier: string): boolean {
  const [laterMs, laterSeq] = parts(later);
  const [earlierMs, earlierSeq] = parts(earlier);
  return laterMs > earlierMs || (laterMs === earlierMs && laterSeq > earlierSeq);
}

/** The RFC 3339 text of a key (a plain timestamp is returned as it is). */
export function textOf(key: string): string {
  return key.includes('#') ? toTimestamp(parts(key)[0]) : key;
}

function parts(key: string): [number, number] {
  const i = key.indexOf('#');
  if (i < 0) return [fromTimestamp(key), 0];
  return [Number(key.slice(0, i)), Number(key.slice(i + 1))];
}
