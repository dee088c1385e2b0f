import {
  InputError,
  isClusterSecret,
  limits,
  runDefaults,
  type KubeObject,
  type RepoFileContent,
  type RepoRevision,
} from '../engine';
import { checkApplicationSets } from '../scenarios/applicationSetInput';
import { parseManifests, type ParsedObject } from '../scenarios/manifests';
import { renderFirst } from '../scenarios/renderFirst';
import { repoDataFile } from '../scenarios/repoDataFile';
import { checkArgoObjects } from '../scenarios/platformInput';
import { isArgoSettings } from '../scenarios/argoSettingsInput';
import type { Scenario } from '../scenarios/scenario';
import { maxOwnAppFiles } from './ownAppLimits';

/** One file of someone's own app: a path in their folder (or `pasted.yaml`) and its text. */
export interface OwnFile {
  path: string;
  text: string;
}

const argoKinds = new Set(['Application', 'ApplicationSet', 'AppProject']);
const isArgoKind = (o: KubeObject) =>
  typeof o.apiVersion === 'string' && o.apiVersion.startsWith('argoproj.io/') && argoKinds.has(o.kind);
/**
 * The argocd-cmd-params-cm ConfigMap (its sync timeout) and a cluster Secret (§5.13, it registers a cluster) go with
 * the Argo CD objects, into `argocd`.
 */
const isArgo = (o: KubeObject) => isArgoKind(o) || isArgoSettings(o) || isClusterSecret(o);

/**
 * Someone's own app as a scenario the page plays ("your own app"): a folder of plain YAML and Argo CD
 * objects, or the pasted output of `helm template`, `kustomize build` or `argocd app manifests` (one
 * multi-document text; its `# Source:` comments are comments). Read as `sim run --repo` reads a repository
 * (parseManifests, checkArgoObjects, checkApplicationSets), so the same input is bad input, at the same
 * file:line:column, in both.
 *
 * Without an Argo CD object the files are one Application's manifests, synced at t 0. With them, it is a run of
 * several Applications: an Argo CD object in a folder that an Application's `source.path` covers is part of the
 * repository (an app of apps' children); the others are applied in `argocd` at t 0, and the repository is every
 * other file.
 */
