import { planSync, type KubeObject, type PlanInput, type PlannedTask } from '../../engine';

export type PlanOptions = PlanInput['options'];

/** The app's objects in the cluster when the story's sync starts, as far as the order table needs them. */
export interface LiveBefore {
  /** Objects the app manages (hooks left by earlier syncs included): they make updates and prune candidates. */
  managed: KubeObject[];
  /** Everything a GET would find, i.e. `managed` plus namespaces that CreateNamespace=true made. */
  all: KubeObject[];
}

/**
 * Replay the scenario's history (every revision before the synced one) on paper, to know what is live before
 * the sync: what each earlier sync would create or update stays, what it would prune goes. The page's
 * simulation result holds only the cluster at the end, so this is the order table's stand-in for the live
 * state at t = 0. It assumes every earlier sync succeeded: hooks with `HookSucceeded` are gone, other hooks
 * stay (BeforeHookCreation deletes them only when they run again, §2.14), and SyncFail hooks never ran.
 */
export function liveBefore(history: readonly (readonly KubeObject[])[], options: PlanOptions): LiveBefore {
  const managed = new Map<string, KubeObject>();
  const namespaces = new Map<string, KubeObject>();
  for (const desired of history) {
    const live = [...managed.values()];
    const plan = planSync({ desired, live, options, ports: { getLive: (ref) => findLive(live, ref) } });
    for (const task of plan.tasks) {
      const key = keyOf(task);
      if (task.action === 'prune') managed.delete(key);
      if (task.action !== 'create' && task.action !== 'update') continue;
      if (task.phase === 'SyncFail') continue;
      if (task.isHook && task.deletePolicies.includes('HookSucceeded')) {
        managed.delete(key);
        continue;
      }
      const object = objectOf(desired, task);
      if (object) managed.set(key, object);
      // §2.7 step 1: the namespace CreateNamespace=true made is in the cluster, but not one of the app's objects.
      else if (task.kind === 'Namespace') namespaces.set(key, namespaceObject(task.name));
    }
  }
  const list = [...managed.values()];
  return { managed: list, all: [...list, ...namespaces.values()] };
}

/** A GET by group, kind, namespace (ignored when the object has none) and name. */
export function findLive(
  objects: readonly KubeObject[],
  ref: { group: string; kind: string; namespace: string; name: string },
): KubeObject | undefined {
  return objects.find(
    (obj) =>
      groupOf(obj.apiVersion) === ref.group &&
      obj.kind === ref.kind &&
      obj.metadata.name === ref.name &&
      (!obj.metadata.namespace || !ref.namespace || obj.metadata.namespace === ref.namespace),
  );
}

/** The desired object a planned task came from, with the namespace the sync gave it. */
function objectOf(desired: readonly KubeObject[], task: PlannedTask): KubeObject | undefined {
  const found = desired.find(
    (obj) =>
      obj.kind === task.kind &&
      obj.metadata?.name === task.name &&
      groupOf(obj.apiVersion) === task.group &&
      (obj.metadata.namespace ?? task.namespace) === task.namespace,
  );
  if (!found) return undefined;
  return { ...found, metadata: { ...found.metadata, namespace: found.metadata.namespace ?? task.namespace } };
}

function namespaceObject(name: string): KubeObject {
  return { apiVersion: 'v1', kind: 'Namespace', metadata: { name } };
}

function keyOf(task: PlannedTask): string {
  return `${task.group}/${task.kind}/${task.namespace}/${task.name}`;
}

/** The API group of an apiVersion: `apps/v1` → `apps`, `v1` → '' (the core group). */
function groupOf(apiVersion: string | undefined): string {
  const slash = (apiVersion ?? '').indexOf('/');
  return slash < 0 ? '' : (apiVersion ?? '').slice(0, slash);
}
