import type { ObjectStore } from '../cluster/store';
import type { JsonAny, KubeObject } from '../types';
import { ARGOCD_NAMESPACE } from './controlPlanePorts';

/**
 * An AppProject's permission rules (pkg/apis/application/v1alpha1/app_project_types.go at the commit
 * argocd-semantics.md follows): `sourceRepos`, `destinations`, and the resource lists `clusterResourceWhitelist`,
 * `clusterResourceBlacklist`, `namespaceResourceWhitelist`, `namespaceResourceBlacklist` (the names the commit's
 * types.go L2849-L2864 uses). The project `default` that Argo CD creates permits everything; an AppProject object
 * named `default` replaces it.
 */
export interface ProjectRules {
  name: string;
  sourceRepos: string[];
  destinations: { server: string; name: string; namespace: string }[];
  clusterResourceWhitelist: { group: string; kind: string; name: string }[];
  clusterResourceBlacklist: { group: string; kind: string; name: string }[];
  /** undefined when the project does not set it: then every namespaced kind is allowed. */
  namespaceResourceWhitelist: { group: string; kind: string }[] | undefined;
  namespaceResourceBlacklist: { group: string; kind: string }[];
}

/** The in-cluster destination (argocd-semantics.md: the sandbox's one cluster). */
export const IN_CLUSTER_SERVER = 'https://kubernetes.default.svc';
export const IN_CLUSTER_NAME = 'in-cluster';

/** What `argocd-server` creates as `default` (util/db: sourceRepos `*`, any destination, any cluster resource). */
const builtInDefault: ProjectRules = {
  name: 'default',
  sourceRepos: ['*'],
  destinations: [{ server: '*', name: '*', namespace: '*' }],
  clusterResourceWhitelist: [{ group: '*', kind: '*', name: '' }],
  clusterResourceBlacklist: [],
  namespaceResourceWhitelist: undefined,
  namespaceResourceBlacklist: [],
};

const str = (v: JsonAny): string => (typeof v === 'string' ? v : '');
const list = (v: JsonAny): JsonAny[] => (Array.isArray(v) ? v : []);

/** The rules of project `name`, or undefined when it does not exist. */
export function projectRulesOf(store: ObjectStore, name: string): ProjectRules | undefined {
  const obj = store.get({ group: 'argoproj.io', kind: 'AppProject', namespace: ARGOCD_NAMESPACE, name });
  if (!obj || obj.metadata.deletionTimestamp) return name === 'default' ? builtInDefault : undefined;
  return rulesOfObject(obj);
}

export function rulesOfObject(obj: KubeObject): ProjectRules {
  const spec = obj.spec ?? {};
  return {
    name: obj.metadata.name ?? '',
    sourceRepos: list(spec.sourceRepos).map(str),
    destinations: list(spec.destinations).map((d) => ({
      server: str(d?.server),
      name: str(d?.name),
      namespace: str(d?.namespace),
    })),
    clusterResourceWhitelist: list(spec.clusterResourceWhitelist).map(restriction),
    clusterResourceBlacklist: list(spec.clusterResourceBlacklist).map(restriction),
    namespaceResourceWhitelist: Array.isArray(spec.namespaceResourceWhitelist)
      ? list(spec.namespaceResourceWhitelist).map(restriction)
      : undefined,
    namespaceResourceBlacklist: list(spec.namespaceResourceBlacklist).map(restriction),
  };
}

function restriction(item: JsonAny): { group: string; kind: string; name: string } {
  return { group: str(item?.group), kind: str(item?.kind), name: str(item?.name) };
}

/**
 * gobwas/glob as util/glob `Match` compiles it: `*` any run of characters (not crossing a separator when one is
 * given), `**` any run, `?` one character, `[abc]` a class; the rest literal.
 */
export function globMatch(pattern: string, text: string, separator?: string): boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*') {
      if (pattern[i + 1] === '*') {
        source += '.*';
        i++;
      } else source += separator ? `[^${escape(separator)}]*` : '.*';
    } else if (c === '?') source += separator ? `[^${escape(separator)}]` : '.';
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end < 0) source += '\\[';
      else {
        const body = pattern.slice(i + 1, end).replace(/^!/, '^');
        source += `[${body.replace(/\\/g, '\\\\')}]`;
        i = end;
      }
    } else source += escape(c);
  }
  try {
    return new RegExp(`^${source}$`, 's').test(text);
  } catch {
    return pattern === text;
  }
}

