import type { HealthOverrides } from '../health/healthOverrides';
import { checkInputLimits } from '../limits';
import { runDefaults } from '../runDefaults';
import type { KubeObject, SourcePosition } from '../types';
import { isNamespaced } from '../cluster/gvk';
import { withNamespace } from '../argocd/withNamespace';
import { ARGOCD_NAMESPACE } from '../argocd/controlPlanePorts';
import type { RepoRevision } from '../argocd/repository';
import type { ApplicationJson } from '../argocd/applicationTypes';
import type { RetryStrategy } from '../argocd/syncMachine';
import { withTracking } from '../argocd/tracking';
import type { ControlPlaneAction } from './controlPlaneActions';
import { runControlPlane, type ControlPlaneResult } from './runControlPlane';
import { revisionOf } from './revisionOf';

export interface SingleAppInput {
  /** The desired objects of the revision being synced (hooks included), in manifest order. */
  desired: readonly KubeObject[];
  /** Where each desired object came from (same index), for input problems. */
  positions?: readonly (SourcePosition | undefined)[];
  /** Earlier revisions, synced one after the other (hooks included) before the story starts at t = 0. */
  history?: readonly (readonly KubeObject[])[];
  /** The revisions' names (the history's, then the desired one's), as the scenario calls them. */
  revisionNames?: readonly string[];
  /** Objects already in the cluster before the sync, managed by the app (contract `--live`). */
  live?: readonly KubeObject[];
  app?: string;
  namespace?: string;
  prune?: boolean;
  waveDelaySeconds?: number;
  /** Workloads made to fail in the sync (contract `--fail`); the history runs without them. */
  fail?: readonly string[];
  syncOptions?: readonly string[];
  seed?: number;
  /** Stop at this virtual second if nothing is left to happen before (contract `--until`). */
  untilSeconds?: number;
  retry?: RetryStrategy;
  /** `argocd app terminate-op` at this virtual second (the page's Terminate button, `--terminate-at`). */
  terminateAtSeconds?: number;
  /** Things done during the run (interventions typed on the page, `--then`), in the control plane's terms. */
  actions?: readonly ControlPlaneAction[];
  /** Also record the history before t = 0 (negative `t`), to study how the live state came about. */
  recordHistory?: boolean;
  /** argocd-cm `resource.customizations.health.*` checks (the Lua VM, injected by the CLI or the page). */
  healthOverrides?: HealthOverrides;
  /**
   * Told the virtual second reached every few thousand clock steps, so a page running this in a worker can show
   * how far a long run got. It must not change the run: the engine only calls it.
   */
  onProgress?: (seconds: number) => void;
}

/**
 * A single-app run's result: a run of the control plane's, whose `application` is the one Application, as the
 * controller wrote it (typed where the engine always writes it, applicationTypes.ts `ApplicationJson`).
 */
export type SingleAppResult = Omit<ControlPlaneResult, 'application'> & { application: ApplicationJson };

/** Where the single app's manifests are in its repository: one file at the root, in manifest order. */
const MANIFESTS = 'manifests.yaml';

/**
 * Run one Application's sync, deterministically, as a run of the control plane (contract.md §1.1; runControlPlane):
 * the Application `app` in `argocd` with the input's sync options and retry strategy, its source a repository whose
 * revisions are the history's, each committed and synced by hand (`argocd app sync [--prune]`) before t 0, then the
 * desired objects committed and synced at t 0. The destination namespace exists before the run, as Argo CD's user
 * would have created it, unless `CreateNamespace=true` asks Argo CD to (argocd-semantics.md §2.12); so do the other
 * namespaces the manifests name but do not create. `--live` objects carry the app's tracking annotation.
 *
 * @example
 * const result = runSingleApp({ desired, app: 'checkout-dev', namespace: 'checkout-dev' });
 * result.application.status.operationState?.phase; // 'Succeeded'
 */
