import type { RowData } from './rows';
import type { DeleteReason, HookSpan } from './types';

/** A hook instance in virtual time only; the layout adds pixels. */
export type HookSpanTimes = Pick<HookSpan, 't0' | 't1' | 'preexisting' | 'doneT' | 'outcome' | 'deletedBy'>;

/**
 * The lives of a hook object: from its creation to its completion and on to its deletion, with the delete
 * policy or reason that removed it (argocd-semantics.md §2.14). A BeforeHookCreation deletion removes the
 * object an earlier sync left behind, so that instance starts before the log does.
 *
 * Completion is the first sign of it: the hook's health turning Healthy, or Degraded/Unknown (§2.8 step 3),
 * or a 'result' whose hookPhase is final. The outcome is the result's hookPhase when there is one, because
 * that is Argo CD's own verdict.
 */
export function buildHookSpans(row: RowData, domain: [number, number]): HookSpanTimes[] {
  const spans: HookSpanTimes[] = [];
  let open: HookSpanTimes | null = null;
  const finish = (t: number, deletedBy: DeleteReason | null) => {
    if (open) spans.push({ ...open, t1: t, deletedBy });
    open = null;
  };

  for (const e of row.events) {
    const current: HookSpanTimes | null = open;
    if (e.type === 'apply' && e.result !== 'failed' && !current) {
      const preexisting = e.result === 'configured';
      open = {
        t0: preexisting ? domain[0] : e.t,
        t1: domain[1],
        preexisting,
        doneT: null,
        outcome: null,
        deletedBy: null,
      };
    } else if (e.type === 'health' && current && current.doneT === null) {
      if (e.status === 'Healthy') Object.assign(current, { doneT: e.t, outcome: 'Succeeded' });
      if (e.status === 'Degraded' || e.status === 'Unknown')
        Object.assign(current, { doneT: e.t, outcome: 'Failed' });
    } else if (e.type === 'result' && current) {
      const final = e.hookPhase === 'Succeeded' || e.hookPhase === 'Failed' || e.hookPhase === 'Error';
      if (final) Object.assign(current, { doneT: current.doneT ?? e.t, outcome: e.hookPhase });
    } else if (e.type === 'delete') {
      if (!current) {
        const t0 = domain[0];
        open = { t0, t1: t0, preexisting: true, doneT: null, outcome: null, deletedBy: null };
      }
      finish(e.t, e.reason);
    }
  }
  const last: HookSpanTimes | null = open;
  if (last) spans.push({ ...last, t1: domain[1] });
  return spans;
}

/** The words shown where a hook was deleted: the delete policy, or what else removed it. */
export function deleteLabel(reason: DeleteReason): string {
  return reason === 'terminate' ? 'terminated' : reason;
}
