import type { ToggleAnnotations } from './toggleAnnotations';
import { isMap, isScalar, isSeq, type LineCounter, type Node as YamlNode } from 'yaml';
import {
  limits,
  parseIntervention,
  type AutoscalerLoad,
  type ControlPlaneAction,
  type Json,
  type RepoRevision,
} from '../engine';
import { readAutoscalerLoad } from './readAutoscalerLoad';
import type { ParsedObject } from './manifests';
import type { AppExpectations } from './readExpectation';
import { checkParsedApplicationSets } from './applicationSetInput';
import { checkArgoObjects, knownApplications } from './platformInput';
import { repoDataFile } from './repoDataFile';

/**
 * A platform scenario: several Applications in a small Argo CD control plane (contract.md §1.4, §1.5). It is a
 * scenario file (src/scenarios/scenario.ts) with `repo:` instead of `revisions:`:
 *
 * ```yaml
 * title: …
 * summary: …
 * repo:                      # the Git repository: named revisions, each a tree of files
 *   manifestGenerationSeconds: 4  # optional: the repo server's time to generate a new source or revision
 *   revisions:               # the first is HEAD at t 0; the others are made current by `commit` actions
 *     - name: main
 *       files:
 *         apps/projects.yaml: | …manifests…
 *         teams/checkout/deploy.yaml: | …
 * argocd: |                  # the Argo CD objects applied in `argocd` at t 0 (Applications, AppProjects,
 *   …                        # ApplicationSets); apps without `automated` are synced at t 0 in this order
 * argocdCm: |                # optional: the argocd-cm ConfigMap (its health Lua), as `--argocd-cm`
 *   …
 * progressiveSyncs: false    # optional: `--progressive-syncs`
 * options: { waveDelay: 2, seed: 1, until: 600 }
 * actions:                   # timed, as `--then S:ACTION`
 *   - { at: 60, commit: revert }            # a revision of repo.revisions, by name
 *   - { at: 90, sync: checkout }            # also terminate: APP, refresh: APP
 *   - { at: 30, kubectl-delete: Deployment/checkout, namespace: checkout }
 *   - { at: 30, kubectl-apply: "…manifests…" }
 *   - { at: 60, do: kubectl delete deploy checkout -n checkout-dev }   # any intervention command
 *   - { at: 90, do: git commit -m "bump", revision: v2 }              # a commit names its revision
 * toggles:                   # switches the page offers; each sets one or more of:
 *   - { id: healthCheck, label: Add the Application health check, healthCheck: true }
 *   - { id: fail, label: Make the payments workload fail, fail: deployment/payments }
 *   # (room for progressiveSyncs: true, maxUpdate: …, appsetFail: … on ApplicationSet scenarios)
 * expect:
 *   apps: { platform: { operationPhase: Succeeded, syncStatus: Synced, health: Healthy } }
 * ```
 */
export interface PlatformSpec {
  revisions: RepoRevision[];
  /** The Argo CD objects, with positions in the scenario file. */
  argocd: ParsedObject[];
  argocdCm?: string;
  /** The `data` of that argocd-cm ConfigMap, read at parse time so the page needs no YAML parser to use it. */
  argocdCmData?: Record<string, string>;
  progressiveSyncs: boolean;
  actions: ScenarioAction[];
  /** `load:`: the scripted loads of the repository's HorizontalPodAutoscalers (readAutoscalerLoad.ts). */
  load?: AutoscalerLoad;
  /** `repo.manifestGenerationSeconds`: the repo server's generation time (manifestGeneration.ts), when set. */
  manifestGenerationSeconds?: number;
  /** `expect.apps`, read and checked with the rest of `expect:` (readExpectation.ts). */
  expectApps: AppExpectations;
}

/** An action as the scenario holds it: a commit names a revision of `repo.revisions`. */
export type ScenarioAction =
  | Exclude<ControlPlaneAction, { type: 'commit' } | { type: 'kubectl-apply' } | { type: 'intervention' }>
  /** `do: COMMAND`: an intervention; a `git commit` names the revision it makes current. */
  | { at: number; type: 'intervention'; command: string; revision?: string }
  | { at: number; type: 'commit'; revision: string }
  | { at: number; type: 'kubectl-apply'; objects: ParsedObject[] };

