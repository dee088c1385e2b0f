import { toTimestamp, type SimClock } from '../clock';
import type { Rng } from '../random';
import type { KubeObject, ObjectRef } from '../types';
import { clone, deepEqual } from '../util/clone';
import { alreadyExists, ApiError, notFound } from './apiError';
import { applyDefaults } from './defaults';
import { definedFields } from './definedFields';
import { isNamespaced, keyOf, refOf } from './gvk';
import { LabelIndex, matchLabels } from './labelIndex';
import { compareObjects } from './objectOrder';
import { OwnerIndex } from './ownerIndex';
import { mergeMaps, threeWay } from './threeWayMerge';
import { newUid } from './uid';

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface WatchEvent {
  type: WatchEventType;
  object: KubeObject;
  /** The object before a MODIFIED or DELETED event. */
  old?: KubeObject;
}

export type PropagationPolicy = 'Foreground' | 'Background' | 'Orphan';

export interface ListOptions {
  kind?: string;
  group?: string;
  namespace?: string;
  /** Only objects with an ownerReference to this uid. */
  ownerUid?: string;
  /** Only objects whose labels contain every pair. */
  labels?: Record<string, string>;
  /** Only objects of this kind that no controller owns (candidates for adoption). */
  orphansOf?: string;
}

export type ApplyOutcome = 'created' | 'configured' | 'unchanged';

/** Finalizers the garbage collector handles (Kubernetes' own names). */
export const FOREGROUND_FINALIZER = 'foregroundDeletion';
export const ORPHAN_FINALIZER = 'orphan';

/** The top-level fields `setField` leaves to their own writers (create, apply, patch, setStatus). */
const ownedFields: ReadonlySet<string> = new Set([
  'apiVersion',
  'kind',
  'metadata',
  'spec',
  'data',
  'status',
]);

/**
 * The fake API server's object store. It keeps what Kubernetes keeps on every object (uid, resourceVersion,
 * generation bumped on spec change, creationTimestamp, deletionTimestamp, finalizers) and tells watchers about
 * every change, synchronously and in order.
 *
 * Objects handed out are the stored ones: treat them as read-only and change them with `patch`, `apply` or
 * `setStatus`, which copy, compare and bump versions.
 */
export class ObjectStore {
  private readonly objects = new Map<string, KubeObject>();
  /** A second index by kind, so a controller lists its kind without scanning the whole cluster. */
  private readonly byKind = new Map<string, Map<string, KubeObject>>();
  /** A third index, by owner uid, for the garbage collector and controllers listing their dependents. */
  private readonly byOwner = new OwnerIndex();
  /** Keys of objects without a controller ownerReference, by kind. */
  private readonly orphans = new Map<string, Set<string>>();
  /** Keys of objects by kind and label, for label selectors. */
  private readonly byLabel = new LabelIndex();
  /** Pods being deleted gracefully: removed only once the kubelet has stopped their containers. */
  private readonly graceful = new Set<string>();
  private watchers: ReadonlyArray<(event: WatchEvent) => void> = [];
  private resourceVersion = 0;
  private uidCounter = 0;
  /** What `kubectl apply` last applied per object (kubectl keeps it in an annotation; we keep it aside). */
  private readonly lastApplied = new Map<string, KubeObject>();

  constructor(
    private readonly clock: SimClock,
    private readonly rng: Rng,
  ) {}

  /** Subscribe to every change; returns the unsubscribe function. */
  watch(listener: (event: WatchEvent) => void): () => void {
    this.watchers = [...this.watchers, listener];
    return () => {
      const i = this.watchers.indexOf(listener);
      if (i >= 0) this.watchers = this.watchers.filter((_, k) => k !== i);
    };
  }

  get(ref: ObjectRef): KubeObject | undefined {
    return this.objects.get(keyOf(ref));
  }

  /**
   * `get` by a key `keyOf` made once: for readers of one object at every task of every tick (the Application and
   * its AppProject during a sync), where building the key again was a visible share of a big app's run.
   */
  getByKey(key: string): KubeObject | undefined {
    return this.objects.get(key);
  }

  /** Every object matching the options, in a stable order (namespace, kind, then name). */
  list(options: ListOptions = {}): KubeObject[] {
    return this.scan(options).sort(compareObjects);
  }

