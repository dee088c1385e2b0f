import type { SimEvent } from '../engine';
import type { RowData } from './rows';
import type { Marker, OperationEnd } from './types';

export type MarkerTimes = Pick<Marker, 'rowKey' | 'type' | 't' | 'label'>;

/**
 * Moments worth a symbol on a row: a prune (reason `prune`, argocd-semantics.md §2.15), a deletion by
 * termination of something that is not a hook (hooks show theirs on the hook span, §2.16), and an apply that
 * failed (`SyncFailed`, §1.5).
 */
export function buildMarkers(rows: RowData[]): MarkerTimes[] {
  const markers: MarkerTimes[] = [];
  for (const row of rows) {
    for (const d of row.deletes) {
      if (d.reason === 'prune') markers.push({ rowKey: row.key, type: 'prune', t: d.t, label: 'pruned' });
      if (d.reason === 'terminate' && !row.hook)
        markers.push({ rowKey: row.key, type: 'terminate', t: d.t, label: 'terminated' });
    }
    for (const a of row.applies) {
      if (a.result === 'failed')
        markers.push({ rowKey: row.key, type: 'apply-failed', t: a.t, label: 'apply failed' });
    }
  }
  return markers;
}

/**
 * Where the operation ended: the log's last 'operation' event, when its phase is one of the completed
 * phases Failed, Error or Succeeded (§1.4). A retry that starts again leaves the operation Running, so only
 * the final word counts.
 */
export function operationEndOf(events: SimEvent[]): Omit<OperationEnd, 'x'> | null {
  let i = events.length - 1;
  while (i >= 0 && events[i].type !== 'operation') i--;
  const last = events[i];
  if (!last || last.type !== 'operation') return null;
  if (last.phase !== 'Succeeded' && last.phase !== 'Failed' && last.phase !== 'Error') return null;
  return { t: last.t, phase: last.phase, message: last.message ?? '' };
}
