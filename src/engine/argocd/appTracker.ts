import type { SimClock } from '../clock';
import { keyOf, refOf } from '../cluster/gvk';
import type { ObjectStore, WatchEvent } from '../cluster/store';
import { healthOf } from '../health/healthOf';
import type { HealthOverrides } from '../health/healthOverrides';
import { isHook, isIgnored, isSkip, waveOf } from '../sync';
import type { HealthStatus, KubeObject, ObjectRef, SyncStatusCode } from '../types';
import type { ResourceStatus as ResourceRow } from './applicationTypes';
import { sameDiffInputs, syncStatusOf } from './compare';
import { normalizeIgnored, type IgnoreRule } from './ignoreDifferences';
import type { EventSink } from '../eventLog';
import { AppAggregate } from './appAggregate';
import { StatusRows } from './statusRows';
import { isTrackedBy } from './tracking';
import { fields, foldInput, isForeign, type Entry } from './trackerEntry';
import { withNamespace } from './withNamespace';
import { ARGOCD_NAMESPACE } from './controlPlanePorts';

const noObjects: KubeObject[] = [];

/**
 * What the Argo CD application controller computes at every refresh, independent of operations: the sync status
 * and health of each managed resource and of the app (argocd-semantics.md §1.7, §1.8). It follows the store's
 * watch events and writes `health`, `sync-status` and `app` events when something changes.
 *
 * Hooks are tracked for their health (the timeline draws them) but never compared and never counted in the app's
 * health. The app-level fold is recomputed once per virtual instant, however many objects changed in it.
 */
export class AppTracker {
  private readonly entries = new Map<string, Entry>();
  private appSync: SyncStatusCode | null = null;
  private appHealthStatus: HealthStatus | null = null;
  private foldQueued = false;
  /** The app's sync status and health as counts, kept up to date entry by entry (appAggregate.ts). */
  private readonly aggregate = new AppAggregate<Entry>();
  private nextSeq = 0;
  /** The Application's store key, made once: the rows read the Application at every row update. */
  private appKey: string | undefined;
  /** The rows of `status.resources`, kept between status writes. */
  private readonly rows = new StatusRows<Entry>(() =>
    this.options.store.getByKey(
      (this.appKey ??= keyOf({
        group: 'argoproj.io',
        kind: 'Application',
        namespace: ARGOCD_NAMESPACE,
        name: this.options.app,
      })),
    ),
  );
  /** The targets whose live copy another app's tracking annotation names (see `targetsLiveOfOthers`). */
  private readonly foreign = new Set<Entry>();
  /** The waves of Git's hooks by key: a live hook's row shows its Git hook's wave (state.go L1014-L1019). */
  private hookWaves = new Map<string, number>();
  /** The app's `spec.ignoreDifferences` (ignoreDifferences.ts), and its text, to notice a change. */
  private ignoreRules: readonly IgnoreRule[] = [];
  private ignoreText = '[]';
  private normalize: ((obj: KubeObject) => KubeObject) | undefined;
  private permitted: ((obj: KubeObject) => boolean) | undefined;
  private permittedKey = '';

  constructor(
    private readonly options: {
      app: string;
      namespace: string;
      store: ObjectStore;
      clock: SimClock;
      log: EventSink;
      /** argocd-cm health customizations (Lua), applied to every resource of the app. */
      healthOverrides?: HealthOverrides;
      /** Called when the app's own sync status or health changes (the control plane writes its status then). */
      onFold?: () => void;
    },
  ) {}

  /**
   * The app's ignored differences: each sync status is computed with them removed from both sides. A change of
   * the rules forgets every kept verdict, so the next refresh compares afresh.
   */
  setIgnoreDifferences(rules: readonly IgnoreRule[]): void {
    const text = JSON.stringify(rules);
    if (text === this.ignoreText) return;
    this.ignoreText = text;
    this.ignoreRules = rules;
    const namespace = this.options.namespace;
    this.normalize = rules.length === 0 ? undefined : (obj) => normalizeIgnored(rules, obj, namespace);
    for (const entry of this.entries.values()) entry.compared = undefined;
  }