export interface PlatformToggle {
  id: string;
  label: string;
  fail?: string;
  /** Whether the Application health Lua of `argocdCm` applies (true) or not (false). */
  healthCheck?: boolean;
  progressiveSyncs?: boolean;
  maxUpdate?: number | string;
  appsetFail?: string;
  /** Every Application's `automated.selfHeal` (the drift scenario's "without self-heal" switch). */
  selfHeal?: boolean;
  /** A single-Application scenario only: annotations changed in the synced revision (toggleAnnotations.ts). */
  annotate?: ToggleAnnotations;
  /** An entry of the scenario's `fail:` list left out: the switch that fixes the failing workload. */
  repair?: string;
  /** `controller.sync.timeout.seconds` for the run, in place of argocd-cmd-params-cm's (0: none). */
  syncTimeout?: number;
  /** Every AppProject sync window's `manualSync`. */
  manualSync?: boolean;
  /** Every Application's `spec.ignoreDifferences`, in place of its own (argocd-semantics.md §5.8). */
  ignoreDifferences?: Json[];
  /** Added to every Application's `spec.syncPolicy.syncOptions` (e.g. `RespectIgnoreDifferences=true`). */
  syncOptions?: string[];
  /**
   * The Application health check as argo-cd PR #29649 amends it (amendedApplicationHealthLua.ts): Progressing
   * while the child has not compared its spec's source yet.
   */
  amendedHealthCheck?: true;
}

export interface PlatformContext {
  file: string;
  text: string;
  lineCounter: LineCounter;
  root: YamlNode;
  data: Record<string, unknown>;
  fail: (message: string, node?: YamlNode | null) => never;
  /** Parse a block of manifests found at `node`, positions mapped to the scenario file. */
  manifests: (text: string, node: YamlNode) => ParsedObject[];
}

/** Whether a scenario file is a platform scenario. */
export function looksLikePlatformScenario(text: string): boolean {
  return /^repo\s*:/m.test(text);
}

