import {
  annotationKeyHook,
  annotationKeyHookDeletePolicy,
  hookFinalizer,
} from '../../src/engine/annotations';
import { keyOf, kubectlName, refOf } from '../../src/engine/cluster/gvk';
import type {
  HealthStatus,
  HealthStatusCode,
  KubeObject,
  ObjectRef,
  SyncPhase,
} from '../../src/engine/types';
import { clone, deepEqual } from '../../src/engine/util/clone';
import type {
  ApplyOptions,
  ApplyResult,
  DeleteResult,
  FinalizerResult,
  SyncPorts,
} from '../../src/engine/sync/ports';
import type { SyncResultRow } from '../../src/engine/sync/results';
import type { SyncOperationOptions, SyncTickInput, TickOutcome } from '../../src/engine/sync/syncInput';
import { syncTick } from '../../src/engine/sync/tick';

/**
 * An in-memory stand-in for the cluster, shaped like gitops-engine's test fakes (`MockResourceOps`, the fake
 * dynamic client, `resourceNameHealthOverride`): a map of objects, health forced by object name, failure
 * injection per name, and a log of every call so tests can count finalizer removals and deletions.
 * It is only used by the tests of this folder.
 */
export class FakeCluster implements SyncPorts {
  readonly objects = new Map<string, KubeObject>();
  readonly applies: Array<{ name: string } & ApplyOptions> = [];
  readonly deletes: Array<{ name: string; propagationPolicy: string }> = [];
  readonly finalizerRemovals: string[] = [];
  /** Health by object name (message `test`); null means "no health check". */
  readonly healthByName = new Map<string, HealthStatusCode | null>();
  /** Health of every object without an override; null = no health check (like a ConfigMap). */
  defaultHealth: HealthStatusCode | null = null;
  /** Apply fails with this message; with `dryRun` the dry run fails too (MockResourceOps `ExecuteForDryRun`). */
  readonly applyFailures = new Map<string, { message: string; dryRun?: boolean }>();
  readonly deleteFailures = new Map<string, string>();
  /** Delete answers NotFound although the object was live a moment ago (a race with Kubernetes). */
  readonly deleteNotFound = new Set<string>();
  readonly finalizerFailures = new Map<string, string>();
  /** Objects that stay `Terminating` after a delete (a foreground deletion waiting for dependents). */
  readonly slowDeletes = new Set<string>();
  /** Objects the app's cache does not list although the API has them (the app does not track them). */
  readonly untracked = new Set<string>();
  knownKind?: (group: string, kind: string) => boolean;
  permission?: (obj: KubeObject) => string | undefined;

  constructor(live: readonly KubeObject[] = []) {
    for (const obj of live) this.put(obj);
  }

  put(obj: KubeObject): void {
    this.objects.set(keyOf(refOf(obj)), clone(obj));
  }

  find(name: string): KubeObject | undefined {
    return [...this.objects.values()].find((o) => o.metadata.name === name);
  }

  remove(name: string): void {
    for (const [key, obj] of this.objects) if (obj.metadata.name === name) this.objects.delete(key);
  }

  /** The app's live objects, as its cache would list them. */
  live(): KubeObject[] {
    return [...this.objects.values()].filter((o) => !this.untracked.has(o.metadata.name ?? '')).map(clone);
  }

  getLive(ref: ObjectRef): KubeObject | undefined {
    const obj = this.objects.get(keyOf(ref));
    return obj && clone(obj);
  }

  health(obj: KubeObject): HealthStatus | null {
    const name = obj.metadata.name ?? '';
    const status = this.healthByName.has(name) ? this.healthByName.get(name) : this.defaultHealth;
    return status === null || status === undefined ? null : { status, message: 'test' };
  }

  apply(obj: KubeObject, opts: ApplyOptions): ApplyResult {
    const name = obj.metadata.name ?? '';
    const failure = this.applyFailures.get(name);
    if (failure && (!opts.dryRun || failure.dryRun)) return { ok: false, message: failure.message };
    const ref = refOf(obj);
    const existing = this.objects.get(keyOf(ref));
    const action = !existing ? 'created' : deepEqual(existing, obj) ? 'unchanged' : 'configured';
    if (opts.dryRun) return { ok: true, action, message: `${kubectlName(ref)} ${action} (dry run)` };
    this.applies.push({ name, ...opts });
    this.put(obj);
    const verb = opts.verb === 'replace' ? 'replaced' : action;
    return { ok: true, action, message: `${kubectlName(ref)} ${verb}` };
  }

  delete(ref: ObjectRef, opts: { propagationPolicy: string }): DeleteResult {
    this.deletes.push({ name: ref.name, propagationPolicy: opts.propagationPolicy });
    const failure = this.deleteFailures.get(ref.name);
    if (failure) return { ok: false, message: failure };
    const key = keyOf(ref);
    const obj = this.objects.get(key);
    if (this.deleteNotFound.has(ref.name)) this.objects.delete(key);
    if (!obj || this.deleteNotFound.has(ref.name)) return { ok: false, notFound: true, message: 'not found' };
    if (this.slowDeletes.has(ref.name) || (obj.metadata.finalizers?.length ?? 0) > 0)
      obj.metadata.deletionTimestamp = '2026-01-01T00:00:00Z';
    else this.objects.delete(key);
    return { ok: true };
  }