function escape(c: string): string {
  return c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** app_project_types.go `globMatch`: a `!` pattern matches what its rest does not. */
function projectGlob(pattern: string, value: string, separator?: string): boolean {
  if (pattern.startsWith('!')) return !globMatch(pattern.slice(1), value, separator);
  if (pattern === '*') return true;
  return globMatch(pattern, value, separator);
}

/**
 * util/git `NormalizeGitURL`, reduced to what a repo URL in the sandbox can differ by: case, a trailing `/` and a
 * trailing `.git`.
 */
export function normalizeGitURL(url: string): string {
  return url
    .trim()
    .toLowerCase()
    .replace(/\/+$/, '')
    .replace(/\.git$/, '');
}

/** `IsSourcePermitted` (app_project_types.go L458): any allow pattern matches, and no `!` pattern rules it out. */
export function isSourcePermitted(project: ProjectRules, repoURL: string): boolean {
  const src = normalizeGitURL(repoURL);
  let any = false;
  for (const repo of project.sourceRepos) {
    const pattern = repo.startsWith('!') ? `!${normalizeGitURL(repo.slice(1))}` : normalizeGitURL(repo);
    const matched = projectGlob(pattern, src, '/');
    if (matched) any = true;
    else if (pattern.startsWith('!')) return false;
  }
  return any;
}

/**
 * The destination cluster of an app, as far as the sandbox resolves it: the in-cluster server and its name
 * `in-cluster` stand for each other (db `GetDestinationCluster`); any other server or name is kept as written.
 */
export function destinationCluster(dest: { server?: string; name?: string }): {
  server: string;
  name: string;
} {
  const server = dest.server ?? '';
  const name = dest.name ?? '';
  if (server === IN_CLUSTER_SERVER && name === '') return { server, name: IN_CLUSTER_NAME };
  if (name === IN_CLUSTER_NAME && server === '') return { server: IN_CLUSTER_SERVER, name };
  return { server, name };
}

/** `isDestinationMatched` (app_project_types.go L507), with its deny entries. */
export function isDestinationPermitted(
  project: ProjectRules,
  cluster: { server: string; name: string },
  namespace: string,
): boolean {
  let any = false;
  for (const item of project.destinations) {
    const nameMatched = cluster.name !== '' && projectGlob(item.name, cluster.name);
    const serverMatched = cluster.server !== '' && projectGlob(item.server, cluster.server);
    const namespaceMatched = projectGlob(item.namespace, namespace);
    const matched = (serverMatched || nameMatched) && namespaceMatched;
    if (matched) any = true;
    else if (
      (!nameMatched && item.name.startsWith('!')) ||
      (!serverMatched && item.server.startsWith('!') && namespaceMatched)
    )
      return false;
    else if (!namespaceMatched && item.namespace.startsWith('!') && serverMatched) return false;
  }
  return any;
}

/** Go's filepath.Match for group, kind and name patterns of the resource lists (none contains `/`). */
const pathMatch = (pattern: string, value: string) => globMatch(pattern, value, '/');

/** `IsGroupKindNamePermitted` (app_project_types.go L399): the allow list, then the deny list. */
export function isGroupKindNamePermitted(
  project: ProjectRules,
  group: string,
  kind: string,
  name: string,
  namespaced: boolean,
): boolean {
  if (namespaced) {
    const allow = project.namespaceResourceWhitelist;
    const whitelisted =
      allow === undefined || (allow.length !== 0 && inList(allow, group, kind, name, false));
    const blacklisted =
      project.namespaceResourceBlacklist.length !== 0 &&
      inList(project.namespaceResourceBlacklist, group, kind, name, false);
    return whitelisted && !blacklisted;
  }
  const whitelisted =
    project.clusterResourceWhitelist.length !== 0 &&
    inList(project.clusterResourceWhitelist, group, kind, name, true);
  const blacklisted =
    project.clusterResourceBlacklist.length !== 0 &&
    inList(project.clusterResourceBlacklist, group, kind, name, true);
  return whitelisted && !blacklisted;
}

/**
 * Whether one of a project's resource lists names the resource (`named`: the cluster lists also match a name).
 * A function of its own rather than a closure made at every check: every resource of an app is checked.
 */
function inList(
  items: { group: string; kind: string; name?: string }[],
  group: string,
  kind: string,
  name: string,
  named: boolean,
): boolean {
  for (const item of items)
    if (
      pathMatch(item.kind, kind) &&
      pathMatch(item.group, group) &&
      (!named || !item.name || pathMatch(item.name, name))
    )
      return true;
  return false;
}

/**
 * The InvalidSpecError messages of `argo.ValidatePermissions` (util/argo/argo.go L653-L728) for an app's single
 * source and its destination, in Argo CD's words.
 */
export function permissionMessages(app: KubeObject, project: ProjectRules): string[] {
  const messages: string[] = [];
  const repoURL = str(app.spec?.source?.repoURL);
  if (!isSourcePermitted(project, repoURL))
    messages.push(`application repo ${repoURL} is not permitted in project '${project.name}'`);
  const dest = app.spec?.destination ?? {};
  const cluster = destinationCluster({ server: str(dest.server), name: str(dest.name) });
  const namespace = str(dest.namespace);
  if (!isDestinationPermitted(project, cluster, namespace)) {
    const server = str(dest.name) !== '' ? cluster.name : cluster.server;
    messages.push(
      `application destination server '${server}' and namespace '${namespace}' do not match any of the allowed destinations in project '${project.name}'`,
    );
  }
  return messages;
}

/**
 * controller/sync.go `validateSyncPermissions` (L750-L773): the error of a resource the sync may not apply, in
 * Argo CD's words, or undefined.
 */
export function syncPermissionError(
  project: ProjectRules,
  cluster: { server: string; name: string },
  obj: { group: string; kind: string; name: string; namespace: string },
  namespaced: boolean,
): string | undefined {
  if (!isGroupKindNamePermitted(project, obj.group, obj.kind, obj.name, namespaced))
    return `resource ${obj.group}:${obj.kind} is not permitted in project ${project.name}`;
  if (namespaced && !isDestinationPermitted(project, cluster, obj.namespace))
    return `namespace ${obj.namespace} is not permitted in project '${project.name}'`;
  return undefined;
}
