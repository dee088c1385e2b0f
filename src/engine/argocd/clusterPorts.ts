import { ApiError } from '../cluster/apiError';
import type { Cluster } from '../cluster/cluster';
import { applyDefaults } from '../cluster/defaults';
import { groupOf, isNamespaced, kubectlName, refOf } from '../cluster/gvk';
import type { ObjectStore } from '../cluster/store';
import type { PropagationPolicy as StorePolicy } from '../cluster/store';
import { healthOf } from '../health/healthOf';
import type { HealthOverrides } from '../health/healthOverrides';
import type { SyncPorts } from '../sync';
import type { KubeObject } from '../types';
import { deepEqual } from '../util/clone';
import { decodingProblem } from '../cluster/decodingError';
import { discoveryError } from '../cluster/discovery';
import { invalidLabelsMessage } from '../apimachinery/validateLabels';
import { unknownFieldProblem } from '../cluster/unknownField';
import { withTracking } from './tracking';

/**
 * The sync engine's view of the fake cluster (src/engine/sync/ports.ts): kubectl apply/replace/create, delete with
 * a propagation policy, finalizer removal, GETs, health and API discovery. Errors come back in kubectl's words.
 */
export function clusterPorts(
  cluster: Cluster,
  app: string,
  shouldTrack: (obj: KubeObject) => boolean = () => true,
  healthOverrides?: HealthOverrides,
  /**
   * Refuse a namespaced object whose namespace does not exist, as the API server does (argocd-semantics.md §5.2;
   * not caught by the client-side dry run). The single-app form's cluster has every namespace it needs.
   */
  strictNamespaces = false,
): SyncPorts {
  const store = cluster.store;
  return {
    getLive: (ref) => store.get(ref),
    health: (obj, isHook) => healthOf(obj, { isHook, overrides: healthOverrides }),
    discover: (group, version, kind) => discoveryError(store, group, version, kind),
    apply(obj, opts) {
      const ref = refOf(obj);
      const name = kubectlName(ref);
      // kubectl apply refuses an unnamed object before any request, dry run included, with this message
      // (argocd-semantics.md §2.14: non-hook resources are never named; e2e TestNamingNonHookResource).
      if (!obj.metadata.name && opts.verb === 'apply')
        return {
          ok: false,
          message: `from ${obj.metadata.generateName ?? ''}: cannot use generate name with apply`,
        };
      const live = store.get(ref);
      // A client-side dry run (what Argo CD runs, §2.7) does not see the server's immutability checks; a
      // replace (PUT) is validated like an apply (PATCH).
      const immutable =
        live && !opts.dryRun && opts.verb !== 'create' ? immutableChange(live, obj) : undefined;
      // With Force=true (§4.4 case 40) `kubectl replace --force` always deletes and re-creates the object, and
      // `kubectl apply --force` does so when the server refuses the patch: a changed Job runs again.
      const recreate = !!live && !opts.dryRun && opts.force && (opts.verb === 'replace' || !!immutable);
      if (immutable && !recreate) return { ok: false, message: immutable };
      if (opts.dryRun)
        return {
          ok: true,
          action: live ? 'configured' : 'created',
          message: `${name} ${live ? 'configured' : 'created'} (dry run)`,
        };
      // The API server validates labels on every write, and fields unless told not to (Validate=false); kubectl's
      // client-side dry run above does neither.
      // It decodes the object into its Go types first, whatever the validation (TestSyncOptionValidateFalse).
      const invalid =
        decodingProblem(obj)?.message ??
        invalidLabelsMessage(obj) ??
        (opts.validate ? unknownFieldProblem(obj) : undefined);
      if (invalid) return { ok: false, message: invalid };
      if (strictNamespaces && isNamespaced(obj.kind) && !namespaceExists(store, ref.namespace))
        return { ok: false, message: `namespaces "${ref.namespace}" not found` };
      try {
        const tracked = shouldTrack(obj) ? withTracking(app, obj) : obj;
        if (opts.verb === 'create' || (opts.verb === 'replace' && !live)) {
          store.create(tracked);
          return { ok: true, action: 'created', message: `${name} created` };
        }
        if (recreate) {
          store.delete(ref, { propagationPolicy: 'Background' });
          store.create(tracked);
          return {
            ok: true,
            action: 'configured',
            message: `${name} ${opts.verb === 'replace' ? 'replaced' : 'configured'}`,
          };
        }
        if (opts.verb === 'replace' || opts.verb === 'update') {
          store.patch(ref, (draft) => {
            // The API server defaults what a PUT leaves out, as on create; a Deployment's template without its
            // defaults would never match its ReplicaSets' and the controller would create one after another.
            const replaced = applyDefaults(tracked);
            for (const key of Object.keys(draft))
              if (!['apiVersion', 'kind', 'metadata', 'status'].includes(key)) delete draft[key];
            for (const key of Object.keys(replaced))
              if (!['metadata', 'status'].includes(key)) draft[key] = replaced[key];
            draft.metadata.labels = tracked.metadata.labels;
            draft.metadata.annotations = tracked.metadata.annotations;
          });
          return {
            ok: true,
            action: 'configured',
            message: `${name} ${opts.verb === 'replace' ? 'replaced' : 'configured'}`,
          };
        }
        const { outcome } = store.apply(tracked);
        // `kubectl apply --server-side` prints `serverside-applied` whatever happened, and Argo CD keeps that as
        // the result message (controller/testdata/diff-cache.yaml).
        return {
          ok: true,
          action: outcome,
          message: opts.serverSideApply ? `${name} serverside-applied` : `${name} ${outcome}`,
        };
      } catch (error) {
        return { ok: false, message: error instanceof Error ? error.message : String(error) };
      }
    },
    delete(ref, opts) {
      if (!store.get(ref)) return { ok: true, notFound: true };
      try {
        store.delete(ref, { propagationPolicy: storePolicy(opts.propagationPolicy) });
        return { ok: true };
      } catch (error) {
        if (error instanceof ApiError && error.reason === 'NotFound') return { ok: true, notFound: true };
        return { ok: false, message: error instanceof Error ? error.message : String(error) };
      }
    },
    removeFinalizer(ref, finalizer) {
      if (!store.get(ref)) return { ok: true, notFound: true };
      store.removeFinalizer(ref, finalizer);
      return { ok: true };
    },
  };
}

