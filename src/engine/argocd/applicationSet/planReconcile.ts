/**
 * One ApplicationSet reconcile as a pure plan, in the order of Argo CD's `Reconcile`
 * (applicationset_controller.go L120-420; argocd-semantics.md §5.1): generate, validate, progressive syncs (or
 * clear their statuses), the writes of generated apps, the deletion of owned apps no longer generated. The
 * controller that owns the store carries the plan out: each `conditionWrites` item through
 * `setApplicationSetStatusConditions`, each `statusWrites` item as a persisted `status.applicationStatus` (an
 * `appset-status` event per changed entry), then `apply` and `delete`. Nothing here reads the store or the clock.
 */
import type { KubeObject } from '../../types';
import { errorCondition, upToDateCondition, type ApplicationSetCondition } from './conditions';
import { renderApplications } from './renderApplications';
import type { GeneratorContext } from './generateParams';
import type { ApplicationStatusEntry } from './rollingSync/applicationStatus';
import { performProgressiveSyncs } from './rollingSync/performProgressiveSyncs';
import { isRollingSyncStrategy, isStepsEmpty, rollingSyncStrategyEnabled } from './rollingSync/strategy';
import { syncDesiredApplications } from './rollingSync/syncApplication';
import type { StatusPassOptions } from './rollingSync/updateApplicationStatus';
import { isValidApplication, validateGeneratedApplications } from './validateApplications';
import { goCompare } from './rollingSync/validationIssues';
import { allowsDelete, allowsUpdate, applicationsSyncPolicyOf } from './applicationsSyncPolicy';

export interface ConditionWrite {
  conditions: ApplicationSetCondition[];
  parametersGenerated: boolean;
}

export interface ReconcilePlan {
  conditionWrites: ConditionWrite[];
  /** Successive persisted versions of `status.applicationStatus` (pass 1, pass 2, or a clearing `[]`). */
  statusWrites: ApplicationStatusEntry[][];
  /** Applications to create or update, in name order. */
  apply: KubeObject[];
  /** Names of owned Applications to delete. */
  delete: string[];
  /** The first error, when the reconcile stopped before writing Applications (requeued after 3 min in Argo CD). */
  stoppedBy?: string;
}

export interface ReconcileOptions extends StatusPassOptions {
  /** Argo CD's `--enable-progressive-syncs`. */
  progressiveSyncs: boolean;
  /** Existing AppProjects; only `default` unless the scenario defines more (§5.1). */
  projects: ReadonlySet<string>;
  /** What the generators read besides the set: the Secrets in `argocd` (the cluster generator, §5.13). */
  generatorContext?: GeneratorContext;
}

export function planReconcile(
  appSet: KubeObject,
  ownedApplications: readonly KubeObject[],
  options: ReconcileOptions,
): ReconcilePlan {
  const plan: ReconcilePlan = { conditionWrites: [], statusWrites: [], apply: [], delete: [] };
  const rendered = renderApplications(appSet, options.generatorContext);
  if (!rendered.ok) {
    plan.conditionWrites.push({
      conditions: [errorCondition(rendered.reason, rendered.error)],
      parametersGenerated: false,
    });
    plan.stoppedBy = rendered.error;
    return plan;
  }
  const generated = rendered.applications;
  const validation = validateGeneratedApplications(appSet.metadata.name ?? '', generated, options.projects);
  const previousStatus: ApplicationStatusEntry[] = appSet.status?.applicationStatus ?? [];
  let appsToSync = new Set<string>();
  let latestStatus = previousStatus;

  if (options.progressiveSyncs && isRollingSyncStrategy(appSet)) {
    if (isStepsEmpty(appSet)) {
      const message = 'No steps defined for rollout';
      plan.conditionWrites.push({
        conditions: [errorCondition('ApplicationSetRolloutError', message)],
        parametersGenerated: true,
      });
      plan.stoppedBy = message;
      return plan;
    }
    const result = performProgressiveSyncs(appSet, ownedApplications, generated, options);
    plan.statusWrites.push(result.afterPass1, result.afterPass2);
    plan.conditionWrites.push({ conditions: result.conditions, parametersGenerated: true });
    appsToSync = result.appsToSync;
    latestStatus = result.afterPass2;
  } else if (previousStatus.length > 0) {
    // Progressive syncs off, or a set that is not RollingSync: stale entries are removed (TestReconcileProgressiveSyncDisabled).
    plan.statusWrites.push([]);
  }

  if (validation.message !== undefined) {
    plan.conditionWrites.push({
      conditions: [errorCondition('ApplicationValidationError', validation.message)],
      parametersGenerated: true,
    });
  }

  let valid = generated.filter((app) => isValidApplication(validation, app));
  if (options.progressiveSyncs && rollingSyncStrategyEnabled(appSet)) {
    valid = syncDesiredApplications(valid, latestStatus, appsToSync);
  }
  const owned = new Map(ownedApplications.map((app) => [app.metadata.name ?? '', app]));
  // appset ctrl L342-L392: the policy decides whether existing apps are updated (createOrUpdateInCluster) or only
  // missing ones created (createInCluster), and whether apps no longer generated are deleted (deleteInCluster).
  const policy = applicationsSyncPolicyOf(appSet);
  if (!allowsUpdate(policy)) valid = valid.filter((app) => !owned.has(app.metadata.name ?? ''));
  plan.apply = valid
    .map((app) => {
      // The set asks for a sync only when none is in flight (§5.1 "Sync"): an existing operation is left alone.
      const current = owned.get(app.metadata.name ?? '');
      if (app.operation !== undefined && current?.operation !== undefined) {
        const { operation: _dropped, ...rest } = app;
        void _dropped;
        return rest as KubeObject;
      }
      return app;
    })
    .sort((a, b) => goCompare(a.metadata.name ?? '', b.metadata.name ?? ''));

  // Owned apps no longer generated are deleted; an invalid but generated app is kept (deleteInCluster).
  const generatedNames = new Set(generated.map((app) => app.metadata.name ?? ''));
  plan.delete = allowsDelete(policy)
    ? [...owned.keys()].filter((name) => !generatedNames.has(name)).sort(goCompare)
    : [];

  if (validation.message === undefined) {
    plan.conditionWrites.push({ conditions: [upToDateCondition], parametersGenerated: true });
  }
  return plan;
}
