import type { SimEvent } from '../engine';

/**
 * How many syncs self-heal has started by `t`: the automated operations after an app's first one with no commit
 * between (argocd-semantics §5.4: auto-sync syncs a revision once; another automated operation of the same
 * revision is self-heal's partial sync). Several of them, with the app OutOfSync again after each, are a fight
 * between self-heal and something in the cluster that changes what it applies (hpa-self-heal-fight).
 */
export function selfHealSyncs(events: readonly SimEvent[], t: number): number {
  let synced = false;
  let count = 0;
  for (const e of events) {
    if (e.t > t) break;
    if (e.type === 'commit') synced = false;
    else if (e.type === 'app-operation' && e.automated) {
      if (synced) count++;
      synced = true;
    }
  }
  return count;
}
