import type { Cluster, Controller } from '../cluster/cluster';
import { groupOf, refOf } from '../cluster/gvk';
import { resourceName } from '../cluster/apiError';
import type { KubeObject, ObjectRef } from '../types';
import { newDeploymentCondition } from './deploymentConditions';

/**
 * The finalizer that keeps a deleted Namespace until its content is gone. Kubernetes keeps it in
 * `spec.finalizers`; the sandbox's store only honours `metadata.finalizers`, so it lives there.
 */
export const NAMESPACE_FINALIZER = 'kubernetes';

/** How often a terminating Namespace checks whether its content is gone. */
const RECHECK_MS = 500;

/**
 * The namespace controller (k8s.io/kubernetes `pkg/controller/namespace`): a new Namespace is `Active`; a
 * deleted one is `Terminating` while everything in it is deleted, and goes once nothing is left. Its
 * conditions say what remains (`NamespaceContentRemaining`, `NamespaceFinalizersRemaining`), which is
 * how a namespace stuck on a finalizer shows itself.
 */
export const namespaceController: Controller = {
  name: 'namespace-controller',
  kinds: ['Namespace'],
  reconcile(ref: ObjectRef, cluster: Cluster): void {
    const ns = cluster.store.get(ref);
    // A Namespace deleted before it got its finalizer went at once; what was in it goes now.
    if (!ns) return deleteContent(cluster, ref.name);
    if (!ns.metadata.deletionTimestamp) {
      if (!ns.metadata.finalizers?.includes(NAMESPACE_FINALIZER) || ns.status?.phase !== 'Active') {
        cluster.store.patch(ref, (draft) => {
          draft.metadata.finalizers = [
            ...new Set([...(draft.metadata.finalizers ?? []), NAMESPACE_FINALIZER]),
          ];
          draft.status = { ...draft.status, phase: 'Active' };
        });
      }
      return;
    }
    const name = ns.metadata.name ?? '';
    deleteContent(cluster, name);
    const remaining = cluster.store.list({ namespace: name });
    if (remaining.length === 0) {
      cluster.store.removeFinalizer(ref, NAMESPACE_FINALIZER);
      return;
    }
    writeTerminating(cluster, ns, remaining);
    cluster.enqueue(namespaceController, ref, RECHECK_MS);
  },
};

function deleteContent(cluster: Cluster, namespace: string): void {
  for (const obj of cluster.store.list({ namespace }))
    if (!obj.metadata.deletionTimestamp) cluster.store.delete(refOf(obj));
}

function writeTerminating(cluster: Cluster, ns: KubeObject, remaining: KubeObject[]): void {
  const now = cluster.clock.now();
  const byResource = countBy(remaining, (o) => {
    const group = groupOf(o.apiVersion);
    return group ? resourceName({ group, kind: o.kind }) : `${resourceName({ group, kind: o.kind })}.`;
  });
  const byFinalizer = countBy(
    remaining.flatMap((o) => o.metadata.finalizers ?? []),
    (f) => f,
  );
  const conditions = [
    newDeploymentCondition(
      'NamespaceContentRemaining',
      'True',
      'SomeResourcesRemain',
      `Some resources are remaining: ${[...byResource].map(([r, n]) => `${r} has ${n} resource instances`).join(', ')}`,
      now,
    ),
    byFinalizer.size > 0
      ? newDeploymentCondition(
          'NamespaceFinalizersRemaining',
          'True',
          'SomeFinalizersRemain',
          `Some content in the namespace has finalizers remaining: ${[...byFinalizer].map(([f, n]) => `${f} in ${n} resource instances`).join(', ')}`,
          now,
        )
      : newDeploymentCondition(
          'NamespaceFinalizersRemaining',
          'False',
          'ContentHasNoFinalizers',
          'All content-preserving finalizers finished',
          now,
        ),
  ].map(({ lastUpdateTime: _, ...c }) => c);
  const previous = ns.status?.conditions ?? [];
  // Keep the old timestamps when nothing but the time changed, so the status is not rewritten every pass.
  const merged = conditions.map((c) => {
    const old = previous.find((p: { type: string }) => p.type === c.type);
    return old && old.status === c.status && old.reason === c.reason && old.message === c.message ? old : c;
  });
  cluster.store.setStatus(refOf(ns), { phase: 'Terminating', conditions: merged });
}

function countBy<T>(items: T[], key: (item: T) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of items) out.set(key(item), (out.get(key(item)) ?? 0) + 1);
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
