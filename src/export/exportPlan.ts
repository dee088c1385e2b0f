import { stringify } from 'yaml';
import type { KubeObject } from '../engine';
import type { Scenario } from '../scenarios/scenario';
import { dnsLabel } from './dnsLabel';
import { isArgoObject, withRepoPlaceholder } from './repoUrlPlaceholder';

/** One revision of the exported repository: one commit, its files and its message. */
export interface ExportRevision {
  /** The folder under `revisions/` that holds its tree: `01-6.7.1`. */
  dir: string;
  /** The tag `make-repo.sh` gives its commit: `r1`, `r2`, … (a revision's name may hold spaces). */
  tag: string;
  /** The commit message: the scenario's name for the revision. */
  message: string;
  /** Path in the repository → file text (repository URLs as the placeholder). */
  files: Record<string, string>;
}

/** Something done at a second after t 0, as `--then` does it (contract.md §1.5). */
export type ExportAction =
  | { at: number; type: 'commit'; revision: number }
  | { at: number; type: 'sync'; app: string; prune: boolean }
  | { at: number; type: 'sync-project'; projects: string[] }
  | { at: number; type: 'refresh'; app: string }
  | { at: number; type: 'terminate'; app: string }
  | { at: number; type: 'rollback'; app: string; id: number }
  | { at: number; type: 'kubectl-apply'; file: string }
  | { at: number; type: 'kubectl-delete'; kind: string; name: string; namespace?: string }
  /**
   * A command typed at that moment (kubectl, argocd app), run as typed against the real cluster; a `git commit`
   * names the revision it makes current. `namespace` is the one the sandbox's terminal would use for a kubectl
   * command without `-n`: the first Application's destination.
   */
  | { at: number; type: 'intervention'; command: string; revision?: number; namespace?: string };

/** What the sandbox showed at the end of the run, for one Application. */
export interface ExportOutcome {
  app: string;
  operationPhase?: string;
  syncStatus?: string;
  health?: string;
}

/**
 * A scenario laid out as a Git repository and the steps that replay it: the plan the README, the scripts and the
 * `sim run --repo` replay are all written from, so they cannot disagree.
 */
export interface ExportPlan {
  id: string;
  /**
   * The id as a DNS label (dnsLabel.ts): the name of the export's folder, of the example repository and of the
   * kind cluster. The id comes from a file name, which may hold anything.
   */
  name: string;
  title: string;
  summary: string;
  /** In commit order. */
  revisions: ExportRevision[];
  /** The Argo CD objects applied in `argocd` (repository URLs as the placeholder), as YAML. */
  argocdYaml: string;
  /** The Applications the objects name (an ApplicationSet's are generated, so not here). */
  applications: string[];
  /** The `data` merged into argocd-cm (the health Lua), when the scenario has it. */
  argocdCm?: Record<string, string>;
  progressiveSyncs: boolean;
  waveDelay: number;
  seed: number;
  /** Seconds after t 0 the sandbox runs to (its `until`), or undefined for its default. */
  until?: number;
  /** Workloads the sandbox makes fail (`--fail`); a real cluster runs them as their images do. */
  fail: string[];
  /** HorizontalPodAutoscalers whose load the sandbox scripts (a platform scenario's `load:`); a cluster has none. */
  load: string[];
  /** Revisions synced (and waited for) before t 0, by index: a single-app scenario's history. */
  history: number[];
  /** The revision that is HEAD at t 0. */
  start: number;
  /** The Applications synced at t 0 (those without auto-sync), in order. */
  syncAtStart: string[];
  /** Prune in the syncs the scripts start (the scenario's `options.prune`). */
  prune: boolean;
  actions: ExportAction[];
  /** Extra files: the objects of `kubectl-apply` actions. */
  actionFiles: Record<string, string>;
  outcomes: ExportOutcome[];
  /** The namespace the exported Application creates (CreateNamespace=true) where the scenario's cluster had it. */
  createsNamespace?: string;
  /** The `sandbox.argocd.dev/*` annotations the manifests use (the simulator's knobs; a cluster ignores them). */
  sandboxAnnotations: string[];
}

/** The path, in the repository, of a single-app scenario's manifests (the Application's `source.path`). */
export const singleAppPath = 'manifests';

const argocdNamespace = 'argocd';

/** Plan the export of any shipped or edited scenario: a single Application, an app of apps, an ApplicationSet. */
export function planExport(scenario: Scenario): ExportPlan {
  return scenario.platform ? planPlatform(scenario) : planSingleApp(scenario);
}

function planSingleApp(scenario: Scenario): ExportPlan {
  const { app, options } = scenario;
  const revisions = scenario.revisions.map((r, i) =>
    revision(i, r.name, { [`${singleAppPath}/manifests.yaml`]: r.manifests }),
  );
  const application: KubeObject = {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name: app.name, namespace: argocdNamespace },
    spec: {
      project: 'default',
      source: { repoURL: 'placeholder', targetRevision: 'main', path: singleAppPath },
      destination: { server: 'https://kubernetes.default.svc', namespace: app.namespace },
      syncPolicy: { syncOptions: withCreateNamespace(options.syncOptions) },
    },
  };
  const last = revisions.length - 1;
  return {
    ...common(scenario),
    revisions,
    argocdYaml: yamlDocuments([withRepoPlaceholder(application)]),
    applications: [app.name],
    progressiveSyncs: false,
    history: revisions.slice(0, -1).map((_, i) => i),
    // The history is replayed from the first revision; the scenario's own sync is the last one's, at t 0.
    start: last,
    syncAtStart: [app.name],
    prune: options.prune,
    ...(options.syncOptions.some((o) => o.startsWith('CreateNamespace='))
      ? {}
      : { createsNamespace: app.namespace }),
    actions: [],
    actionFiles: {},
    outcomes: [
      {
        app: app.name,
        operationPhase: scenario.expect.operationPhase,
        syncStatus: scenario.expect.syncStatus,
        health: scenario.expect.health,
      },
    ],
    sandboxAnnotations: annotationsOf(scenario.revisions.flatMap((r) => r.objects.map((p) => p.object))),
  };
}

