import type { SimEvent } from '../engine';

/**
 * The attempts of an operation that was retried (argocd-semantics.md §5.3): with a retry strategy, an attempt
 * that fails with retries left keeps the operation `Running` with the message `<message>. Retrying attempt #<n>
 * at <time>.`, waits out its back-off, then starts again with the message `Retrying operation. Attempt #<n>`.
 * Each attempt and each back-off becomes a span of its own, labelled with Argo CD's own words, so a retried sync
 * reads as the separate tries it was. An operation that never retried has no spans here.
 */
export interface AttemptTimes {
  key: string;
  /** The attempt's number (0 for the first), or the number of the attempt the back-off waits for. */
  n: number;
  kind: 'attempt' | 'backoff';
  t0: number;
  t1: number;
  label: string;
}

const retrying = /Retrying attempt #(\d+) at ([^.]+)\.?$/;
const attempt = /^Retrying operation\. Attempt #(\d+)/;

export function buildAttempts(events: readonly SimEvent[], end: number): AttemptTimes[] {
  const out: AttemptTimes[] = [];
  let op: { start: number; spans: AttemptTimes[]; open: AttemptTimes | undefined } | undefined;
  let ops = 0;
  const close = (t: number) => {
    if (!op) return;
    if (op.open) op.open.t1 = t;
    // Only an operation that was retried is drawn as attempts.
    if (op.spans.some((s) => s.kind === 'backoff')) out.push(...op.spans);
    op = undefined;
  };
  for (const e of events) {
    if (e.type !== 'operation') continue;
    if (!op) {
      const first: AttemptTimes = {
        key: `op${ops}:attempt:0`,
        n: 0,
        kind: 'attempt',
        t0: e.t,
        t1: end,
        label: 'first attempt',
      };
      op = { start: e.t, spans: [first], open: first };
      ops++;
    }
    const wait = retrying.exec(e.message);
    const again = attempt.exec(e.message);
    if (e.phase === 'Running' && wait) {
      if (op.open) op.open.t1 = e.t;
      const n = Number(wait[1]);
      const span: AttemptTimes = {
        key: `op${ops - 1}:backoff:${n}`,
        n,
        kind: 'backoff',
        t0: e.t,
        t1: end,
        label: `Retrying attempt #${n} at ${wait[2]}`,
      };
      op.spans.push(span);
      op.open = span;
    } else if (e.phase === 'Running' && again && op.open?.kind === 'backoff') {
      op.open.t1 = e.t;
      const n = Number(again[1]);
      const span: AttemptTimes = {
        key: `op${ops - 1}:attempt:${n}`,
        n,
        kind: 'attempt',
        t0: e.t,
        t1: end,
        label: `Attempt #${n}`,
      };
      op.spans.push(span);
      op.open = span;
    } else if (e.phase !== 'Running' && e.phase !== 'Terminating') close(e.t);
  }
  close(end);
  return out;
}
