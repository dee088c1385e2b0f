import { EPOCH_MS, type SimEvent, type SyncWindowEvent } from '../../engine';
import { formatSeconds } from '../../timeline/ticks';
import type { Frame } from '../../cursor/frameAt';

/**
 * "Why is it waiting?" when a sync window holds an Application (argocd-semantics.md §5.14), from the run's
 * `sync-window` events: an auto-sync the controller skipped (it only logs, and sets no condition), or a running
 * operation held `Sync operation blocked by sync window`. Names the windows, when they end, and what happens then.
 * Undefined when no window holds an Application at `t`.
 */
export function explainSyncWindow(
  events: readonly SimEvent[],
  frames: ReadonlyMap<string, Frame>,
  t: number,
): { app: string; headline: string; detail: string } | undefined {
  for (const [app, frame] of frames) {
    let last: SyncWindowEvent | undefined;
    let started = -Infinity;
    for (const e of events) {
      if (e.t > t) break;
      if (e.app !== app) continue;
      if (e.type === 'sync-window') last = e;
      if (e.type === 'app-operation') started = e.t;
    }
    if (!last) continue;
    const windows = last.windows.length > 0 ? `the sync window ${last.windows.join(', ')}` : 'a sync window';
    const closes =
      last.until === undefined
        ? ''
        : last.until > t
          ? ` It closes at ${when(last.until)}.`
          : ` It closed at ${when(last.until)}.`;
    const op = frame.operation;
    if (op?.phase === 'Running' && op.message.startsWith('Sync operation blocked by sync window'))
      return {
        app,
        headline: `${app}'s operation is held by ${windows}: "${op.message}".${closes}`,
        detail:
          'The operation stays Running and goes on at the controller’s next look at it once the window allows it (every 30 s at most). Only syncOverrun on every active deny window lets a sync that started before the window finish inside it.',
      };
    const prevented = last.automated && last.message === 'Sync prevented by sync window';
    if (prevented && last.t > started && frame.app?.sync === 'OutOfSync')
      return {
        app,
        headline: `${app} is OutOfSync and ${windows} holds its auto-sync.${closes}`,
        detail:
          // Told short enough that the all-Applications answer does not scroll inside its panel at 1024×768 (issue 32):
          // nothing is scheduled for the window's end, which "the first refresh after" says (argocd-semantics §5.14).
          'Argo CD only logs "Sync prevented by sync window" and sets no condition. The sync starts at the first refresh after the window closes (every 120 s, plus up to 60 s of jitter).',
      };
  }
  return undefined;
}

/** A virtual second on the run's axis and as the wall clock the windows' schedules read (UTC). */
function when(t: number): string {
  return `${formatSeconds(t)} (${new Date(EPOCH_MS + t * 1000).toISOString().slice(11, 16)} UTC)`;
}
