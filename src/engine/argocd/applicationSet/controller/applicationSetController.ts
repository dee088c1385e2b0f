/**
 * The ApplicationSet controller on the fake cluster (argocd-semantics.md §5.0, §5.1): it watches ApplicationSets
 * and the Applications they own, and carries out `planReconcile`'s plan of each reconcile on the store. It talks to
 * the application controller only through the store: it writes Applications (and `operation` on the ones a
 * RollingSync step syncs) and reads back their `status`.
 *
 * When it reconciles is §5.0's list, decided by `shouldRequeueForApplication`/`…ForApplicationSet`: a set's
 * creation or spec change; an owned app's deletion or spec/labels/annotations/finalizers change; with progressive
 * syncs an owned app's health, sync status or operation (phase or start, with an operation on both sides); its
 * own `status.applicationStatus` write, so it reconciles again until stable. Creating an Application never wakes
 * it. A render error requeues after 3 minutes (appset ctrl L71).
 *
 * Reconciles run last in their instant: one drain timer per instant at `Priority.applicationSet`, after the cluster
 * controllers, application refreshes and operation ticks of that instant, which reconciles the woken sets in name
 * order. A write that wakes a set again queues another drain, so the application controller reacts
 * to the operations just written before the set looks again.
 */
import { toTimestamp } from '../../../clock';
import { InputError } from '../../../inputError';
import { limits, nowhere } from '../../../limits';
import type { WatchEvent } from '../../../cluster/store';
import type { JsonAny, KubeObject, ObjectRef } from '../../../types';
import {
  Priority,
  type ApplicationSetController as ApplicationSetControllerPort,
  type ControlPlaneContext,
} from '../../controlPlanePorts';
import { setApplicationSetStatusConditions, type ApplicationSetCondition } from '../conditions';
import { allowsDelete, applicationsSyncPolicyOf } from '../applicationsSyncPolicy';
import { planReconcile } from '../planReconcile';
import { isClusterSecret } from '../../clusterSecrets';
import { shouldRequeueForApplication, shouldRequeueForApplicationSet } from '../requeue';
import { persistedApplicationStatus, type ApplicationStatusEntry } from '../rollingSync/applicationStatus';
import { applicationSetStatusOf, type ApplicationSetStatus } from '../applicationSetTypes';
import { RESOURCES_FINALIZER } from '../renderApplications';
import { REVERSE_DELETION_REQUEUE_MS, reverseDeletionStep } from '../rollingSync/reverseDeletion';
import { isDeletionOrderReversed, isRollingSyncStrategy } from '../rollingSync/strategy';
import { goCompare } from '../rollingSync/validationIssues';
import { appField, entryField, HappeningOrder, isAfter, textOf } from './happeningOrder';
import { applicationRef, createOrUpdateApplications, deleteApplications } from './writeApplications';
import { errorCondition } from '../conditions';

/** appset ctrl `ReconcileRequeueOnValidationError`/render errors: 3 minutes. */
export const ERROR_REQUEUE_MS = 3 * 60 * 1000;

export class ApplicationSetController implements ApplicationSetControllerPort {
  /** Sets to reconcile at the next drain, by `namespace/name`. */
  private readonly dirty = new Set<string>();
  private drainTimer: number | undefined;
  private readonly order: HappeningOrder;
  private readonly errorRequeues = new Map<string, number>();
  /** Sets whose reverse deletion waits for an app to go (10 s requeue): the run is not at rest meanwhile. */
  private readonly deletionRequeues = new Map<string, number>();
  /** How many reconciles ran, per set (for tests and the page). */
  readonly reconciles = new Map<string, number>();
  /** Reconciles per set in the current instant, to end a livelock with a clear message (limits.ts). */
  private readonly instantReconciles = new Map<string, number>();
  private instant = -1;

  constructor(private readonly context: ControlPlaneContext) {
    this.order = new HappeningOrder(() => context.clock.now());
    context.watch((event) => this.onChange(event));
    for (const set of context.store.list({ kind: 'ApplicationSet' })) this.wake(set);
  }

