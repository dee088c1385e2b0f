import { syncOptionPruneLast } from '../annotations';
import { hasSyncOption } from './syncOptions';
import { isPruneTask, taskWave, type SyncTask } from './syncTask';

/**
 * Prune ordering (argocd-semantics.md §2.4), applied before sorting:
 *
 * 1. Reversal: the distinct waves of the prune tasks, sorted, are swapped pairwise from both ends, so objects
 *    are deleted in the reverse of the order they were created in. The same wave numbers are reused, so prunes
 *    interleave with the creation waves (§4.2 case 14).
 * 2. PruneLast: prune tasks whose live object says `PruneLast=true`, or all of them with the app option, move to
 *    one wave after the last Sync-phase wave (prunes included, at least 0) — still before PostSync hooks.
 */
export function reorderPruneWaves(tasks: readonly SyncTask[], pruneLast: boolean): void {
  const byWave = new Map<number, SyncTask[]>();
  for (const task of tasks) {
    if (!isPruneTask(task)) continue;
    const wave = taskWave(task);
    const group = byWave.get(wave);
    if (group) group.push(task);
    else byWave.set(wave, [task]);
  }
  const waves = [...byWave.keys()].sort((a, b) => a - b);
  for (let i = 0; i < Math.floor(waves.length / 2); i++) {
    const low = waves[i];
    const high = waves[waves.length - 1 - i];
    for (const task of byWave.get(low) ?? []) task.waveOverride = high;
    for (const task of byWave.get(high) ?? []) task.waveOverride = low;
  }

  let lastSyncWave = 0;
  for (const task of tasks) if (task.phase === 'Sync') lastSyncWave = Math.max(lastSyncWave, taskWave(task));
  for (const task of tasks) {
    if (isPruneTask(task) && (pruneLast || hasSyncOption(task.live, syncOptionPruneLast)))
      task.waveOverride = lastSyncWave + 1;
  }
}