  /**
   * The objects matching the options in storage order, unsorted: for callers that count, test or visit every
   * match and do not depend on the order (sorting on every call was the store's main cost in large apps).
   *
   * An array, not a generator: a generator made an object per match plus one per call, in the controllers'
   * every reconcile, and runs slowly until the JIT has seen it for a while (most of a first run).
   */
  scan(options: ListOptions = {}): KubeObject[] {
    const out: KubeObject[] = [];
    if (options.orphansOf) {
      for (const key of this.orphans.get(options.orphansOf) ?? []) this.collect(out, key, options);
      return out;
    }
    const labelled =
      options.kind && !options.ownerUid ? this.byLabel.candidates(options.kind, options.labels) : undefined;
    // The indexes' Sets and Maps are walked with forEach, which makes no iterator result per element while this
    // runs uncompiled (every controller lists through it; 1 MB of a cold 1,000-resource run's garbage).
    if (labelled) labelled.forEach((key) => this.collect(out, key, options));
    else if (options.ownerUid)
      for (const key of this.byOwner.keys(options.ownerUid)) this.collect(out, key, options);
    else
      (options.kind ? this.byKind.get(options.kind) : this.objects)?.forEach((obj) => {
        if (this.matches(obj, options)) out.push(obj);
      });
    return out;
  }

  /**
   * What `ownerUid` owns, matching the options, in key order: by name among one kind in one namespace. The order
   * is kept between calls until the owner's dependents change (ownerIndex.ts), so it costs a scan, not a sort.
   */
  scanOwnedInOrder(options: ListOptions & { ownerUid: string }): KubeObject[] {
    const out: KubeObject[] = [];
    for (const key of this.byOwner.sortedKeys(options.ownerUid)) this.collect(out, key, options);
    return out;
  }

  private collect(out: KubeObject[], key: string, options: ListOptions): void {
    const obj = this.objects.get(key)!;
    if (this.matches(obj, options)) out.push(obj);
  }

  private matches(obj: KubeObject, options: ListOptions): boolean {
    if (options.kind && obj.kind !== options.kind) return false;
    if (options.group !== undefined && refOf(obj).group !== options.group) return false;
    if (options.namespace !== undefined && (obj.metadata.namespace ?? '') !== options.namespace) return false;
    if (options.labels && !matchLabels(obj.metadata.labels, options.labels)) return false;
    return true;
  }

  /** Create an object (POST). Fills in name from generateName, uid, versions, timestamps and defaults. */
  create(input: KubeObject): KubeObject {
    const obj = applyDefaults(input);
    const meta = obj.metadata;
    if (!meta.name && meta.generateName) meta.name = meta.generateName + this.rng.suffix(5);
    if (!meta.name)
      throw new ApiError('Invalid', `${obj.kind} must have metadata.name or metadata.generateName`);
    if (!isNamespaced(obj.kind)) delete meta.namespace;
    else meta.namespace ??= 'default';
    const key = keyOf(refOf(obj));
    if (this.objects.has(key)) throw alreadyExists(refOf(obj));
    meta.uid = this.nextUid();
    meta.resourceVersion = String(++this.resourceVersion);
    meta.generation = 1;
    meta.creationTimestamp = toTimestamp(this.clock.now());
    delete meta.deletionTimestamp;
    // The API server creates every Pod `Pending` (podStrategy.PrepareForCreate); without a phase its health would
    // be Unknown (argocd-semantics.md §3.6) until the scheduler's first write. A status given on create (live
    // state loaded from a file) is kept, so that the kubelet can adopt it.
    if (obj.kind === 'Pod' && obj.apiVersion === 'v1' && !obj.status?.phase)
      obj.status = { ...obj.status, phase: 'Pending' };
    this.put(key, obj);
    this.emit({ type: 'ADDED', object: obj });
    return obj;
  }

  /**
   * `kubectl apply`: create the object, or merge the manifest into it three ways like kubectl: fields in the new
   * manifest win, fields only in the previously applied manifest are removed, and fields the cluster set itself
   * (status, a Service's clusterIP, a Deployment's revision annotation, defaults) are kept.
   */
  apply(input: KubeObject): { object: KubeObject; outcome: ApplyOutcome } {
    const key = keyOf(refOf(input));
    const existing = this.objects.get(key);
    if (!existing) {
      const object = this.create(input);
      this.lastApplied.set(key, clone(input));
      return { object, outcome: 'created' };
    }
    const previous: Partial<KubeObject> = this.lastApplied.get(key) ?? {};
    const next = clone(existing);
    const desired = clone(input);
    const meta = desired.metadata;
    next.metadata.labels = mergeMaps(existing.metadata.labels, previous.metadata?.labels, meta.labels);
    next.metadata.annotations = mergeMaps(
      existing.metadata.annotations,
      previous.metadata?.annotations,
      meta.annotations,
    );
    if (meta.finalizers) {
      next.metadata.finalizers = [...new Set([...(next.metadata.finalizers ?? []), ...meta.finalizers])];
    }
    for (const field of new Set([...Object.keys(desired), ...Object.keys(previous)])) {
      if (field === 'metadata' || field === 'status' || field === 'apiVersion' || field === 'kind') continue;
      const merged = threeWay(existing[field], previous[field], desired[field]);
      if (merged === undefined) delete next[field];
      else next[field] = merged;
    }
    next.apiVersion = desired.apiVersion;
    this.lastApplied.set(key, clone(input));
    const changed = this.write(existing, applyDefaults(next));
    return { object: this.objects.get(key)!, outcome: changed ? 'configured' : 'unchanged' };
  }

