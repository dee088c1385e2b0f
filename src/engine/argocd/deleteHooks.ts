import { keyOf, refOf } from '../cluster/gvk';
import type { ObjectStore } from '../cluster/store';
import { healthOf } from '../health/healthOf';
import { isWorse } from '../health/healthOrder';
import type { HealthOverrides } from '../health/healthOverrides';
import { withNamespace } from './withNamespace';
import { withTracking } from './tracking';
import { deletePolicies, deleteHookTypes } from '../sync';
import type { KubeObject } from '../types';

/**
 * PreDelete and PostDelete hooks: what the application controller runs when an Application is deleted
 * (controller/hook.go `executeHooks`, `cleanupHooks`; argocd-semantics.md §5.5). The controller gives an
 * Application whose manifests hold such hooks a finalizer for each type and one for its cleanup
 * (`pre-delete-finalizer.argocd.argoproj.io`, `…/cleanup`, and the same for post-delete), and removes each as its step ends.
 */
export type DeleteHookType = 'PreDelete' | 'PostDelete';

// Argo CD's names (pkg/apis/application/v1alpha1/application_defaults.go PreDeleteFinalizerName,
// PostDeleteFinalizerName), in the argocd.argoproj.io domain as the resources finalizer is.
export const deleteHookFinalizer: Record<DeleteHookType, string> = {
  PreDelete: 'pre-delete-finalizer.argocd.argoproj.io',
  PostDelete: 'post-delete-finalizer.argocd.argoproj.io',
};

/** The finalizers an Application with these manifests carries for its delete hooks, in Argo CD's order. */
export function deleteHookFinalizers(targets: readonly KubeObject[]): string[] {
  const out: string[] = [];
  for (const type of ['PreDelete', 'PostDelete'] as const)
    if (targets.some((t) => deleteHookTypes(t).includes(type)))
      out.push(deleteHookFinalizer[type], `${deleteHookFinalizer[type]}/cleanup`);
  return out;
}

/**
 * The finalizers of an Application not being deleted, its delete-hook ones in step with its manifests: added when
 * the hooks are in Git, removed when they leave it (processAppRefreshQueueItem, "process_finalizers"); the same
 * array when nothing changes.
 */
export function withDeleteHookFinalizers(
  current: readonly string[],
  targets: readonly KubeObject[],
): readonly string[] {
  const wanted = deleteHookFinalizers(targets);
  const ours = new Set(Object.values(deleteHookFinalizer).flatMap((f) => [f, `${f}/cleanup`]));
  const next = current.filter((f) => !ours.has(f) || wanted.includes(f));
  for (const f of wanted) if (!next.includes(f)) next.push(f);
  return next.length === current.length && next.every((f, i) => f === current[i]) ? current : next;
}

/** What a step of the deletion needs: the store, the app, its manifests and what it manages now. */
export interface DeleteHookContext {
  store: ObjectStore;
  app: string;
  namespace: string;
  targets: readonly KubeObject[];
  live: readonly KubeObject[];
  healthOverrides?: HealthOverrides;
}

/**
 * `executeHooks`: create the hooks of `type` the manifests hold and that do not exist yet (then wait); wait while
 * one is Progressing; a Degraded one is deleted (so a fixed definition can run next time) and the step fails
 * with `<type> hook(s) failed: ns/name, …`; all Healthy (no health counts as Healthy) ends the step.
 */
export function executeDeleteHooks(
  ctx: DeleteHookContext,
  type: DeleteHookType,
): 'done' | 'waiting' | { failed: string } {
  const running = ctx.live.filter((o) => deleteHookTypes(o).includes(type));
  const runningKeys = new Set(running.map((o) => keyOf(refOf(o))));
  let created = 0;
  for (const target of ctx.targets) {
    if (!deleteHookTypes(target).includes(type)) continue;
    const obj = withNamespace(target, ctx.namespace);
    if (runningKeys.has(keyOf(refOf(obj))) || ctx.store.get(refOf(obj))) continue;
    ctx.store.create(withTracking(ctx.app, obj));
    created++;
  }
  if (created > 0) return 'waiting';
  let progressing = 0;
  const failed: KubeObject[] = [];
  for (const obj of running) {
    const status = hookHealth(obj, ctx.healthOverrides);
    if (status === 'Progressing') progressing++;
    else if (status === 'Degraded') failed.push(obj);
  }
  if (failed.length > 0) {
    for (const obj of failed) if (ctx.store.get(refOf(obj))) ctx.store.delete(refOf(obj));
    const names = failed.map((o) => `${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`);
    return { failed: `${type} hook(s) failed: ${names.join(', ')}` };
  }
  return progressing > 0 ? 'waiting' : 'done';
}

/**
 * `cleanupHooks`: the hooks of `type` still there are deleted when a policy says so for their combined health
 * (`HookSucceeded` when all are Healthy, `HookFailed` when one is Degraded); the step waits until those are gone.
 * A hook with no policy has the implicit `BeforeHookCreation`, which matches neither, so it outlives the
 * Application (e2e TestPostDeleteHook: the hook pod exists after the app is gone).
 */
export function cleanupDeleteHooks(ctx: DeleteHookContext, type: DeleteHookType): boolean {
  const hooks = ctx.live.filter((o) => deleteHookTypes(o).includes(type));
  let aggregated = 'Healthy';
  for (const obj of hooks) {
    const status = hookHealth(obj, ctx.healthOverrides);
    if (isWorse(aggregated, status)) aggregated = status;
  }
  let pending = 0;
  for (const obj of hooks) {
    const policies = deletePolicies(obj);
    const remove =
      (policies.includes('HookFailed') && aggregated === 'Degraded') ||
      (policies.includes('HookSucceeded') && aggregated === 'Healthy');
    if (!remove) continue;
    pending++;
    if (!obj.metadata.deletionTimestamp && ctx.store.get(refOf(obj))) ctx.store.delete(refOf(obj));
  }
  return pending === 0;
}

function hookHealth(obj: KubeObject, overrides: HealthOverrides | undefined): string {
  return healthOf(obj, { isHook: true, overrides })?.status ?? 'Healthy';
}
