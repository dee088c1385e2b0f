import type { SimEvent } from '../../engine';
import { lanesOf, type LaneSegment } from '../../cursor/lanesOf';
import { appDeletionsAt } from './appDeletions';
import { appLog } from './appLog';
import { applicationsOf, type AppNode } from './applicationsOf';

/** An operation started on an Application (contract.md §1.4 `app-operation`), as its lane marks it. */
export interface OperationStart {
  t: number;
  /** Who started it, in words: `admin`, `auto-sync` or `applicationset-controller`. */
  by: string;
  automated: boolean;
}

/** One Application's lane on the platform timeline: its bars over the whole run. */
export interface AppLane {
  node: AppNode;
  /** The operation phase, the sync status and the health over time (the single-app lanes of this app). */
  operation: LaneSegment[];
  sync: LaneSegment[];
  health: LaneSegment[];
  /** Its ApplicationSet's status of it (Waiting, Pending, Progressing, Healthy), when a set rolls it out. */
  rollout: LaneSegment[];
  operations: OperationStart[];
}

const cache = new WeakMap<readonly SimEvent[], Map<number, AppLane[]>>();

/**
 * One lane per Application, in the tree's order (applicationsOf): when it was created, each operation on it,
 * and its sync status and health as Argo CD reports them, so a wave of a parent can be seen to wait (or not)
 * for its children (argocd-semantics.md §5.2) and a rollout step for the step before (§5.1).
 */
export function appLanesOf(events: readonly SimEvent[], endT: number): AppLane[] {
  let byEnd = cache.get(events);
  if (!byEnd) cache.set(events, (byEnd = new Map()));
  const known = byEnd.get(endT);
  if (known) return known;
  const deletions = appDeletionsAt(events, endT);
  const lanes = applicationsOf(events).map((node) => {
    const own = appLog(events, node.name);
    // A deleted Application's lanes end where it left the cluster: after that it has no status to show.
    const until = deletions.get(node.name)?.deletedAt ?? endT;
    const [operation, sync, health] = lanesOf(own, endT).map((lane) => cutAt(lane.segments, until));
    const operations = own.flatMap((e) =>
      e.type === 'app-operation' && e.t >= 0
        ? [{ t: e.t, by: e.initiator || 'auto-sync', automated: e.automated }]
        : [],
    );
    return { node, operation, sync, health, rollout: rolloutOf(events, node.name, endT), operations };
  });
  byEnd.set(endT, lanes);
  return lanes;
}

function cutAt(segments: LaneSegment[], until: number): LaneSegment[] {
  return segments
    .filter((s) => s.from < until || (s.from === until && s.to === until))
    .map((s) => (s.to > until ? { ...s, to: until } : s));
}

function rolloutOf(events: readonly SimEvent[], app: string, endT: number): LaneSegment[] {
  const segments: LaneSegment[] = [];
  for (const e of events) {
    if (e.type !== 'appset-status' || e.app !== app) continue;
    const last = segments.at(-1);
    if (last?.value === e.status) continue;
    if (last) last.to = e.t;
    // Waiting then Pending in the same instant (two passes of one reconcile, §5.1): only Pending lasts.
    if (last && last.from === e.t) segments.pop();
    segments.push({ from: e.t, to: e.t, value: e.status });
  }
  const last = segments.at(-1);
  if (last) last.to = Math.max(last.from, endT);
  return segments;
}