  /**
   * Change an object through a copy: `mutate` edits the copy, and the store bumps resourceVersion (and
   * generation when the spec changed) only if something differs. Returns the stored object.
   */
  patch(ref: ObjectRef, mutate: (draft: KubeObject) => void): KubeObject {
    // The key is made once for both reads (every status and patch write of every object comes through here).
    const key = keyOf(ref);
    const existing = this.objects.get(key);
    if (!existing) throw notFound(ref);
    const next = clone(existing);
    mutate(next);
    this.write(existing, next);
    return this.objects.get(key) ?? next;
  }

  /**
   * Set one top-level field of an object, or remove it when `value` is undefined: what `patch` does with a mutation
   * of that field alone, but sharing every other field with the stored object instead of cloning the whole of it.
   * The Application's `operation` is written at a sync's start and removed at its end, beside a status of thousands
   * of rows: removing it cloned 21,393 values for the 1,000-resource bench app and 85,353 for the 4,000 one, and
   * compared them all again. Stored objects are read-only, so sharing them is safe (as `setStatus` does). Not for
   * the fields other writers own.
   */
  setField(ref: ObjectRef, field: string, value: KubeObject[string]): KubeObject {
    if (ownedFields.has(field)) throw new Error(`setField cannot write ${field}`);
    return this.replaceFields(ref, { [field]: value });
  }

  /**
   * Replace whole top-level fields of an object in one write: what `patch` writes when its mutation sets those
   * fields, sharing every other field with the stored object instead of cloning the whole of it (as `setField`
   * does for one field). The scheduler binds each pod so, with its spec and its status: a clone of every pod at its
   * binding was a copy of its labels, owner and containers that the object history then kept beside the first.
   * A field given as undefined is removed.
   */
  replaceFields(ref: ObjectRef, fields: Partial<KubeObject>): KubeObject {
    const key = keyOf(ref);
    const existing = this.objects.get(key);
    if (!existing) throw notFound(ref);
    // As `patch`'s copy would, the object and its metadata drop fields that are there but undefined (an
    // ApplicationSet writes an Application's annotations so when it has none).
    const next = definedFields(existing) as KubeObject;
    next.metadata = definedFields(existing.metadata);
    for (const field in fields) {
      if (!Object.prototype.hasOwnProperty.call(fields, field)) continue;
      if (fields[field] === undefined) delete next[field];
      else next[field] = fields[field];
    }
    this.write(existing, next, false, key);
    return this.objects.get(key) ?? next;
  }

  /** Replace the status of an object (the status subresource: no generation bump). */
  setStatus(ref: ObjectRef, status: KubeObject['status']): KubeObject {
    const key = keyOf(ref);
    const existing = this.objects.get(key);
    if (!existing) throw notFound(ref);
    // Only the status changes, so only the status is compared, and the rest of the object is shared with the
    // stored one instead of cloned: stored objects are read-only, and most status writes of a large app (the
    // kubelet re-rendering an unchanged pod) change nothing, so a whole-object clone and compare was wasted work.
    if (deepEqual(existing.status, status)) return existing;
    const next: KubeObject = { ...existing, metadata: { ...existing.metadata }, status };
    if (status === undefined) delete next.status;
    // The status differs and nothing else does, so the whole objects differ: `write` need not compare them again,
    // and the object's key is the one it was found under.
    this.write(existing, next, true, key);
    return this.objects.get(key) ?? next;
  }

