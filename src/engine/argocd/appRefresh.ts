import { type AppContext, type AppState } from './appState';
import { autoSync } from './appAutoSync';
import { compareApp } from './appComparison';
import { comparisonExpiry } from './comparisonExpiry';
import { Priority } from './controlPlanePorts';
import { invalidSpecMessages } from './invalidSpecMessages';
import { generatingMessage, type ManifestGeneration } from './manifestGeneration';

/** §5.0: the informer's resync period, the period of every app's periodic refresh. */
const RESYNC_MS = 120_000;

/**
 * §5.0: the informer resyncs every 120 s from t 0; each app is refreshed after its own jitter, fully when its last
 * comparison is older than the resync period (comparisonExpiry.ts).
 */
export function schedulePeriodicRefresh(ctx: AppContext, state: AppState): void {
  const clock = ctx.options.cluster.clock;
  const now = clock.now();
  const next = (Math.floor(now / RESYNC_MS) + 1) * RESYNC_MS + state.jitterMs;
  clock.schedule(
    next,
    () => {
      if (!ctx.isCurrent(state)) return;
      const at = clock.now();
      // The sandbox sets no hard timeout (`timeout.hard.reconciliation` is 0 by default): it has no manifest cache.
      const { softExpired } = comparisonExpiry(state.reconciledAtMs, at, RESYNC_MS, 0, true);
      if (softExpired) ctx.reconcile(state, true);
      schedulePeriodicRefresh(ctx, state);
    },
    Priority.appRefresh,
  );
}

/**
 * A refresh: the comparison (appComparison.ts) and, when full and the app has targets, auto-sync. A comparison
 * whose manifests the repo server has not generated yet waits for them (manifestGeneration.ts), the app's status
 * left as its last comparison wrote it; a refresh asked meanwhile is the same refresh, as the controller's
 * refresh queue holds an app's key once (appcontroller.go `requestAppRefresh`).
 */
export function refreshApp(
  ctx: AppContext,
  generation: ManifestGeneration,
  state: AppState,
  full: boolean,
): void {
  if (state.generating) {
    state.generating.full ||= full;
    return;
  }
  const obj = ctx.object(state.name);
  const source = obj?.spec?.source ?? {};
  const revision = ctx.options.repository.head;
  const key = generation.key(source, revision);
  // The project is checked before the repo server is asked (appcontroller.go L1920-L1935, before CompareAppState).
  const valid = obj !== undefined && invalidSpecMessages(ctx.options.cluster.store, obj).length === 0;
  const wait = valid ? generation.waitMs(key) : 0;
  if (wait > 0) {
    const clock = ctx.options.cluster.clock;
    const generating = { full };
    state.generating = generating;
    // The app's status as its last comparison wrote it, which stays while it waits; an app never compared has
    // none, which `argocd app get` shows as Unknown.
    const compared = state.comparedTo !== undefined;
    state.sink.push({
      type: 'app',
      sync: compared ? state.tracker.sync : 'Unknown',
      health: compared ? state.tracker.health.status : 'Unknown',
      message: generatingMessage(source, ctx.options.repository.headName),
    });
    clock.schedule(
      clock.now() + wait,
      () => {
        generation.done(key);
        if (state.generating === generating) state.generating = undefined;
        if (ctx.isCurrent(state)) ctx.reconcile(state, generating.full);
      },
      Priority.appRefresh,
    );
    return;
  }
  if (compareApp(ctx, state, full) && full) autoSync(ctx, state);
}
