import type { ObjectStore } from '../cluster/store';
import { EPOCH_MS } from '../clock';
import type { KubeObject } from '../types';
import { ARGOCD_NAMESPACE } from './controlPlanePorts';
import {
  activeSpanEnd,
  canSync,
  isActive,
  matchingWindows,
  readSyncWindows,
  type CompiledWindow,
} from './syncWindows';

/**
 * Where Argo CD applies an AppProject's sync windows to one Application (argocd-semantics.md §5.14), each place
 * reading the project as it is at that moment:
 * - the controller's refresh skips auto-sync, with a log line and no condition (appcontroller.go L2002-L2019);
 * - the API server refuses `argocd app sync` (server/application/application.go L2091-L2097);
 * - `SyncAppState` holds a running operation, message `Sync operation blocked by sync window`
 *   (controller/sync.go L191-L200, `syncWindowPreventsSync` L727-L744).
 * In each, windows that do not parse make `CanSync` fail, and the sync is blocked with that error.
 */

/** The windows of the app's project that match it, or the error `CanSync` would return for them. */
export function appWindows(store: ObjectStore, app: KubeObject): CompiledWindow[] | { error: string } {
  const project = store.get({
    group: 'argoproj.io',
    kind: 'AppProject',
    namespace: ARGOCD_NAMESPACE,
    name: app.spec?.project ?? 'default',
  });
  const read = readSyncWindows(project?.spec?.syncWindows);
  if (!Array.isArray(read)) return { error: `invalid sync windows: ${read.message}` };
  const destination = app.spec?.destination ?? {};
  return matchingWindows(read, {
    name: app.metadata.name ?? '',
    namespace: typeof destination.namespace === 'string' ? destination.namespace : '',
    server: typeof destination.server === 'string' ? destination.server : undefined,
    clusterName: typeof destination.name === 'string' ? destination.name : undefined,
  });
}

/**
 * The app's windows active at `nowMs` (virtual), as `argocd app get` lists windows (`kind:schedule:duration`), and
 * when the last of them ends (virtual seconds; none when one never ends), for a `sync-window` event.
 */
export function activeWindowsOf(
  store: ObjectStore,
  app: KubeObject,
  nowMs: number,
): { windows: string[]; until?: number } {
  const windows = appWindows(store, app);
  if (!Array.isArray(windows)) return { windows: [] };
  const active = windows.filter((w) => isActive(w, wallMs(nowMs)));
  const ends = active.map((w) => activeSpanEnd(w, wallMs(nowMs)));
  const until = ends.length > 0 && ends.every((e) => e !== undefined) ? Math.max(...ends) : undefined;
  return {
    windows: active.map((w) => `${w.syncWindow.kind}:${w.syncWindow.schedule}:${w.syncWindow.duration}`),
    ...(until !== undefined ? { until: (until - EPOCH_MS) / 1000 } : {}),
  };
}

/** Virtual time (ms since t 0) as the Unix time the windows' schedules are read against. */
const wallMs = (virtualMs: number) => EPOCH_MS + virtualMs;

/** appcontroller.go L2002: `CanSync(false, nil)`; an error counts as "cannot". */
export function autoSyncAllowed(store: ObjectStore, app: KubeObject, nowMs: number): boolean {
  const windows = appWindows(store, app);
  return Array.isArray(windows) && canSync(windows, wallMs(nowMs), false);
}

/** The API server's refusal of a sync asked by hand, in its words, or undefined when it is allowed. */
export function manualSyncRefusal(store: ObjectStore, app: KubeObject, nowMs: number): string | undefined {
  const windows = appWindows(store, app);
  if (!Array.isArray(windows)) return `cannot sync: invalid sync window: ${windows.error}`;
  return canSync(windows, wallMs(nowMs), true) ? undefined : 'cannot sync: blocked by sync window';
}

/**
 * `syncWindowPreventsSync`: whether a running operation is held, and its message when it is `Running`. Manual is
 * "not initiated by automation" (RollingSync's operations are automated); the operation's start is what
 * `syncOverrun` compares with.
 */
export function operationHold(
  store: ObjectStore,
  app: KubeObject,
  nowMs: number,
  automated: boolean,
  startedAtMs: number,
): string | undefined {
  const windows = appWindows(store, app);
  if (!Array.isArray(windows)) return `Sync operation blocked by sync window: ${windows.error}`;
  if (canSync(windows, wallMs(nowMs), !automated, wallMs(startedAtMs))) return undefined;
  return 'Sync operation blocked by sync window';
}
