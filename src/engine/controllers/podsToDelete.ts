import type { KubeObject } from '../types';
import { isPodReady, readyCondition, restartCount } from './podAvailability';

/** Pod phases from the cheapest to the most expensive to lose (`ActivePods.Less`). */
const phaseRank: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };

/**
 * The `count` pods a scaling-down controller deletes first, ranked as Kubernetes' `ActivePods.Less`: pods
 * not yet on a node, then Pending before Running, not ready before ready, ready for a shorter time, more
 * restarts, and finally the newest. The name breaks the remaining ties so the choice never depends on order.
 */
export function podsToDelete(pods: KubeObject[], count: number): KubeObject[] {
  // Most reconciles delete nothing; ranking every pod then was the largest cost of a big ReplicaSet.
  if (count <= 0) return [];
  return [...pods].sort(comparePodsForDeletion).slice(0, Math.max(0, count));
}

function comparePodsForDeletion(a: KubeObject, b: KubeObject): number {
  const scheduled = Number(!!a.spec?.nodeName) - Number(!!b.spec?.nodeName);
  if (scheduled !== 0) return scheduled;
  const phase = (phaseRank[a.status?.phase] ?? 0) - (phaseRank[b.status?.phase] ?? 0);
  if (phase !== 0) return phase;
  const ready = Number(isPodReady(a)) - Number(isPodReady(b));
  if (ready !== 0) return ready;
  if (isPodReady(a)) {
    // Ready more recently goes first: it has served traffic for less time.
    const since = compareStrings(
      readyCondition(b)?.lastTransitionTime ?? '',
      readyCondition(a)?.lastTransitionTime ?? '',
    );
    if (since !== 0) return since;
  }
  const restarts = restartCount(b) - restartCount(a);
  if (restarts !== 0) return restarts;
  const created = compareStrings(b.metadata.creationTimestamp ?? '', a.metadata.creationTimestamp ?? '');
  if (created !== 0) return created;
  return compareStrings(b.metadata.name ?? '', a.metadata.name ?? '');
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