function namespaceExists(store: ObjectStore, namespace: string): boolean {
  return store.get({ group: '', kind: 'Namespace', namespace: '', name: namespace }) !== undefined;
}

function storePolicy(policy: string): StorePolicy {
  return policy === 'background' ? 'Background' : policy === 'orphan' ? 'Orphan' : 'Foreground';
}

/**
 * The API server's immutability checks that matter for syncs: a Job's pod template cannot change (so a named
 * hook Job without BeforeHookCreation cannot be re-applied with a new spec, argocd-semantics.md §6.8), a Pod's
 * spec can only change its images (§4.9 case 90, e2e TestInvalidlHookWaitsForOtherHooksToComplete), an immutable
 * Secret's or ConfigMap's data cannot change, and no workload's selector can.
 */
function immutableChange(live: KubeObject, desired: KubeObject): string | undefined {
  const kind = desired.kind;
  const name = desired.metadata.name;
  if (
    kind === 'Job' &&
    desired.spec?.template &&
    !templateEquivalent(desired.spec.template, live.spec?.template)
  ) {
    return `Job.batch "${name}" is invalid: spec.template: Invalid value: "...": field is immutable`;
  }
  if (kind === 'Pod' && groupOf(desired.apiVersion ?? '') === '') return podUpdateError(live, desired);
  // An immutable Secret or ConfigMap keeps its data (ValidateSecretUpdate, ValidateConfigMapUpdate; e2e
  // TestImmutableChange): only a Force=true sync, which deletes and re-creates it, changes it.
  if ((kind === 'Secret' || kind === 'ConfigMap') && live.immutable === true) {
    for (const field of ['data', 'binaryData', 'stringData'] as const)
      if (field in desired && !deepEqual(desired[field], live[field]))
        return `${kind} "${name}" is invalid: ${field === 'stringData' ? 'data' : field}: Forbidden: field is immutable when \`immutable\` is set`;
  }
  if (
    ['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet'].includes(kind) &&
    desired.spec?.selector &&
    live.spec?.selector
  ) {
    if (!deepEqual(desired.spec.selector, live.spec.selector)) {
      return `${kind}.apps "${name}" is invalid: spec.selector: Invalid value: "...": field is immutable`;
    }
  }
  return undefined;
}

/** The live template carries the Job controller's labels and API defaults; compare only what Git sets. */
function templateEquivalent(want: KubeObject['spec'], have: KubeObject['spec']): boolean {
  const containersWant = (want?.spec?.containers ?? []).map((c: KubeObject['spec']) => [
    c.name,
    c.image,
    c.command,
    c.args,
  ]);
  const containersHave = (have?.spec?.containers ?? []).map((c: KubeObject['spec']) => [
    c.name,
    c.image,
    c.command,
    c.args,
  ]);
  return JSON.stringify(containersWant) === JSON.stringify(containersHave);
}

/**
 * Kubernetes' `ValidatePodUpdate`, for what the sandbox models: containers cannot be added or removed, and only
 * their images may change. Both messages are the API server's own.
 */
function podUpdateError(live: KubeObject, desired: KubeObject): string | undefined {
  const want: KubeObject['spec'][] = desired.spec?.containers ?? [];
  const have: KubeObject['spec'][] = live.spec?.containers ?? [];
  const prefix = `Pod "${desired.metadata.name}" is invalid: `;
  if (want.length !== have.length)
    return `${prefix}spec.containers: Forbidden: pod updates may not add or remove containers`;
  const shape = (c: KubeObject['spec']) => [c.name, c.command, c.args];
  if (JSON.stringify(want.map(shape)) === JSON.stringify(have.map(shape))) return undefined;
  return (
    `${prefix}spec: Forbidden: pod updates may not change fields other than \`spec.containers[*].image\`,` +
    '`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing ' +
    'tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)'
  );
}