  /** Whether a reconcile is queued (a 3-minute error requeue does not count: it would keep a run alive for ever). */
  busy(): boolean {
    return this.dirty.size > 0 || this.deletionRequeues.size > 0;
  }

  private onChange(event: WatchEvent): void {
    const { object, old, type } = event;
    const progressive = this.context.progressiveSyncs;
    if (object.kind === 'ApplicationSet') {
      if (
        type === 'ADDED' ||
        (type === 'MODIFIED' && shouldRequeueForApplicationSet(old, object, progressive))
      )
        this.wake(object);
      return;
    }
    // applicationset/controllers/clustereventhandler.go: a cluster Secret created, changed or deleted requeues the
    // sets with a cluster generator, at any depth of matrix and merge.
    if (isClusterSecret(object) || (old !== undefined && isClusterSecret(old))) {
      for (const set of this.context.store.list({ kind: 'ApplicationSet' }))
        if (hasClusterGenerator(set.spec?.generators)) this.wake(set);
      return;
    }
    if (object.kind !== 'Application') return;
    const name = object.metadata.name ?? '';
    if (type === 'DELETED') {
      this.order.observe(appField(name, 'reconciledAt'), undefined);
      this.order.observe(appField(name, 'startedAt'), undefined);
    } else if (operationCompleted(old, object)) {
      // §5.0: an operation's completion is followed at once by a full refresh, which rewrites `reconciledAt`. In the
      // same second as the app's last full refresh (a sync that ends at its apply, at t 0) the text is unchanged,
      // but the refresh happened after the operation started, so after a Pending write that started it; without
      // this the entry stayed Pending and the set synced the app again and again.
      this.order.rewrite(appField(name, 'reconciledAt'), object.status?.reconciledAt);
      this.order.observe(appField(name, 'startedAt'), object.status?.operationState?.startedAt);
    } else {
      this.order.observe(appField(name, 'reconciledAt'), object.status?.reconciledAt);
      this.order.observe(appField(name, 'startedAt'), object.status?.operationState?.startedAt);
    }
    const owner = object.metadata.ownerReferences?.find(
      (ref) => ref.controller && ref.kind === 'ApplicationSet',
    );
    if (!owner) return;
    const requeue =
      type === 'DELETED' || (type === 'MODIFIED' && shouldRequeueForApplication(old, object, progressive));
    if (requeue) this.wakeKey(`${object.metadata.namespace ?? ''}/${owner.name}`);
  }

  private wake(set: KubeObject): void {
    this.wakeKey(`${set.metadata.namespace ?? ''}/${set.metadata.name ?? ''}`);
  }

  private wakeKey(key: string): void {
    this.dirty.add(key);
    const requeue = this.errorRequeues.get(key);
    if (requeue !== undefined) {
      this.context.clock.clearTimeout(requeue);
      this.errorRequeues.delete(key);
    }
    this.scheduleDrain();
  }

  private scheduleDrain(): void {
    if (this.drainTimer !== undefined) return;
    const { clock } = this.context;
    this.drainTimer = clock.schedule(clock.now(), () => this.drain(), Priority.applicationSet);
  }

  private drain(): void {
    this.drainTimer = undefined;
    const keys = [...this.dirty].sort(goCompare);
    this.dirty.clear();
    for (const key of keys) this.reconcile(key);
  }