function planPlatform(scenario: Scenario): ExportPlan {
  const platform = scenario.platform!;
  const revisions = platform.revisions.map((r, i) =>
    revision(
      i,
      r.name,
      Object.fromEntries(
        Object.entries(r.files).map(([path, objects]) => [
          path,
          yamlDocuments(
            objects.map((o) => (isArgoObject(o.object) ? withRepoPlaceholder(o.object) : o.object)),
          ),
        ]),
      ),
    ),
  );
  const index = new Map(platform.revisions.map((r, i) => [r.name, i]));
  const argocd = platform.argocd.map((p) => p.object);
  const actionFiles: Record<string, string> = {};
  const terminalNamespace: string | undefined = argocd.find((o) => o.kind === 'Application')?.spec
    ?.destination?.namespace;
  const actions: ExportAction[] = platform.actions.map((a, i): ExportAction => {
    switch (a.type) {
      case 'commit':
        return { at: a.at, type: 'commit', revision: index.get(a.revision)! };
      case 'kubectl-apply': {
        const file = `actions/${String(i + 1).padStart(2, '0')}-kubectl-apply.yaml`;
        actionFiles[file] = yamlDocuments(a.objects.map((p) => p.object));
        return { at: a.at, type: 'kubectl-apply', file };
      }
      case 'kubectl-delete':
        return { at: a.at, type: 'kubectl-delete', kind: a.kind, name: a.name, namespace: a.namespace };
      case 'sync':
        return { at: a.at, type: 'sync', app: a.app, prune: a.prune ?? false };
      case 'sync-project':
        return { at: a.at, type: 'sync-project', projects: [...a.projects] };
      case 'refresh':
      case 'terminate':
        return { at: a.at, type: a.type, app: a.app };
      case 'rollback':
        return { at: a.at, type: 'rollback', app: a.app, id: a.id };
      case 'intervention':
        return {
          at: a.at,
          type: 'intervention',
          command: a.command,
          ...(a.revision !== undefined ? { revision: index.get(a.revision)! } : {}),
          ...(terminalNamespace ? { namespace: terminalNamespace } : {}),
        };
      default:
        throw new Error(`an action the export does not know: ${(a as { type: string }).type}`);
    }
  });
  return {
    ...common(scenario),
    revisions,
    argocdYaml: yamlDocuments(argocd.map(withRepoPlaceholder)),
    applications: argocd.filter((o) => o.kind === 'Application').map((o) => o.metadata.name ?? ''),
    argocdCm: platform.argocdCmData,
    progressiveSyncs: platform.progressiveSyncs,
    history: [],
    start: 0,
    syncAtStart: argocd
      .filter((o) => o.kind === 'Application' && !o.spec?.syncPolicy?.automated)
      .map((o) => o.metadata.name ?? ''),
    prune: false,
    actions,
    actionFiles,
    outcomes: Object.entries(platform.expectApps).map(([app, e]) => ({ app, ...e })),
    sandboxAnnotations: annotationsOf([
      ...platform.revisions.flatMap((r) => Object.values(r.files).flatMap((f) => f.map((o) => o.object))),
      ...argocd,
    ]),
  };
}

/**
 * The sandbox's cluster already has a single-app scenario's destination namespace; a fresh cluster does not, and
 * Argo CD would fail the sync ("namespaces not found"). CreateNamespace=true has Argo CD create it first
 * (the README of the export says so).
 */
function withCreateNamespace(syncOptions: readonly string[]): string[] {
  return syncOptions.some((o) => o.startsWith('CreateNamespace='))
    ? [...syncOptions]
    : [...syncOptions, 'CreateNamespace=true'];
}

function common(scenario: Scenario) {
  return {
    id: scenario.id,
    name: dnsLabel(scenario.id),
    title: scenario.title,
    summary: scenario.summary,
    waveDelay: scenario.options.waveDelay,
    seed: scenario.options.seed,
    until: scenario.options.until,
    fail: scenario.fail,
    load: Object.keys(scenario.platform?.load ?? {}),
  };
}

function revision(i: number, name: string, files: Record<string, string>): ExportRevision {
  const dir = `${String(i + 1).padStart(2, '0')}-${name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '')}`;
  return { dir, tag: `r${i + 1}`, message: name, files };
}

/** Objects as one multi-document YAML text. */
export function yamlDocuments(objects: readonly unknown[]): string {
  return objects.map((o) => stringify(o, { lineWidth: 0 })).join('---\n');
}

function annotationsOf(objects: readonly KubeObject[]): string[] {
  const found = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key.startsWith('sandbox.argocd.dev/')) found.add(key);
        visit(inner);
      }
    }
  };
  objects.forEach(visit);
  return [...found].sort();
}