  removeFinalizer(ref: ObjectRef, finalizer: string): FinalizerResult {
    this.finalizerRemovals.push(ref.name);
    const failure = this.finalizerFailures.get(ref.name);
    if (failure) return { ok: false, message: failure };
    const key = keyOf(ref);
    const obj = this.objects.get(key);
    if (!obj) return { ok: false, notFound: true };
    obj.metadata.finalizers = obj.metadata.finalizers?.filter((f) => f !== finalizer);
    if (obj.metadata.deletionTimestamp && !obj.metadata.finalizers?.length && !this.slowDeletes.has(ref.name))
      this.objects.delete(key);
    return { ok: true };
  }

  /** Discovery (§2.6): a kind `knownKind` refuses is in a group/version the fake API does not serve. */
  discover(group: string, version: string, kind: string): string | undefined {
    if (!this.knownKind || this.knownKind(group, kind)) return undefined;
    const groupVersion = group === '' ? version : `${group}/${version}`;
    return `failed to discover server resources for group version ${groupVersion}: the server could not find the requested resource`;
  }

  checkPermission(obj: KubeObject): string | undefined {
    return this.permission?.(obj);
  }
}

/** The minimal Pod of gitops-engine's tests (`testingutils.NewPod`): no status, no restartPolicy. */
export function pod(
  name = 'my-pod',
  annotations: Record<string, string> = {},
  namespace?: string,
): KubeObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace, annotations }, spec: {} };
}

export function svc(
  name = 'my-service',
  annotations: Record<string, string> = {},
  namespace?: string,
): KubeObject {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace, annotations }, spec: {} };
}

export const testNamespace = 'fake-argocd-ns';

/** gitops-engine's `newHook`: a Pod hook in the test namespace with one delete policy and the hook finalizer. */
export function hookPod(name: string, type: string, policy = 'BeforeHookCreation'): KubeObject {
  const obj = pod(
    name,
    { [annotationKeyHook]: type, [annotationKeyHookDeletePolicy]: policy },
    testNamespace,
  );
  obj.metadata.finalizers = [hookFinalizer];
  return obj;
}

export function testOptions(overrides: Partial<SyncOperationOptions> = {}): SyncOperationOptions {
  return {
    namespace: testNamespace,
    revision: 'FooBarBaz',
    startedAt: 1700000000,
    prune: false,
    dryRun: false,
    syncOptions: [],
    pruneConfirmed: false,
    ...overrides,
  };
}

/** A running result row for a hook, as `WithInitialState` seeds them in gitops-engine's tests. */
export function runningRow(obj: KubeObject, order: number, syncPhase: SyncPhase = 'PreSync'): SyncResultRow {
  return {
    group: '',
    version: 'v1',
    kind: obj.kind,
    namespace: obj.metadata.namespace ?? '',
    name: obj.metadata.name ?? '',
    status: 'Synced',
    message: '',
    hookType: syncPhase,
    hookPhase: 'Running',
    syncPhase,
    order,
  };
}

/** Calls `syncTick` once per `tick()`, carrying the results over and reading live objects from the fake. */
export class SyncDriver {
  results: SyncResultRow[];

  constructor(
    readonly cluster: FakeCluster,
    public input: Omit<SyncTickInput, 'live' | 'results' | 'ports'> & { results?: SyncResultRow[] },
  ) {
    this.results = input.results ?? [];
  }

  tick(overrides: Partial<SyncTickInput> = {}): TickOutcome {
    const outcome = syncTick({
      ...this.input,
      live: this.cluster.live(),
      results: this.results,
      ports: this.cluster,
      ...overrides,
    });
    this.results = outcome.results;
    return outcome;
  }

  result(name: string): SyncResultRow | undefined {
    return this.results.find((r) => r.name === name);
  }
}

/** A fake cluster holding `live` and a driver of one sync of `desired` on it, with `testOptions(options)`. */
export function fakeSync(
  desired: KubeObject[],
  live: KubeObject[] = [],
  options: Partial<SyncOperationOptions> = {},
): { cluster: FakeCluster; sync: SyncDriver } {
  const cluster = new FakeCluster(live);
  return { cluster, sync: new SyncDriver(cluster, { desired, options: testOptions(options) }) };
}

/** `obj` in the test namespace, as an object the tests give live. */
export function inTestNamespace(obj: KubeObject): KubeObject {
  return { ...obj, metadata: { ...obj.metadata, namespace: testNamespace } };
}

/** A result row's sync status and hook phase, `Synced/Running`, as the tests compare them. */
export function resultText(sync: SyncDriver, name: string): string | undefined {
  const row = sync.result(name);
  return row && `${row.status}/${row.hookPhase}`;
}