  /**
   * The project's resource allow and deny lists (projectRules.ts `isGroupKindNamePermitted`): a target they do not
   * permit shows sync status Unknown in its row, while its diff still counts in the app's sync status (state.go
   * L1043-L1062 sets the app's OutOfSync before it overwrites the row). `key` names the rules, to notice a change.
   */
  setPermitted(permitted: ((obj: KubeObject) => boolean) | undefined, key: string): void {
    if (key === this.permittedKey) return;
    this.permittedKey = key;
    this.permitted = permitted;
  }

  /** The rules `setIgnoreDifferences` set. */
  get ignoreDifferences(): readonly IgnoreRule[] {
    return this.ignoreRules;
  }

  /**
   * Each desired object with the destination namespace filled in, one copy per object for the tracker's life:
   * a refresh that renders the same manifests again then gives each entry the very object it had, and its kept
   * sync status stands while its live object's spec does (a 1,000-resource sync's last comparison diffed every
   * resource again against a new copy of the same manifest). Targets are read-only, as the manifests are.
   */
  private readonly targets = new WeakMap<KubeObject, KubeObject>();

  private targetOf(obj: KubeObject): KubeObject {
    let target = this.targets.get(obj);
    if (!target) this.targets.set(obj, (target = withNamespace(obj, this.options.namespace)));
    return target;
  }

  /**
   * The desired state of the revision being synced: its non-hook resources are what the app compares. `emit`
   * writes the changes it makes to the log (a refresh in the control plane); `scanLive` looks through the whole
   * store for the app's live objects, which a tracker that has followed every watch event since the cluster was
   * empty does not need (the control plane's, so that refreshes never scan all objects).
   */
  setDesired(desired: readonly KubeObject[], emit = false, scanLive = true): void {
    for (const entry of this.entries.values()) {
      entry.desired = undefined;
      entry.skipped = false;
      entry.wave = 0;
    }
    this.hookWaves = new Map();
    for (const obj of desired) {
      if (isIgnored(obj)) continue;
      const target = this.targetOf(obj);
      if (isHook(obj)) {
        this.hookWaves.set(keyOf(refOf(target)), waveOf(obj).wave);
        continue;
      }
      const entry = this.entryFor(refOf(target), target);
      entry.wave = waveOf(obj).wave;
      // A Skip target is never applied or compared, but it still claims its live copy (state.go: "skipped
      // resources … don't store sync status, and do not affect overall sync status").
      if (isSkip(obj)) entry.skipped = true;
      else entry.desired = target;
    }
    if (scanLive)
      for (const obj of this.options.store.all())
        if (isTrackedBy(this.options.app, obj)) this.entryFor(refOf(obj), obj).live = obj;
    // A target's live copy is found by its key whoever tracks it (gitops-engine cache `GetManagedLiveObjs` reads
    // each target from the cluster): an app created after another applied the same object sees that app's
    // tracking id in its first comparison (SharedResourceWarning, and FailOnSharedResource fails its sync).
    for (const entry of this.entries.values())
      if (entry.desired && !entry.live) entry.live = this.options.store.get(entry.ref);
    for (const [key, entry] of this.entries) {
      if (entry.hook && !entry.desired && !entry.skipped) entry.wave = this.hookWaves.get(key) ?? 0;
      if (!entry.desired && !entry.live && !entry.skipped) this.drop(key, entry);
      else this.refresh(entry, emit);
    }
    this.fold(emit);
  }

  /**
   * Write the current health and sync status of every tracked object and of the app, so a log that starts at
   * t = 0 is complete on its own: resources that were live and Healthy before the sync, and do not change, still
   * have a state to draw.
   */
  emitBaseline(): void {
    const { log } = this.options;
    for (const entry of this.entries.values()) {
      if (entry.health) {
        log.push({
          type: 'health',
          ...fields(entry),
          status: entry.health.status,
          message: entry.health.message,
          hook: entry.hook,
        });
      }
      if (!entry.hook && entry.sync) log.push({ type: 'sync-status', ...fields(entry), status: entry.sync });
    }
    log.push({ type: 'app', sync: this.sync, health: this.health.status, message: this.health.message });
  }