export function parsePlatform(ctx: PlatformContext): Omit<PlatformSpec, 'expectApps'> {
  const { fail, data } = ctx;
  const root = ctx.root as YamlNode & { get(key: string, keep: true): unknown };
  const repoNode = root.get('repo', true) as YamlNode | undefined;
  if (!isMap(repoNode)) return fail('repo must be a mapping with revisions', repoNode ?? ctx.root);
  const revisionsNode = repoNode.get('revisions', true) as YamlNode | undefined;
  if (!isSeq(revisionsNode) || revisionsNode.items.length === 0)
    return fail('repo.revisions must be a list with at least one revision', revisionsNode ?? repoNode);
  const generation = readManifestGeneration(repoNode, fail);
  const argocdNode = root.get('argocd', true) as YamlNode | undefined;
  if (!isScalar(argocdNode) || typeof argocdNode.value !== 'string')
    return fail(
      'argocd must be a block of Argo CD objects (Applications, AppProjects, ApplicationSets)',
      argocdNode ?? ctx.root,
    );
  const argocd = ctx.manifests(argocdNode.value, argocdNode);

  const revisions: RepoRevision[] = revisionsNode.items.map((item, i) => {
    if (!isMap(item))
      return fail(`repo.revisions[${i}] must be a mapping with name and files`, item as YamlNode);
    const nameNode = item.get('name', true) as YamlNode | undefined;
    const name = isScalar(nameNode) ? String(nameNode.value) : `revision ${i + 1}`;
    const filesNode = item.get('files', true) as YamlNode | undefined;
    if (!isMap(filesNode))
      return fail(`repo.revisions[${i}].files must map paths to manifests`, filesNode ?? item);
    const files: RepoRevision['files'] = {};
    const data: NonNullable<RepoRevision['data']> = {};
    for (const pair of filesNode.items) {
      const key = pair.key as YamlNode;
      const value = pair.value as YamlNode;
      if (!isScalar(key))
        return fail(`repo.revisions[${i}].files: each entry is "path: | manifests"`, key ?? filesNode);
      const path = String(key.value);
      // A file that is not a manifest (`.keep`, `.gitignore`, a README) holds no objects, but it is in the tree:
      // a folder holding only it exists, and Argo CD syncs nothing from it (util/app/path `Path` fails only for a
      // missing directory; e2e testdata/empty-dir holds only a `.gitignore`). Its text, if any, is not read.
      if (!/\.(ya?ml|json)$/.test(path)) {
        if (value && !isScalar(value))
          return fail(
            `repo.revisions[${i}].files: ${path} is not a manifest; give its text or nothing`,
            value,
          );
        files[path] = [];
        continue;
      }
      if (!isScalar(value) || typeof value.value !== 'string')
        return fail(`repo.revisions[${i}].files: each entry is "path: | manifests"`, key);
      // A YAML or JSON file that is data (a git files generator's config.json) holds no objects (repoDataFile.ts).
      const content = repoDataFile(value.value);
      if (content) {
        files[path] = [];
        data[path] = content;
        continue;
      }
      files[path] = ctx
        .manifests(value.value, value)
        .map((p) => ({ object: p.object, position: p.position }));
    }
    return Object.keys(data).length > 0 ? { name, files, data } : { name, files };
  });

  checkArgoObjects(argocd, revisions[0]);
  checkParsedApplicationSets(argocdNode.value, argocd, revisions[0]);

  const cm = data.argocdCm;
  if (cm !== undefined && typeof cm !== 'string')
    fail('argocdCm must be the argocd-cm ConfigMap as text', root.get('argocdCm', true) as YamlNode);
  const cmNode = root.get('argocdCm', true) as YamlNode | undefined;
  const argocdCmData =
    typeof cm === 'string' && cmNode ? readCmData(ctx.manifests(cm, cmNode), cmNode, fail) : undefined;
  const known = knownApplications(argocd, revisions[0]);
  const hasSets = argocd.some((p) => p.object.kind === 'ApplicationSet');
  const actionsNode = root.get('actions', true) as YamlNode | undefined;
  const actions: ScenarioAction[] = [];
  if (actionsNode !== undefined) {
    if (!isSeq(actionsNode)) return fail('actions must be a list', actionsNode);
    for (const item of actionsNode.items) {
      const node = item as YamlNode;
      const a = (isMap(node) ? node.toJSON() : undefined) as Record<string, unknown> | undefined;
      if (!a || typeof a.at !== 'number' || a.at < 0) return fail('each action needs at: SECONDS ≥ 0', node);
      const at = a.at;
      const app = (key: string): string => {
        const name = String(a[key]);
        if (!known.has(name) && !hasSets) fail(`${key}: no Application "${name}" in this scenario`, node);
        return name;
      };
      if (a.commit !== undefined) {
        if (!revisions.some((r) => r.name === String(a.commit)))
          fail(`commit: no revision "${String(a.commit)}" in repo.revisions`, node);
        actions.push({ at, type: 'commit', revision: String(a.commit) });
      } else if (a.sync !== undefined)
        actions.push({ at, type: 'sync', app: app('sync'), prune: a.prune === true });
      else if (a.terminate !== undefined) actions.push({ at, type: 'terminate', app: app('terminate') });
      else if (a.refresh !== undefined) actions.push({ at, type: 'refresh', app: app('refresh') });
      else if (typeof a['kubectl-apply'] === 'string') {
        const valueNode = (node as YamlNode & { get(k: string, keep: true): YamlNode }).get(
          'kubectl-apply',
          true,
        );
        actions.push({ at, type: 'kubectl-apply', objects: ctx.manifests(a['kubectl-apply'], valueNode) });
      } else if (typeof a['kubectl-delete'] === 'string') {
        const [kind, name] = a['kubectl-delete'].split('/');
        if (!kind || !name) fail('kubectl-delete takes KIND/NAME', node);
        actions.push({
          at,
          type: 'kubectl-delete',
          kind,
          name,
          ...(typeof a.namespace === 'string' ? { namespace: a.namespace } : {}),
        });
      } else if (typeof a.do === 'string') {
        // Checked as the page's terminal and the CLI check it; what the cluster refuses shows when it plays.
        const parsed = parseIntervention(a.do);
        if ('error' in parsed) fail(`do: ${parsed.error}`, node);
        const revision = a.revision === undefined ? undefined : String(a.revision);
        if (revision !== undefined && !revisions.some((r) => r.name === revision))
          fail(`revision: no revision "${revision}" in repo.revisions`, node);
        if (!('error' in parsed) && parsed.tool === 'git' && revision === undefined)
          fail('do: git commit needs revision: NAME (a revision of repo.revisions)', node);
        actions.push({ at, type: 'intervention', command: a.do, ...(revision ? { revision } : {}) });
      } else
        fail('an action is one of commit, sync, terminate, refresh, kubectl-apply, kubectl-delete, do', node);
    }
  }
  const load = readAutoscalerLoad(
    root.get('load', true) as YamlNode | undefined,
    revisions,
    limits.maxVirtualSeconds,
    fail,
  );
  return {
    revisions,
    argocd,
    ...(load ? { load } : {}),
    ...(typeof cm === 'string' ? { argocdCm: cm, argocdCmData } : {}),
    progressiveSyncs: data.progressiveSyncs === true,
    actions,
    ...(generation > 0 ? { manifestGenerationSeconds: generation } : {}),
  };
}

/**
 * `repo.manifestGenerationSeconds`: how long the repo server takes to generate a source's manifests at a revision it
 * has not generated before (manifestGeneration.ts); 0, the default, is at once. Any other key of `repo:` has
 * already been refused by scenarioKeys.ts, where every block's known keys are listed once.
 */
function readManifestGeneration(
  repoNode: YamlNode & { items: { key: unknown; value: unknown }[] },
  fail: PlatformContext['fail'],
): number {
  let seconds = 0;
  for (const pair of repoNode.items) {
    const key = pair.key as YamlNode;
    const name = isScalar(key) ? String(key.value) : '';
    if (name !== 'manifestGenerationSeconds') continue;
    const value = pair.value as YamlNode;
    const v = isScalar(value) ? value.value : undefined;
    if (typeof v !== 'number' || !(v >= 0 && v <= limits.maxVirtualSeconds))
      return fail(
        `repo.manifestGenerationSeconds must be a number of seconds from 0 to ${limits.maxVirtualSeconds}`,
        value ?? key,
      );
    seconds = v;
  }
  return seconds;
}

