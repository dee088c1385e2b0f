import type { RowData } from './rows';
import type { SegmentStatus } from './types';

/** A health stretch in virtual time only; the layout adds pixels. */
export interface SegmentSpan {
  status: SegmentStatus;
  message: string;
  t0: number;
  t1: number;
}

/**
 * The bars of one row: where the object existed, split wherever its health changed.
 *
 * - A 'health' event starts a stretch with its status. `Missing` before the object exists is drawn for
 *   resources (present in Git, absent live: argocd-semantics.md §1.8 rule 4) but not for hooks, which are not
 *   expected to exist before their step.
 * - An 'apply' that creates the object ends a `Missing` stretch; until the first health report the object is
 *   drawn as 'none' (kinds with no health check, such as ConfigMap, never get one, §3.0 rule 4). An apply that
 *   configures an object nobody reported before means the object was there from the start.
 * - A 'delete' ends the bar when the object is reported `Missing` (gone), or at the delete itself when the log
 *   says nothing more; health reported in between (`Pending deletion`, §3.0 rule 1) stays on the bar.
 */
export function buildSegments(row: RowData, domain: [number, number]): SegmentSpan[] {
  const spans: SegmentSpan[] = [];
  const closeAt = (span: SegmentSpan | null, t: number) => {
    if (span && t > span.t0) spans.push({ ...span, t1: t });
  };
  const startAt = (status: SegmentStatus, message: string, t: number): SegmentSpan => {
    return { status, message, t0: t, t1: t };
  };
  let open: SegmentSpan | null = null;
  let deleting: { t: number; reported: boolean } | null = null;

  for (const e of row.events) {
    if (e.type === 'health') {
      const message = e.message ?? '';
      if (deleting && e.status === 'Missing') {
        closeAt(open, e.t);
        open = deleting = null;
        continue;
      }
      if (deleting) deleting.reported = true;
      if (!open && e.status === 'Missing' && row.hook) continue;
      if (open && open.status === e.status && open.message === message) continue;
      closeAt(open, e.t);
      open = startAt(e.status, message, e.t);
    } else if (e.type === 'apply') {
      if (e.result === 'failed') continue;
      if (deleting) {
        // Recreated (BeforeHookCreation): the old object was gone by now, the log just did not say when.
        closeAt(open, deleting.t);
        open = deleting = null;
      }
      if (!open) open = startAt('none', '', e.result === 'configured' ? domain[0] : e.t);
      else if (open.status === 'Missing') {
        closeAt(open, e.t);
        open = startAt('none', '', e.t);
      }
    } else if (e.type === 'delete') {
      // Deleting something never reported means it existed before the log began.
      open ??= startAt('none', '', domain[0]);
      deleting = { t: e.t, reported: false };
    }
  }
  closeAt(open, deleting && !deleting.reported ? deleting.t : domain[1]);
  return spans;
}