export function runSingleApp(input: SingleAppInput): SingleAppResult {
  checkInputLimits(input);
  const app = input.app ?? 'app';
  const namespace = input.namespace ?? 'default';
  const syncOptions = [...(input.syncOptions ?? [])];
  const history = input.history ?? [];
  const revisions = [...history, input.desired].map((objects, i) =>
    repoRevision(objects, input.revisionNames?.[i], i === history.length ? input.positions : undefined),
  );
  const actions: ControlPlaneAction[] = [...(input.actions ?? [])];
  if (input.terminateAtSeconds !== undefined)
    actions.push({
      at: input.terminateAtSeconds,
      type: 'intervention',
      command: `argocd app terminate-op ${app}`,
    });
  const result = runControlPlane({
    repository: revisions[revisions.length - 1],
    objects: [application(app, namespace, syncOptions, input.retry)],
    prune: input.prune ?? false,
    namespaces: namespacesOf([...history, input.desired], namespace, syncOptions),
    past: {
      live: (input.live ?? []).map((obj) => withTracking(app, withNamespace(obj, namespace))),
      revisions: revisions.slice(0, -1),
      record: input.recordHistory ?? false,
    },
    actions,
    healthOverrides: input.healthOverrides,
    waveDelaySeconds: input.waveDelaySeconds ?? runDefaults.waveDelaySeconds,
    seed: input.seed ?? runDefaults.seed,
    untilSeconds: input.untilSeconds,
    fail: input.fail,
    onProgress: input.onProgress,
    limitPositions: limitPositions(input),
  });
  return result as SingleAppResult;
}

/** A revision of the app's repository: its objects in one file, named as the scenario names it. */
function repoRevision(
  objects: readonly KubeObject[],
  name: string | undefined,
  positions: readonly (SourcePosition | undefined)[] | undefined,
): RepoRevision {
  return {
    name: name ?? revisionOf(objects).slice(0, 7),
    files: { [MANIFESTS]: objects.map((object, i) => ({ object, position: positions?.[i] })) },
  };
}

/** The Application a single-app run syncs: its sync options and retry strategy are the run's. */
function application(
  name: string,
  namespace: string,
  syncOptions: readonly string[],
  retry: RetryStrategy | undefined,
): KubeObject {
  const syncPolicy = {
    ...(syncOptions.length > 0 ? { syncOptions: [...syncOptions] } : {}),
    ...(retry
      ? {
          retry: {
            limit: retry.limit,
            backoff: {
              duration: `${retry.durationMs / 1000}s`,
              factor: retry.factor,
              maxDuration: `${retry.maxDurationMs / 1000}s`,
            },
          },
        }
      : {}),
  };
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name, namespace: ARGOCD_NAMESPACE },
    spec: {
      project: 'default',
      source: { repoURL: 'sandbox://scenario', path: '.', targetRevision: 'HEAD' },
      destination: { server: 'https://kubernetes.default.svc', namespace },
      ...(Object.keys(syncPolicy).length > 0 ? { syncPolicy } : {}),
    },
  };
}

/**
 * The namespaces Argo CD's user created before the run: the destination (unless `CreateNamespace=true` leaves it
 * to Argo CD) and every other namespace a namespaced manifest names, except those a Namespace manifest creates.
 */
function namespacesOf(
  revisions: readonly (readonly KubeObject[])[],
  destination: string,
  syncOptions: readonly string[],
): string[] {
  const created = new Set<string>();
  const named = new Set<string>();
  if (!syncOptions.includes('CreateNamespace=true')) named.add(destination);
  for (const objects of revisions)
    for (const obj of objects) {
      if (obj.kind === 'Namespace' && obj.apiVersion === 'v1' && obj.metadata.name)
        created.add(obj.metadata.name);
      else if (obj.metadata.namespace && isNamespaced(obj.kind)) named.add(obj.metadata.namespace);
    }
  return [...named].filter((ns) => !created.has(ns)).sort();
}

/** Where a limit hit while running points: the first input file, and each desired object's own place. */
function limitPositions(input: SingleAppInput) {
  const first = input.positions?.find((p) => p !== undefined);
  return {
    at: first ? { file: first.file, line: 1, column: 1 } : undefined,
    positionOf: (kind: string, name: string) => {
      const i = input.desired.findIndex((o) => o.kind === kind && o.metadata.name === name);
      return i < 0 ? undefined : input.positions?.[i];
    },
  };
}
