import { EPOCH_MS } from '../engine';

/**
 * The operation block of `argocd app get --show-operation` (argo-cd `printOperationResult`), shared by the
 * CLI's text and the page's result table: `Operation`, `Sync Revision`, `Phase`, `Start`, `Finished`,
 * `Duration`, `Message` (argocd-semantics §5.6).
 */
export interface OperationInput {
  phase: string;
  message: string;
  /** RFC 3339, as in `status.operationState`. */
  startedAt: string;
  finishedAt?: string;
  revision: string;
}

export function operationFields(op: OperationInput): [string, string][] {
  return [
    ['Operation', 'Sync'],
    ['Sync Revision', op.revision],
    ['Phase', op.phase],
    ['Start', humanTime(op.startedAt)],
    ['Finished', op.finishedAt ? humanTime(op.finishedAt) : ''],
    ['Duration', op.finishedAt ? durationText(op.startedAt, op.finishedAt) : ''],
    ['Message', op.message],
  ];
}

/** Argo CD's CLI prints times like `2026-01-01 00:00:00 +0000 UTC` (Go's time.Time String, in UTC). */
export function humanTime(iso: string): string {
  return iso.replace('T', ' ').replace('Z', ' +0000 UTC');
}

/** Go's time.Duration String of whole seconds: `31s`, `1m5s`, `1h0m0s`. */
export function durationText(startedAt: string, finishedAt: string): string {
  const seconds = Math.round((Date.parse(finishedAt) - Date.parse(startedAt)) / 1000);
  if (seconds < 60) return `${seconds}s`;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}h${m}m${s}s` : `${m}m${s}s`;
}

/** The RFC 3339 time of a virtual second (t 0 is the epoch), cut to whole seconds as Argo CD stores it. */
export function timestampAt(t: number): string {
  return new Date(EPOCH_MS + Math.floor(t) * 1000).toISOString().replace('.000Z', 'Z');
}