  private reconcile(key: string): void {
    const [namespace, name] = key.split('/');
    const { store, clock } = this.context;
    const appSet = store.get(setRef(namespace, name));
    if (!appSet) return;
    this.reconciles.set(key, (this.reconciles.get(key) ?? 0) + 1);
    this.countInstantReconcile(key);
    const owned = store
      .list({ kind: 'Application', namespace, ownerUid: appSet.metadata.uid })
      .filter((app) =>
        app.metadata.ownerReferences?.some((ref) => ref.controller && ref.kind === 'ApplicationSet'),
      );
    if (appSet.metadata.deletionTimestamp) {
      this.reconcileDeletion(key, appSet, owned);
      return;
    }
    // appset ctrl L187: with progressive syncs, a Reverse deletion order needs the set to wait for its apps.
    if (
      this.context.progressiveSyncs &&
      isDeletionOrderReversed(appSet) &&
      !appSet.metadata.finalizers?.includes(RESOURCES_FINALIZER)
    ) {
      store.patch(setRef(namespace, name), (draft) => {
        draft.metadata.finalizers = [...(draft.metadata.finalizers ?? []), RESOURCES_FINALIZER];
      });
    }
    const nowKey = this.order.nextKey();
    const plan = planReconcile(
      this.order.setView(appSet),
      owned.map((app) => this.order.appView(app)),
      {
        now: nowKey,
        isAfter,
        progressiveSyncs: this.context.progressiveSyncs,
        projects: this.context.projects(),
        generatorContext: {
          secrets: store.list({ kind: 'Secret', namespace }),
          repoPaths: this.context.repoPaths?.() ?? [],
          repoFile: (path) => this.context.repoFile?.(path),
        },
      },
    );
    for (const entries of plan.statusWrites) this.persistApplicationStatus(namespace, name, entries);
    const rollingSync = this.context.progressiveSyncs && isRollingSyncStrategy(appSet);
    for (const write of plan.conditionWrites) this.persistConditions(namespace, name, write, rollingSync);
    if (plan.stoppedBy !== undefined) {
      this.errorRequeues.set(
        key,
        clock.schedule(clock.now() + ERROR_REQUEUE_MS, () => {
          this.errorRequeues.delete(key);
          this.wakeKey(key);
        }),
      );
      return;
    }
    const refused = createOrUpdateApplications(store, plan.apply, appSet.spec?.preservedFields ?? {});
    if (refused !== undefined) {
      // An app the API server refused: the set says so and is requeued, and deletes nothing (appset ctrl L342-357).
      this.persistConditions(
        namespace,
        name,
        { conditions: [errorCondition('UpdateApplicationError', refused)], parametersGenerated: true },
        rollingSync,
      );
      this.errorRequeues.set(
        key,
        clock.schedule(clock.now() + ERROR_REQUEUE_MS, () => {
          this.errorRequeues.delete(key);
          this.wakeKey(key);
        }),
      );
      return;
    }
    deleteApplications(store, namespace, plan.delete);
  }

  /**
   * Argo CD's controllers converge because real time moves on between their writes; in the simulator a set that is
   * reconciled again and again without the clock moving is a livelock (two writers undoing each other), and the run
   * ends with a message naming the set rather than at the event limit minutes later.
   */
  private countInstantReconcile(key: string): void {
    const now = this.context.clock.now();
    if (now !== this.instant) {
      this.instant = now;
      this.instantReconciles.clear();
    }
    const count = (this.instantReconciles.get(key) ?? 0) + 1;
    this.instantReconciles.set(key, count);
    if (count > limits.maxReconcilesPerInstant)
      throw new InputError(
        `the run was stopped at t=${now / 1000}s: ApplicationSet ${key} was reconciled more than ` +
          `${limits.maxReconcilesPerInstant} times without the clock moving (its writes and another's undo each other)`,
        nowhere,
      );
  }

  /**
   * A set being deleted is not reconciled (appset ctrl L150): with `deletionOrder: Reverse` its apps are deleted
   * one by one, last step first (reverseDeletion.ts), requeued every 10 s and on each owned app's deletion; then
   * its `resources-finalizer` is removed and the set goes (the garbage collector takes any app left).
   */
  private reconcileDeletion(key: string, appSet: KubeObject, owned: KubeObject[]): void {
    const { store, clock } = this.context;
    const ref = setRef(appSet.metadata.namespace ?? '', appSet.metadata.name ?? '');
    const pending = this.deletionRequeues.get(key);
    if (pending !== undefined) clock.clearTimeout(pending);
    this.deletionRequeues.delete(key);
    // appset ctrl L153-L160: a policy that forbids deletion takes the set's ownerReferences off its apps, so the
    // garbage collector leaves them when the set goes.
    if (!allowsDelete(applicationsSyncPolicyOf(appSet)))
      for (const app of owned)
        store.patch(applicationRef(ref.namespace, app.metadata.name ?? ''), (draft) => {
          const refs = (draft.metadata.ownerReferences ?? []).filter(
            (o: { uid?: string }) => o.uid !== appSet.metadata.uid,
          );
          if (refs.length > 0) draft.metadata.ownerReferences = refs;
          else delete draft.metadata.ownerReferences;
        });
    if (isDeletionOrderReversed(appSet)) {
      const step = reverseDeletionStep(appSet, owned);
      if (step.kind !== 'done') {
        if (step.kind === 'delete') store.delete(applicationRef(ref.namespace, step.app));
        this.deletionRequeues.set(
          key,
          clock.schedule(clock.now() + REVERSE_DELETION_REQUEUE_MS, () => {
            this.deletionRequeues.delete(key);
            this.wakeKey(key);
          }),
        );
        return;
      }
    }
    store.removeFinalizer(ref, RESOURCES_FINALIZER);
  }

