import type { KubeObject } from '../types';
import { groupOf, isNamespaced, refOf } from '../cluster/gvk';
import { orphanedResourcesMessage } from './orphanedResources';
import { setConditions, setConditionsOfType } from './setConditions';
import { invalidSpecMessages } from './invalidSpecMessages';
import { repeatedResourceMessages, setRepeatedResourceConditions } from './repeatedResources';
import { withDeleteHookFinalizers } from './deleteHooks';
import { ARGOCD_NAMESPACE } from './controlPlanePorts';
import type { AppContext, AppState } from './appState';
import { markDirty } from './appStatusWriter';
import { ignoreRulesOf } from './ignoreDifferences';
import { isGroupKindNamePermitted, projectRulesOf } from './projectRules';
import { destinationError } from './appDestination';

/**
 * The comparison of a refresh (appcontroller.go `processAppRefreshQueueItem` → controller/state.go
 * `CompareAppState`; argocd-semantics.md §5.0, §5.2): the project check, then Git's current revision rendered and
 * compared with what is live, with the conditions the comparison sets (ComparisonError, RepeatedResourceWarning,
 * OrphanedResourceWarning, InvalidSpecError) and the delete hooks' finalizers.
 *
 * Returns whether the app was compared with targets: only then may auto-sync follow (appcontroller.go autoSync,
 * "Skipping auto-sync: application status is Unknown").
 */
export function compareApp(ctx: AppContext, state: AppState, full: boolean): boolean {
  const obj = ctx.object(state.name);
  if (!obj || !ctx.isCurrent(state)) return false;
  const clock = ctx.options.cluster.clock;
  const project = obj.spec?.project ?? 'default';
  state.comparedTo = { source: obj.spec?.source ?? {}, destination: obj.spec?.destination ?? {} };
  const invalid = invalidSpecMessages(ctx.options.cluster.store, obj);
  // §5.13: a destination that names no known cluster is an InvalidSpecError too (appcontroller.go L1920-L1935).
  const destination = invalid.length === 0 ? destinationError(ctx, state, obj) : undefined;
  if (destination !== undefined) invalid.push(destination);
  if (invalid.length > 0) {
    // §5.2, case 125 (ctrl L2976), and the project's permission rules (§5.8): sync and health Unknown, no
    // auto-sync, reconciledAt left unset.
    const key = invalid.join('\n');
    if (state.invalid !== key) {
      state.invalid = key;
      state.conditions = setConditionsOfType(state.conditions, 'InvalidSpecError', invalid, clock.now());
      state.sink.push({ type: 'app', sync: 'Unknown', health: 'Unknown', message: invalid[0] });
    }
    markDirty(ctx, state);
    return false;
  }
  if (state.invalid) {
    state.invalid = undefined;
    state.conditions = setConditions(state.conditions, 'InvalidSpecError', undefined, clock.now());
  }
  const source = obj.spec?.source ?? {};
  const namespace = obj.spec?.destination?.namespace ?? 'default';
  // A source the repository server cannot render (state.go L746-L763): no targets, the ComparisonError
  // condition, sync Unknown, health from the live resources; a commit that removes the app's folder reports the
  // missing path rather than pruning everything (TestDeclarativeInvalidPath). A source that renders again clears
  // the condition. The repo-error grace period (state.go L750, which keeps the previous comparison for a few
  // minutes on a plain refresh) is not modelled: the condition is set at once, as on the forced refresh of a new
  // or changed source.
  const error = ctx.options.repository.sourceError(source);
  const newError = error !== undefined && state.comparisonError !== error;
  state.conditions = setConditions(state.conditions, 'ComparisonError', error, clock.now());
  state.comparisonError = error;
  if (error !== undefined) {
    state.rendered = undefined;
    state.tracker.setDesired([], true, false);
    if (newError)
      state.sink.push({ type: 'app', sync: 'Unknown', health: state.tracker.health.status, message: error });
  } else {
    const rendered = ctx.options.repository.renderSource(source);
    state.rendered = rendered;
    // The diff config of this comparison (state.go `CompareAppState` → argo.NewDiffConfigBuilder): the app's
    // spec.ignoreDifferences.
    state.tracker.setIgnoreDifferences(ignoreRulesOf(obj.spec?.ignoreDifferences));
    const rules = projectRulesOf(ctx.options.cluster.store, project);
    state.tracker.setPermitted(
      rules &&
        ((o) =>
          isGroupKindNamePermitted(
            rules,
            groupOf(o.apiVersion ?? ''),
            o.kind,
            o.metadata.name ?? '',
            isNamespaced(o.kind),
          )),
      rules ? JSON.stringify(rules) : '',
    );
    state.tracker.setDesired(rendered.objects, true, !state.liveScanned);
    state.liveScanned = true;
    state.conditions = setRepeatedResourceConditions(
      state.conditions,
      repeatedResourceMessages(rendered.objects, namespace),
      clock.now(),
    );
    syncDeleteHookFinalizers(ctx, obj, rendered.objects);
  }
  checkOrphans(ctx, state, namespace, project);
  if (full) state.reconciledAtMs = clock.now();
  markDirty(ctx, state);
  return error === undefined;
}

/**
 * An Application whose manifests hold PreDelete or PostDelete hooks carries their finalizers, and loses them when
 * the hooks leave Git, while it is not being deleted (processAppRefreshQueueItem, "process_finalizers").
 */
function syncDeleteHookFinalizers(ctx: AppContext, obj: KubeObject, targets: readonly KubeObject[]): void {
  if (obj.metadata.deletionTimestamp) return;
  const current = obj.metadata.finalizers ?? [];
  const next = withDeleteHookFinalizers(current, targets);
  if (next === current) return;
  ctx.options.cluster.store.patch(refOf(obj), (draft) => {
    if (next.length > 0) draft.metadata.finalizers = [...next];
    else delete draft.metadata.finalizers;
  });
}

/** The project's orphaned-resources monitoring (orphanedResources.ts): the condition set, changed or cleared. */
function checkOrphans(ctx: AppContext, state: AppState, namespace: string, project: string): void {
  const { store, clock } = ctx.options.cluster;
  const message = orphanedResourcesMessage({
    // The namespace's objects are looked for in the app's destination cluster; the project in Argo CD's own.
    store: state.cluster.store,
    project: store.get({
      group: 'argoproj.io',
      kind: 'AppProject',
      namespace: ARGOCD_NAMESPACE,
      name: project,
    }),
    namespace,
    managed: state.tracker.resources(),
    appExists: (name) => ctx.has(name),
  });
  state.conditions = setConditions(state.conditions, 'OrphanedResourceWarning', message, clock.now());
}
