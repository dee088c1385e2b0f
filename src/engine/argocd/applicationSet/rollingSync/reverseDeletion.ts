/**
 * `deletionOrder: Reverse` (progressive_sync.go `PerformReverseDeletion`; argocd-semantics.md §5.1, case 113):
 * while a RollingSync ApplicationSet is being deleted (held by `resources-finalizer.argocd.argoproj.io`, which the
 * controller adds to such a set when progressive syncs are on), its Applications are deleted one at a time, the
 * last step's first: each reconcile walks the apps in reverse step order, skips the ones already gone, waits (10 s
 * requeue) for one that is still being deleted, or deletes the next one and waits. Apps in no step are not in the
 * step map and are left to the garbage collector once the set itself goes.
 */
import type { KubeObject } from '../../../types';
import { buildAppDependencyList } from './buildAppDependencyList';
import { rolloutSteps } from './strategy';

/** `PerformReverseDeletion`'s fixed requeue. */
export const REVERSE_DELETION_REQUEUE_MS = 10_000;

/**
 * The owned apps in deletion order: `stepLength - step - 1` ascending. Go sorts a map's entries with the
 * unstable `sort.Slice`, so apps of one step come in no fixed order; the simulator takes them by name.
 */
export function reverseDeletionOrder(appSet: KubeObject, apps: readonly KubeObject[]): string[] {
  const { appStepMap } = buildAppDependencyList(appSet, apps);
  const stepLength = rolloutSteps(appSet).length;
  return [...appStepMap.entries()]
    .map(([name, step]) => ({ name, order: stepLength - step - 1 }))
    .sort((a, b) => a.order - b.order || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((e) => e.name);
}

/** What one pass asks for: delete this app now, wait for it, or nothing is left to delete. */
export type ReverseDeletionStep =
  { kind: 'delete'; app: string } | { kind: 'wait'; app: string } | { kind: 'done' };

/** One pass over the order, given the owned apps that still exist (deleting ones included). */
export function reverseDeletionStep(appSet: KubeObject, current: readonly KubeObject[]): ReverseDeletionStep {
  const byName = new Map(current.map((app) => [app.metadata.name ?? '', app]));
  for (const name of reverseDeletionOrder(appSet, current)) {
    const app = byName.get(name);
    if (!app) continue;
    if (app.metadata.deletionTimestamp) return { kind: 'wait', app: name };
    return { kind: 'delete', app: name };
  }
  return { kind: 'done' };
}