export function ownAppScenario(files: readonly OwnFile[], name = 'your-app', folder = ''): Scenario {
  // A Helm chart or a Kustomize folder is rendered before Argo CD syncs it: say so, with the command that renders
  // it from `folder` (the dropped folder's name), whose output the paste box takes (renderFirst.ts).
  const unrendered = renderFirst(files, 'page', folder);
  if (unrendered) throw unrendered;
  const yamlFiles = files.filter((f) => /\.(ya?ml|json)$/i.test(f.path));
  if (yamlFiles.length === 0)
    throw new InputError('no YAML or JSON file to read (.yaml, .yml, .json)', {
      file: files[0]?.path ?? '<input>',
      line: 1,
      column: 1,
    });
  // What the reader tolerates as Argo CD does (a duplicate key: the last value wins), said on the page.
  const warnings: string[] = [];
  const parsed = readWithinLimits(yamlFiles, warnings);
  const all = parsed.flatMap((p) => p.objects);
  if (all.length === 0)
    throw new InputError('no Kubernetes object in the input', {
      file: yamlFiles[0].path,
      line: 1,
      column: 1,
    });
  const base = {
    id: name,
    file: yamlFiles.length === 1 ? yamlFiles[0].path : `${name}/`,
    title: `Your app: ${name}`,
    summary: 'Your own manifests, read in this browser (nothing is uploaded).',
    options: {
      waveDelay: runDefaults.waveDelaySeconds,
      prune: false,
      syncOptions: [],
      seed: runDefaults.seed,
    },
    toggles: [],
    fail: [],
    story: [],
    expect: {},
    warnings,
  };
  if (!all.some((p) => isArgoKind(p.object))) {
    return {
      ...base,
      app: { name, namespace: 'default' },
      revisions: [
        {
          name: 'yours',
          manifests: yamlFiles.map((f) => f.text).join('\n---\n'),
          objects: all,
          line: 1,
          indent: 0,
        },
      ],
    };
  }
  const covered = sourcePaths(all.map((p) => p.object));
  const inRepo = (path: string) => covered.some((dir) => dir === '' || path.startsWith(`${dir}/`));
  const argocd: ParsedObject[] = [];
  const argocdTexts: string[] = [];
  const repo: RepoRevision = { name: 'main', files: {} };
  // Data files first, so that an ApplicationSet checked below already sees them, whatever the files' order.
  for (const { file, data } of parsed)
    if (data) {
      repo.files[file.path] = [];
      repo.data = { ...repo.data, [file.path]: data };
    }
  for (const { file, objects, data } of parsed) {
    if (data) continue;
    const root = objects.filter((p) => isArgo(p.object) && !inRepo(file.path));
    argocd.push(...root);
    if (root.length > 0) argocdTexts.push(file.text);
    const rest = objects.filter((p) => !root.includes(p));
    if (rest.length > 0 || root.length === 0)
      repo.files[file.path] = rest.map((p) => ({ object: p.object, position: p.position }));
  }
  // The sets are checked against the whole repository, once every file is in it: a folder's files come in name
  // order, and `shop-appset.yaml` comes before `shop/backend.yaml`, the folder its generated Applications read.
  for (const { file, objects, data } of parsed)
    if (!data && objects.some((p) => isArgo(p.object) && !inRepo(file.path)))
      checkApplicationSets(
        file.text,
        file.path,
        objects.map((p) => p.object),
        undefined,
        repo,
        all.map((p) => p.object).filter((o) => o.kind === 'Secret'),
      );
  checkArgoObjects(argocd, repo);
  const first = argocd.find((p) => p.object.kind === 'Application') ?? argocd[0];
  return {
    ...base,
    app: { name: first.object.metadata.name ?? name, namespace: 'argocd' },
    options: { ...base.options, until: 600 },
    // The Argo CD objects, as the one revision the page's editor shows (as a scenario file's `argocd:` is).
    revisions: [
      { name: 'argocd', manifests: argocdTexts.join('\n---\n'), objects: argocd, line: 1, indent: 0 },
    ],
    platform: {
      revisions: [repo],
      argocd,
      progressiveSyncs: argocd.some(
        (p) => p.object.kind === 'ApplicationSet' && p.object.spec?.strategy?.type === 'RollingSync',
      ),
      actions: [],
      expectApps: {},
    },
    platformToggles: [],
  };
}

/**
 * Each file's objects, read one file at a time and stopped at the first file past the file limit or the first
 * object past the run's object limit (limits.ts), at that file's place: reading all first and counting after took
 * 35 s for 10,000 one-ConfigMap files, which were then accepted past the 5,000-object limit.
 */
function readWithinLimits(
  files: readonly OwnFile[],
  warnings: string[],
): { file: OwnFile; objects: ParsedObject[]; data?: RepoFileContent }[] {
  if (files.length > maxOwnAppFiles)
    throw new InputError(
      `${files.length.toLocaleString('en')} YAML and JSON files is over the limit of ${maxOwnAppFiles.toLocaleString('en')} files in one app`,
      { file: files[maxOwnAppFiles].path, line: 1, column: 1 },
    );
  let count = 0;
  return files.map((file) => {
    // A YAML or JSON file that is data (a git files generator's config.json) holds no objects (repoDataFile.ts).
    const data = repoDataFile(file.text);
    if (data) return { file, objects: [], data };
    const objects = parseManifests(file.text, file.path, { warnings });
    count += objects.length;
    if (count > limits.maxInputObjects) {
      const over = objects[objects.length - (count - limits.maxInputObjects)];
      throw new InputError(
        `the app holds more than ${limits.maxInputObjects.toLocaleString('en')} objects, the limit of objects in one run`,
        { file: over.position.file, line: over.position.line, column: over.position.column },
      );
    }
    return { file, objects };
  });
}

/** The folders Applications' sources read (`source.path`, normalized), where an app of apps keeps its children. */
function sourcePaths(objects: readonly KubeObject[]): string[] {
  return objects
    .filter((o) => o.kind === 'Application' && typeof o.spec?.source?.path === 'string')
    .map((o) =>
      (o.spec!.source.path as string)
        .split('/')
        .filter((part) => part !== '' && part !== '.')
        .join('/'),
    )
    .filter((dir) => dir !== '');
}
