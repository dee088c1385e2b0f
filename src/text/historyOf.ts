import { timestampAt } from './operationFields';
import type { SimEvent } from '../engine';

/** One entry of Argo CD's History and Rollback view (`status.history`): id, revision, deployed at. */
export interface HistoryRow {
  id: number;
  revision: string;
  deployedAt: string;
}

interface HistoryJson {
  id: number;
  revision: string;
  deployedAt: string;
}

/**
 * The app's deployment history at the cursor. Argo CD records an entry for each successful sync (argocd-semantics
 * §5.3; contract §1.4 `status.history`). When the result carries `status.history` (runs of several operations),
 * its entries deployed by the cursor are shown; otherwise the history is the scenario's earlier revisions, each
 * synced before t 0 (their Succeeded operations in the log), then this sync once it has Succeeded.
 */
export function historyOf(
  history: readonly HistoryJson[] | undefined,
  events: readonly SimEvent[],
  revisionNames: readonly string[],
  t: number,
): HistoryRow[] {
  if (history && history.length > 0) {
    const cut = timestampAt(t);
    return history
      .filter((h) => h.deployedAt <= cut)
      .map((h) => ({ id: h.id, revision: h.revision, deployedAt: h.deployedAt }));
  }
  const done: number[] = [];
  let current: number | undefined;
  for (const e of events) {
    if (e.type !== 'operation' || e.phase !== 'Succeeded') continue;
    if (e.t < 0) done.push(e.t);
    else if (current === undefined && e.t <= t) current = e.t;
  }
  const rows = done
    .slice(0, Math.max(0, revisionNames.length - 1))
    .map((at, i) => ({ id: i, revision: revisionNames[i], deployedAt: timestampAt(at) }));
  if (current !== undefined)
    rows.push({ id: rows.length, revision: revisionNames.at(-1) ?? '', deployedAt: timestampAt(current) });
  return rows;
}
