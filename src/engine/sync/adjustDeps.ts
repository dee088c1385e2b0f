import { groupOf } from '../cluster/gvk';
import type { KubeObject } from '../types';
import { taskWave, type SyncTask } from './syncTask';

/** How one kind of dependency is recognised: which objects are one, and which objects need one. */
export interface Dependency {
  /** The dependency's key when `obj` is a dependency (a Namespace's name, a CRD's `group/Kind`). */
  provides(obj: KubeObject): string | undefined;
  /** The key of the dependency `obj` needs, if any. */
  needs(obj: KubeObject): string | undefined;
}

/** A core-group Namespace is needed by every task whose target sits in that namespace. */
export const namespaceDependency: Dependency = {
  provides: (obj) =>
    obj.kind === 'Namespace' && groupOf(obj.apiVersion ?? '') === '' ? (obj.metadata.name ?? '') : undefined,
  needs: (obj) => obj.metadata.namespace || undefined,
};

/** A CRD (`spec.group` + `spec.names.kind`) is needed by every object of that group and kind. */
export const crdDependency: Dependency = {
  provides: (obj) => {
    if (obj.kind !== 'CustomResourceDefinition' || groupOf(obj.apiVersion ?? '') !== 'apiextensions.k8s.io')
      return undefined;
    const group = obj.spec?.group;
    const kind = obj.spec?.names?.kind;
    return typeof group === 'string' && typeof kind === 'string' ? `${group}/${kind}` : undefined;
  },
  needs: (obj) => `${groupOf(obj.apiVersion ?? '')}/${obj.kind}`,
};

/**
 * Move each dependency that sorts after the first task needing it to just before that task, and give it that
 * task's phase and wave (argocd-semantics.md §2.5; engine `adjustDeps`). A dependency already earlier stays put.
 * Prune tasks (no target) are ignored. Example: a Namespace in Sync wave 2 referenced by a PreSync hook is
 * applied in PreSync wave 0 (§4.2 case 11).
 */
export function adjustDeps(tasks: SyncTask[], dependency: Dependency): void {
  const firstIndexByKey = new Map<string, number>();
  for (let i = 0; i < tasks.length; i++) {
    const task = tasks[i];
    if (!task.target) continue;
    const provided = dependency.provides(task.target);
    if (provided !== undefined) {
      const index = firstIndexByKey.get(provided);
      if (index === undefined) continue;
      const first = tasks[index];
      task.waveOverride = taskWave(first);
      task.phase = first.phase;
      tasks.splice(i, 1);
      tasks.splice(index, 0, task);
      for (const [key, at] of firstIndexByKey) if (at >= index) firstIndexByKey.set(key, at + 1);
      continue;
    }
    const needed = dependency.needs(task.target);
    if (needed !== undefined && !firstIndexByKey.has(needed)) firstIndexByKey.set(needed, i);
  }
}