  /**
   * Feed every watch event of the store. Returns whether the event concerned one of the app's resources and
   * changed what the app sees of it (its health, its sync status, or its presence): the control plane re-queues
   * the app's operation only then (argocd-semantics.md §5.0). The control plane, which feeds every app's tracker
   * each event, makes the object's ref and store key once for all of them (they are only read).
   */
  onWatch(event: WatchEvent, ref: ObjectRef = refOf(event.object), key: string = keyOf(ref)): boolean {
    let entry = this.entries.get(key);
    let before: string | undefined;
    if (!entry) {
      if (event.type === 'DELETED' || !isTrackedBy(this.options.app, event.object)) return false;
      entry = this.entryFor(ref, event.object);
    } else before = foldInput(entry);
    // What the app sees of the resource before the event, compared field by field afterwards (no string built).
    const healthBefore = entry.health;
    const syncBefore = entry.sync;
    const liveBefore = entry.live !== undefined;
    entry.live = event.type === 'DELETED' ? undefined : event.object;
    if (event.type !== 'DELETED') entry.hook = isHook(event.object);
    this.refresh(entry, true);
    if (!entry.desired && !entry.live && !entry.skipped) this.drop(key, entry);
    // Most changes (a status count, a health message) leave the app's sync status and health as they were.
    if (before !== foldInput(entry) || !this.entries.has(key)) this.queueFold();
    const health = entry.health;
    return (
      healthBefore?.status !== health?.status ||
      healthBefore?.message !== health?.message ||
      syncBefore !== entry.sync ||
      liveBefore !== (entry.live !== undefined)
    );
  }

  /**
   * `status.resources`: the app's resources with their sync status and health, live hooks and Skip targets
   * included (with neither), in Argo CD's order (group, kind, namespace, name). The one view of them the status,
   * auto-sync, selective syncs and the orphan check read: the same list until a row changes (statusRows.ts).
   */
  resources(): readonly ResourceRow[] {
    return this.rows.sorted(this.entries.values());
  }

  /** `resources()` as a comparison that could not load its targets shows them: every sync status Unknown. */
  unknownResources(): readonly ResourceRow[] {
    return this.rows.sortedUnknown(this.entries.values());
  }

  get sync(): SyncStatusCode {
    return this.appSync ?? 'Synced';
  }

  get health(): HealthStatus {
    return this.appHealthStatus ?? { status: 'Healthy', message: '' };
  }

  /**
   * The live objects of the app's targets (Git's non-hook resources) whose tracking annotation names another app
   * (state.go L855: the SharedResourceWarning candidates). Asked on every status write, so it allocates only when
   * there is one.
   */
  targetsLiveOfOthers(): KubeObject[] {
    if (this.foreign.size === 0) return noObjects;
    // In the entries' order (the map's insertion order, which `seq` follows): the order the warnings are in.
    return [...this.foreign].sort((a, b) => a.seq - b.seq).map((e) => e.live!);
  }

  /** Whether `key` is one of the app's targets (its tracking annotation matters to the app's conditions). */
  isTarget(key: string): boolean {
    const entry = this.entries.get(key);
    return entry !== undefined && (entry.desired !== undefined || entry.skipped === true);
  }

  /** Live objects managed by the app (hooks left by earlier syncs included): the engine's prune candidates. */
  liveObjects(): KubeObject[] {
    const out: KubeObject[] = [];
    // forEach rather than for…of: no iterator result per entry while this runs in the interpreter (once per tick).
    this.entries.forEach((e) => {
      if (e.live) out.push(e.live);
    });
    return out;
  }

  /**
   * The app's own Application object among its resources (an app that manages itself): it takes no part in the
   * app's health (controller/state.go `isSelfReferencedApp`: same group, kind, name and the app's namespace).
   */
  private isSelf(ref: ObjectRef): boolean {
    return (
      ref.group === 'argoproj.io' &&
      ref.kind === 'Application' &&
      ref.name === this.options.app &&
      ref.namespace === ARGOCD_NAMESPACE
    );
  }