  /**
   * DELETE. Objects without finalizers go at once (Pods wait for the kubelet's graceful termination); others get
   * a deletionTimestamp and stay until their finalizers are removed. Foreground and Orphan propagation add the
   * garbage collector's finalizers, as the API server does.
   */
  delete(
    ref: ObjectRef,
    options: { propagationPolicy?: PropagationPolicy; gracePeriodSeconds?: number } = {},
  ): void {
    const existing = this.get(ref);
    if (!existing) throw notFound(ref);
    if (existing.metadata.deletionTimestamp) return;
    const policy = options.propagationPolicy ?? 'Background';
    const key = keyOf(ref);
    const extraFinalizer =
      policy === 'Foreground' && this.hasDependents(existing)
        ? FOREGROUND_FINALIZER
        : policy === 'Orphan' && this.hasDependents(existing)
          ? ORPHAN_FINALIZER
          : undefined;
    const isPod = existing.kind === 'Pod';
    if (!isPod && !extraFinalizer && !existing.metadata.finalizers?.length) {
      this.remove(key, existing);
      return;
    }
    if (isPod) this.graceful.add(key);
    this.patch(ref, (draft) => {
      draft.metadata.deletionTimestamp = toTimestamp(this.clock.now());
      if (isPod) {
        draft.metadata.deletionGracePeriodSeconds =
          options.gracePeriodSeconds ?? draft.spec?.terminationGracePeriodSeconds ?? 30;
      }
      if (extraFinalizer) draft.metadata.finalizers = [...(draft.metadata.finalizers ?? []), extraFinalizer];
    });
  }

  /** Remove one finalizer; a deleting object with none left (and no graceful termination pending) goes. */
  removeFinalizer(ref: ObjectRef, finalizer: string): void {
    const existing = this.get(ref);
    if (!existing || !existing.metadata.finalizers?.includes(finalizer)) return;
    this.patch(ref, (draft) => {
      draft.metadata.finalizers = draft.metadata.finalizers!.filter((f) => f !== finalizer);
      if (draft.metadata.finalizers.length === 0) delete draft.metadata.finalizers;
    });
    this.collectIfDone(ref);
  }

  /** The kubelet calls this once a deleting pod's containers have stopped. */
  completeGracefulDeletion(ref: ObjectRef): void {
    this.graceful.delete(keyOf(ref));
    this.collectIfDone(ref);
  }

  /** Every stored object, in a stable order. */
  all(): KubeObject[] {
    return [...this.objects.values()].sort(compareObjects);
  }

  private hasDependents(owner: KubeObject): boolean {
    return this.byOwner.has(owner.metadata.uid ?? '');
  }

  private collectIfDone(ref: ObjectRef): void {
    const key = keyOf(ref);
    const obj = this.objects.get(key);
    if (obj?.metadata.deletionTimestamp && !obj.metadata.finalizers?.length && !this.graceful.has(key)) {
      this.remove(key, obj);
    }
  }

  private write(existing: KubeObject, next: KubeObject, differs = false, knownKey?: string): boolean {
    if (!differs && deepEqual(existing, next)) return false;
    if (!deepEqual(existing.spec, next.spec) || !deepEqual(existing.data, next.data)) {
      next.metadata.generation = (existing.metadata.generation ?? 1) + 1;
    }
    next.metadata.resourceVersion = String(++this.resourceVersion);
    const key = knownKey ?? keyOf(refOf(next));
    this.put(key, next);
    this.emit({ type: 'MODIFIED', object: next, old: existing });
    return true;
  }

  private put(key: string, obj: KubeObject): void {
    const before = this.objects.get(key);
    this.byOwner.update(key, before, obj);
    this.byLabel.update(key, before, obj);
    let orphanKeys = this.orphans.get(obj.kind);
    if (!orphanKeys) this.orphans.set(obj.kind, (orphanKeys = new Set()));
    if (obj.metadata.ownerReferences?.some((o) => o.controller)) orphanKeys.delete(key);
    else orphanKeys.add(key);
    this.objects.set(key, obj);
    let kindMap = this.byKind.get(obj.kind);
    if (!kindMap) this.byKind.set(obj.kind, (kindMap = new Map()));
    kindMap.set(key, obj);
  }

  private remove(key: string, obj: KubeObject): void {
    this.byOwner.update(key, obj, undefined);
    this.byLabel.remove(key, obj);
    this.orphans.get(obj.kind)?.delete(key);
    this.objects.delete(key);
    this.lastApplied.delete(key);
    this.byKind.get(obj.kind)?.delete(key);
    this.graceful.delete(key);
    this.emit({ type: 'DELETED', object: obj, old: obj });
  }

  private emit(event: WatchEvent): void {
    // `watch` and its unsubscribe replace the array rather than change it, so a watcher added or removed while
    // an event is delivered does not change who hears that event, without a copy at every write.
    for (const w of this.watchers) w(event);
  }

  /** Deterministic UIDs in the UUID shape, drawn from the seeded generator (uid.ts). */
  private nextUid(): string {
    this.uidCounter++;
    return newUid(this.rng);
  }
}
