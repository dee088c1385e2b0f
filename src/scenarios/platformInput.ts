import {
  InputError,
  isClusterSecret,
  secretValue,
  type KubeObject,
  type RepoRevision,
  type SourcePosition,
} from '../engine';
import { argoSettingsProblem, isArgoSettings } from './argoSettingsInput';
import type { ParsedObject } from './manifests';
import { argoRulesProblem } from './argoRulesInput';

/**
 * Checks of a control-plane run's input (contract.md §1.4), shared by `sim run --repo` and platform scenarios:
 * every Argo CD object lives in `argocd`, every Application (given, or found in the repository for an app of
 * apps) has a plain-directory source whose path exists in the repository. Helm and Kustomize sources are not
 * simulated. Problems throw an InputError at the object's file, line and column.
 */
const at = (position: SourcePosition | undefined): SourcePosition =>
  position ?? { file: '<input>', line: 1, column: 1 };

const argoKinds = new Set(['Application', 'ApplicationSet', 'AppProject']);

export function checkArgoObjects(objects: readonly ParsedObject[], repo: RepoRevision): void {
  for (const { object, position } of objects) {
    // AppProject sync windows and argocd-cmd-params-cm (argoSettingsInput.ts).
    const settings = argoSettingsProblem(object);
    if (settings !== undefined) throw new InputError(settings, at(position));
    if (!argoKinds.has(object.kind) && !isArgoSettings(object) && !isClusterSecret(object))
      throw new InputError(
        `${object.kind} "${object.metadata.name ?? ''}" is not an Argo CD object (Application, ApplicationSet, AppProject, a cluster Secret); put it in the repository`,
        at(position),
      );
    const ns = object.metadata.namespace;
    if (ns !== undefined && ns !== 'argocd')
      throw new InputError(
        `${object.kind} "${object.metadata.name}" is in namespace "${ns}": Argo CD objects live in "argocd"`,
        at(position),
      );
    if (object.kind === 'Application') checkSource(object, position, repo);
    checkRules(object, position);
    if (isClusterSecret(object)) checkClusterSecret(object, position);
  }
  // Child Applications of an app of apps are checked where they are written, in the repository.
  for (const [file, items] of Object.entries(repo.files)) {
    for (const item of items) {
      if (item.object.kind === 'Application')
        checkSource(item.object, item.position ?? { file, line: 1, column: 1 }, repo);
      if (argoKinds.has(item.object.kind))
        checkRules(item.object, item.position ?? { file, line: 1, column: 1 });
    }
  }
}

function checkRules(object: KubeObject, position: SourcePosition | undefined): void {
  const problem = argoRulesProblem(object);
  if (problem !== undefined) throw new InputError(problem, at(position));
}

/**
 * A cluster Secret needs its `server` (util/db/cluster.go `SecretToCluster` reads it; a cluster without one can
 * never be a destination) and, so that generators and `destination.name` can find it, its `name`.
 */
function checkClusterSecret(secret: KubeObject, position: SourcePosition | undefined): void {
  for (const key of ['name', 'server'])
    if (!secretValue(secret, key))
      throw new InputError(
        `Secret "${secret.metadata.name ?? ''}": a cluster Secret needs stringData.${key} (or data.${key})`,
        at(position),
      );
}

function checkSource(app: KubeObject, position: SourcePosition | undefined, repo: RepoRevision): void {
  const problem = sourceProblem(app, repo);
  if (problem !== undefined) throw new InputError(problem, at(position));
}

/**
 * What is wrong with an Application's source for the simulator (a Helm, Kustomize or multi-source app, no path, a
 * path outside the repository or not in it), or undefined. Also used for the Applications an ApplicationSet
 * generates (applicationSetInput.ts), where the problem is reported at the template's `path`.
 */
export function sourceProblem(app: KubeObject, repo: RepoRevision): string | undefined {
  const name = app.metadata.name ?? '';
  const source = app.spec?.source;
  if (app.spec?.sources) return `Application "${name}": multiple sources are not simulated`;
  if (!source || typeof source !== 'object') return `Application "${name}" has no spec.source`;
  if (source.helm !== undefined || source.chart !== undefined)
    return `Application "${name}": a Helm source is not simulated; render it (helm template) into a plain directory`;
  if (source.kustomize !== undefined)
    return `Application "${name}": a Kustomize source is not simulated; render it (kustomize build) into a plain directory`;
  const path = typeof source.path === 'string' ? source.path : undefined;
  if (path === undefined) return `Application "${name}" has no spec.source.path`;
  if (path.startsWith('/') || path.split('/').includes('..'))
    return `Application "${name}": path "${path}" is outside the repository`;
  const dir = path
    .split('/')
    .filter((p: string) => p !== '' && p !== '.')
    .join('/');
  const exists = dir === '' || Object.keys(repo.files).some((f) => f.startsWith(dir + '/'));
  if (!exists) return `Application "${name}": path "${path}" does not exist in the repository`;
  // Only an Application's own path is rendered as manifests: a data file there (a git files generator's
  // config.json) is not an object, and Argo CD's repository server fails to generate the app's manifests.
  const recurse = source.directory?.recurse === true;
  const dataFile = Object.keys(repo.data ?? {}).find(
    (f) =>
      (dir === '' || f.startsWith(dir + '/')) &&
      (recurse || !f.slice(dir ? dir.length + 1 : 0).includes('/')),
  );
  if (dataFile !== undefined)
    return `Application "${name}": path "${path}" holds ${dataFile}, which is not a Kubernetes manifest; Argo CD would fail to generate the app's manifests from it`;
  return undefined;
}

/** The Application names a run can refer to: the ones given, and those an app of apps writes from the repo. */
export function knownApplications(objects: readonly ParsedObject[], repo: RepoRevision): Set<string> {
  const names = new Set<string>();
  for (const { object } of objects) if (object.kind === 'Application') names.add(object.metadata.name ?? '');
  for (const items of Object.values(repo.files))
    for (const { object } of items) if (object.kind === 'Application') names.add(object.metadata.name ?? '');
  return names;
}