  /** One persisted version of `status.applicationStatus`: an `appset-status` event per changed entry. */
  private persistApplicationStatus(namespace: string, name: string, entries: ApplicationStatusEntry[]): void {
    const { store } = this.context;
    const ref = setRef(namespace, name);
    const current = store.get(ref);
    if (!current) return;
    const before = applicationSetStatusOf(current).applicationStatus ?? [];
    const persisted = persistedApplicationStatus(
      entries.map((entry) => ({ ...entry, lastTransitionTime: textOf(entry.lastTransitionTime) })),
    );
    for (const entry of entries) {
      const old = before.find((e) => e.application === entry.application);
      if (old && old.status === entry.status && old.message === entry.message && old.step === entry.step)
        continue;
      this.context.emit({
        type: 'appset-status',
        appset: name,
        app: entry.application,
        step: entry.step,
        status: entry.status,
        message: entry.message,
      });
    }
    const status: ApplicationSetStatus = { ...applicationSetStatusOf(current) };
    if (persisted) status.applicationStatus = persisted;
    else delete status.applicationStatus;
    store.setStatus(ref, status);
    for (const entry of entries)
      this.order.remember(entryField(name, entry.application), entry.lastTransitionTime);
  }

  private persistConditions(
    namespace: string,
    name: string,
    write: { conditions: ApplicationSetCondition[]; parametersGenerated: boolean },
    rollingSync: boolean,
  ): void {
    const { store, clock } = this.context;
    const ref = setRef(namespace, name);
    const current = store.get(ref);
    if (!current) return;
    const result = setApplicationSetStatusConditions(
      applicationSetStatusOf(current).conditions ?? [],
      write.conditions,
      write.parametersGenerated,
      rollingSync,
      toTimestamp(clock.now()),
    );
    if (result.changed) {
      const status: ApplicationSetStatus = {
        ...applicationSetStatusOf(current),
        conditions: result.conditions,
      };
      store.setStatus(ref, status);
    }
  }
}

const completedPhases = new Set(['Succeeded', 'Failed', 'Error']);

/**
 * Whether this write ends an operation of the app: its phase is a completed one and either was not before, or
 * belongs to another operation (a new `startedAt`: one that started and ended between two writes).
 */
function operationCompleted(old: KubeObject | undefined, object: KubeObject): boolean {
  const before: JsonAny | undefined = old?.status?.operationState;
  const after: JsonAny | undefined = object.status?.operationState;
  if (!after || !completedPhases.has(after.phase)) return false;
  return !before || !completedPhases.has(before.phase) || before.startedAt !== after.startedAt;
}

function setRef(namespace: string, name: string): ObjectRef {
  return { group: 'argoproj.io', kind: 'ApplicationSet', namespace, name };
}

/** The factory the runner calls (`ApplicationSetControllerFactory`). */
export function startApplicationSetController(context: ControlPlaneContext): ApplicationSetController {
  return new ApplicationSetController(context);
}

/** clustereventhandler.go `nestedGeneratorsHaveClusterGenerator`: a `clusters` generator here or in a matrix or merge. */
function hasClusterGenerator(generators: unknown): boolean {
  if (!Array.isArray(generators)) return false;
  return generators.some(
    (g) =>
      g?.clusters !== undefined ||
      hasClusterGenerator(g?.matrix?.generators) ||
      hasClusterGenerator(g?.merge?.generators),
  );
}
