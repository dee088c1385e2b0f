import type { SimEvent } from '../engine';

/** A stretch of time during which one lane shows one value. */
export interface LaneSegment {
  from: number;
  to: number;
  value: string;
}

export interface Lane {
  id: 'operation' | 'sync' | 'health';
  label: string;
  segments: LaneSegment[];
}

/**
 * The three status lanes of the page over the whole run: the operation phase, the app's sync status and the
 * app's health. They are drawn one above the other because they are three separate axes in Argo CD
 * (argocd-semantics §1.4, §1.7, §1.8), and seeing them disagree over time is the point of the sandbox.
 */
export function lanesOf(events: readonly SimEvent[], endT: number): Lane[] {
  const operation: LaneSegment[] = [];
  const sync: LaneSegment[] = [];
  const health: LaneSegment[] = [];
  // The history before t = 0 (earlier syncs) only sets where the app's lanes start; the earlier operations
  // are not this sync's, so their phases are left out.
  for (const e of events) {
    const t = Math.max(0, e.t);
    if (e.type === 'operation' && e.t >= 0) extend(operation, t, e.phase);
    else if (e.type === 'app') {
      extend(sync, t, e.sync);
      extend(health, t, e.health);
    }
  }
  for (const segments of [operation, sync, health]) {
    const last = segments.at(-1);
    if (last) last.to = Math.max(last.from, endT);
  }
  return [
    { id: 'operation', label: 'Operation', segments: operation },
    { id: 'sync', label: 'Sync status', segments: sync },
    { id: 'health', label: 'App health', segments: health },
  ];
}

/** Close the open segment at `t` and open a new one, unless the value did not change. */
function extend(segments: LaneSegment[], t: number, value: string): void {
  const last = segments.at(-1);
  if (last && last.value === value) return;
  if (last) last.to = t;
  // A value that lasted no time at all is replaced rather than drawn as a zero-width sliver.
  if (last && last.from === t) segments.pop();
  const previous = segments.at(-1);
  if (previous && previous.value === value) {
    previous.to = t;
    return;
  }
  segments.push({ from: t, to: t, value });
}
