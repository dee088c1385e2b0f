import type { KubeObject } from '../types';
import { historyPatchedOnObject } from './patchedHistory';
import { setSharedResourceConditions, sharedResourceMessages } from './sharedResources';
import { applicationStatus } from './applicationStatus';
import { appRef, type AppContext, type AppState } from './appState';
import { ARGOCD_NAMESPACE, Priority } from './controlPlanePorts';

/**
 * Where the application controller writes an Application's status (argocd-semantics.md §5.0): once per virtual
 * instant, however many things changed in it, from the app's tracker, its operation and its conditions.
 */

/** Write the app's status back to its object once per instant, however many things changed in it. */
export function markDirty(ctx: AppContext, state: AppState): void {
  if (state.dirty) return;
  state.dirty = true;
  const clock = ctx.options.cluster.clock;
  clock.schedule(clock.now(), () => writeStatus(ctx, state), Priority.appRefresh);
}

/** A patch of the object's status.history is the history from then on, as in Argo CD (patchedHistory.ts). */
export function adoptPatchedHistory(state: AppState, obj: KubeObject | undefined): void {
  const patched = historyPatchedOnObject(obj, state.writtenHistory);
  if (patched) state.history = patched;
}

function writeStatus(ctx: AppContext, state: AppState): void {
  state.dirty = false;
  const obj = ctx.object(state.name);
  if (!obj || !ctx.isCurrent(state)) return;
  adoptPatchedHistory(state, obj);
  state.writtenHistory = JSON.stringify(state.history);
  const invalid = state.invalid !== undefined;
  // state.go L855-L864: each comparison warns of the app's resources another app's tracking annotation names.
  state.conditions = setSharedResourceConditions(
    state.conditions,
    invalid
      ? []
      : sharedResourceMessages(
          { name: state.name, namespace: ARGOCD_NAMESPACE },
          state.tracker.targetsLiveOfOthers(),
        ),
    ctx.options.cluster.clock.now(),
  );
  // state.go L1070, L1093: nothing can be said of the sync status of an app or its resources without targets.
  const unknown = state.comparisonError !== undefined;
  const status = applicationStatus({
    sync: invalid || unknown ? 'Unknown' : state.tracker.sync,
    health: invalid ? { status: 'Unknown', message: '' } : state.tracker.health,
    revision: state.rendered?.revision ?? ctx.options.repository.head,
    source: obj.spec?.source ?? {},
    destination: obj.spec?.destination ?? {},
    comparedTo: state.comparedTo,
    reconciledAtMs: state.reconciledAtMs,
    operation:
      state.runner && state.request
        ? { request: state.request, record: state.runner.record, partial: state.partial }
        : undefined,
    history: state.history,
    resources: invalid ? [] : unknown ? state.tracker.unknownResources() : state.tracker.resources(),
    conditions: state.conditions,
  });
  ctx.options.cluster.store.setStatus(appRef(state.name), status);
}