/** What a platform scenario's toggle may set (PlatformToggle), and the type of each value. */
const toggleKeys: Record<string, (v: unknown) => boolean> = {
  id: (v) => typeof v === 'string',
  label: (v) => typeof v === 'string',
  fail: (v) => typeof v === 'string',
  healthCheck: (v) => typeof v === 'boolean',
  progressiveSyncs: (v) => typeof v === 'boolean',
  maxUpdate: (v) => typeof v === 'number' || typeof v === 'string',
  appsetFail: (v) => typeof v === 'string',
  selfHeal: (v) => typeof v === 'boolean',
  annotate: () => true,
  repair: (v) => typeof v === 'string',
  syncTimeout: (v) => typeof v === 'number',
  manualSync: (v) => typeof v === 'boolean',
  ignoreDifferences: (v) =>
    Array.isArray(v) && v.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r)),
  syncOptions: (v) => Array.isArray(v) && v.every((o) => typeof o === 'string' && /^[A-Za-z]+=\S+$/.test(o)),
  amendedHealthCheck: (v) => v === true,
};

/** The toggles of a platform scenario (every field but id and label optional). */
export function parsePlatformToggles(value: unknown, fail: (message: string) => never): PlatformToggle[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return fail('toggles must be a list');
  return value.map((t, i) => {
    const toggle = t as Record<string, unknown>;
    if (typeof toggle?.id !== 'string') fail(`toggles[${i}] needs an id`);
    // A key the sandbox does not read, or a value of the wrong type, would switch on to no effect: refuse it.
    for (const [key, value] of Object.entries(toggle)) {
      const valid = toggleKeys[key];
      if (!valid)
        fail(`toggles[${i}].${key} is not a toggle setting (one of: ${Object.keys(toggleKeys).join(', ')})`);
      if (!valid(value)) fail(`toggles[${i}].${key} has the wrong type: ${JSON.stringify(value)}`);
    }
    return {
      id: String(toggle.id),
      label: String(toggle.label ?? toggle.id),
      ...(typeof toggle.fail === 'string' ? { fail: toggle.fail } : {}),
      ...(typeof toggle.healthCheck === 'boolean' ? { healthCheck: toggle.healthCheck } : {}),
      ...(typeof toggle.progressiveSyncs === 'boolean' ? { progressiveSyncs: toggle.progressiveSyncs } : {}),
      ...(typeof toggle.maxUpdate === 'number' || typeof toggle.maxUpdate === 'string'
        ? { maxUpdate: toggle.maxUpdate }
        : {}),
      ...(typeof toggle.appsetFail === 'string' ? { appsetFail: toggle.appsetFail } : {}),
      ...(typeof toggle.selfHeal === 'boolean' ? { selfHeal: toggle.selfHeal } : {}),
      ...(typeof toggle.repair === 'string' ? { repair: toggle.repair } : {}),
      ...(typeof toggle.syncTimeout === 'number' &&
      Number.isInteger(toggle.syncTimeout) &&
      toggle.syncTimeout >= 0
        ? { syncTimeout: toggle.syncTimeout }
        : toggle.syncTimeout !== undefined
          ? fail(`toggles[${i}].syncTimeout must be a whole number of seconds (0: no timeout)`)
          : {}),
      ...(typeof toggle.manualSync === 'boolean' ? { manualSync: toggle.manualSync } : {}),
      ...(Array.isArray(toggle.ignoreDifferences)
        ? { ignoreDifferences: toggle.ignoreDifferences as Json[] }
        : {}),
      ...(Array.isArray(toggle.syncOptions) ? { syncOptions: toggle.syncOptions as string[] } : {}),
      ...(toggle.amendedHealthCheck === true ? { amendedHealthCheck: true } : {}),
    };
  });
}

/** The string `data` of the ConfigMap named argocd-cm among `objects`; a file without one is bad input. */
function readCmData(
  objects: readonly ParsedObject[],
  node: YamlNode,
  fail: (message: string, node?: YamlNode | null) => never,
): Record<string, string> {
  const cm = objects.find((p) => p.object.kind === 'ConfigMap' && p.object.metadata.name === 'argocd-cm');
  if (!cm) return fail('argocdCm must hold the ConfigMap named argocd-cm', node);
  const data: Record<string, string> = {};
  for (const [key, value] of Object.entries((cm.object.data ?? {}) as Record<string, unknown>))
    if (typeof value === 'string') data[key] = value;
  return data;
}