  private entryFor(ref: ObjectRef, obj: KubeObject): Entry {
    const key = keyOf(ref);
    let entry = this.entries.get(key);
    if (!entry) {
      // Every field the entry will ever have, in one order, so that all entries share one shape: fields added
      // later, in whichever order a resource's events came, gave entries several shapes, and the row and fold
      // functions that read them (statusRows.ts, appAggregate.ts) were thrown out of optimized code at each new one.
      entry = {
        seq: this.nextSeq++,
        ref,
        version: versionOf(obj.apiVersion),
        hook: isHook(obj),
        wave: isHook(obj) ? (this.hookWaves.get(key) ?? 0) : 0,
        health: null,
        sync: null,
        live: undefined,
        desired: undefined,
        skipped: undefined,
        unpermitted: undefined,
        row: undefined,
        input: undefined,
        counted: undefined,
        compared: undefined,
      };
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** Recompute one resource's health and sync status, log what changed, and update the app's aggregates. */
  private refresh(entry: Entry, emit: boolean): void {
    this.refreshEntry(entry, emit);
    this.aggregate.recount(entry);
    this.rows.update(entry);
    if (isForeign(this.options.app, entry)) this.foreign.add(entry);
    else this.foreign.delete(entry);
  }

  /** Forget an entry that is neither desired nor live any more. */
  private drop(key: string, entry: Entry): void {
    this.aggregate.recount(entry, true);
    this.entries.delete(key);
    this.foreign.delete(entry);
    this.rows.dropped(entry);
  }

  private refreshEntry(entry: Entry, emit: boolean): void {
    const { log } = this.options;
    const health: HealthStatus | null = entry.live
      ? healthOf(entry.live, {
          isHook: entry.hook,
          overrides: this.options.healthOverrides,
          nowMs: this.options.clock.now(),
        })
      : entry.desired || entry.health
        ? { status: 'Missing', message: '' }
        : null;
    const before = entry.health;
    entry.health = health;
    // Field by field rather than a spread of the ref: this object is made at every watch event of every
    // resource, and a spread is the slower way to build it until the JIT has seen it often (most of a cold run).
    const { group, kind, namespace, name } = entry.ref;
    entry.input = {
      group,
      kind,
      namespace,
      name,
      live: entry.live,
      health: entry.live ? health : null,
      isHook: entry.hook,
      isSkipped: entry.skipped,
      isSelf: this.isSelf(entry.ref),
    };
    if (emit && health && (before?.status !== health.status || before.message !== health.message)) {
      log.push({
        type: 'health',
        ...fields(entry),
        status: health.status,
        message: health.message,
        hook: entry.hook,
      });
    }
    if (entry.hook) return;
    // §1.7: extra live objects need pruning, so they are OutOfSync too; Skip targets have no status at all.
    // A status write leaves every field the diff reads as it was (the store shares them), so the last verdict
    // stands: most writes of a big app are status writes, and the diff defaults and walks the whole object.
    const prev = entry.compared;
    const sync = entry.skipped
      ? null
      : prev && prev.desired === entry.desired && sameDiffInputs(prev.live, entry.live)
        ? entry.sync
        : syncStatusOf(entry.desired, entry.live, this.normalize);
    entry.compared = entry.skipped ? undefined : { desired: entry.desired, live: entry.live };
    entry.unpermitted = entry.desired && this.permitted ? !this.permitted(entry.desired) : undefined;
    if (sync !== entry.sync) {
      entry.sync = sync;
      if (emit && sync) log.push({ type: 'sync-status', ...fields(entry), status: sync });
    }
  }

  private queueFold(): void {
    if (this.foldQueued) return;
    this.foldQueued = true;
    this.options.clock.schedule(this.options.clock.now(), () => {
      this.foldQueued = false;
      this.fold();
    });
  }

  /** The app's sync status and health from the aggregate; written to the log and reported when they change. */
  private fold(emit = true): void {
    const { sync, health } = this.aggregate.fold();
    if (
      sync !== this.appSync ||
      health.status !== this.appHealthStatus?.status ||
      health.message !== this.appHealthStatus.message
    ) {
      this.appSync = sync;
      this.appHealthStatus = health;
      if (emit) this.options.log.push({ type: 'app', sync, health: health.status, message: health.message });
      this.options.onFold?.();
    }
  }
}

function versionOf(apiVersion: string): string {
  const i = apiVersion.indexOf('/');
  return i < 0 ? apiVersion : apiVersion.slice(i + 1);
}
