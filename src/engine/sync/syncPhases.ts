import type { KubeObject, SyncPhase } from '../types';
import { syncPhases as allPhases } from '../types';
import { hookTypes, isHook, isSkip } from './hookTypes';

/** Sort order of the phases (gitops-engine `syncPhaseOrder`, argocd-semantics.md §1.2). */
export const syncPhaseOrder: Record<SyncPhase, number> = { PreSync: -1, Sync: 0, PostSync: 1, SyncFail: 2 };

/**
 * The phases an object gets a task in (§1.3 step 6): a plain resource is `[Sync]`, a Skip object none, and a
 * hook every distinct phase among its types, in phase order (Go iterates a map here; we sort for stability).
 */
export function syncPhasesOf(obj: KubeObject): SyncPhase[] {
  if (isSkip(obj)) return [];
  if (!isHook(obj)) return ['Sync'];
  const types: readonly string[] = hookTypes(obj);
  return allPhases.filter((phase) => types.includes(phase));
}
