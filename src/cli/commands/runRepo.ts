import { repoDataFile } from '../../scenarios/repoDataFile';
import {
  type ControlPlaneAction,
  type ControlPlaneResult,
  escapeControl,
  type HealthOverrides,
  InputBudget,
  InputError,
  isInputError,
  type RepoRevision,
  runControlPlane,
  startApplicationSetController,
} from '../../engine';
import type { ParsedObject } from '../../scenarios/manifests';
import { checkApplicationSets } from '../../scenarios/applicationSetInput';
import { renderFirst } from '../../scenarios/renderFirst';
import { checkArgoObjects, knownApplications } from '../../scenarios/platformInput';
import { readFailure, type CommandIo } from '../command';
import { parseWarned } from '../parseWarned';
import type { RunOptions } from './runOptions';
import { isThenCommand, thenCommandTools, thenVerbs } from './thenActions';
import { ArgumentError } from '../argumentError';
import { thenIntervention } from './thenIntervention';

/**
 * `sim run --repo DIR FILE…` (contract.md §1.4, §1.5): the files hold Argo CD objects, DIR is the Git repository
 * their sources point at (plain YAML: `*.yaml`, `*.yml`, `*.json`). The folder is read here, with the capped
 * reader, and parsed before the engine runs; `--then` actions are checked against what the run knows.
 */
export function runRepo(
  options: RunOptions,
  io: CommandIo,
  healthOverrides: HealthOverrides,
): ControlPlaneResult {
  // The input limits are counted as the files are read, so that an oversized repository, commit or set stops
  // the run at the file that went past the limit, before the rest is read or any set rendered.
  const budget = new InputBudget();
  const texts = options.files.map((file) => ({ file, text: read(io, file) }));
  const repo = readRepository(io, options.repo!, 'main', budget);
  const parsedFiles = texts.map(({ file, text }) => ({ file, text, parsed: parseWarned(io, text, file) }));
  // The cluster generator of a set in one file reads the cluster Secrets of every file (§5.13).
  const secrets = parsedFiles
    .flatMap((f) => f.parsed.map((p) => p.object))
    .filter((o) => o.kind === 'Secret');
  const argocd: ParsedObject[] = parsedFiles.flatMap(({ file, text, parsed }) => {
    // appset: an ApplicationSet that does not render is bad input at its template (contract.md §1.4); one with more
    // list elements than a run may have Applications is refused at its generators, before it is rendered.
    checkApplicationSets(
      text,
      file,
      parsed.map((p) => p.object),
      undefined,
      repo,
      secrets,
    );
    for (const { object, position } of parsed) budget.addArgoObject(object, position);
    return parsed;
  });
  checkArgoObjects(argocd, repo);
  const known = knownApplications(argocd, repo);
  const hasSets = argocd.some((p) => p.object.kind === 'ApplicationSet');
  const actions = options.then.map((then, i) =>
    isThenCommand(then.action)
      ? thenIntervention(
          then,
          i + 1,
          (path) => parseWarned(io, read(io, path), path),
          (dir) => readRepository(io, dir, dir, budget),
        )
      : action(then, io, known, hasSets, budget),
  );
  return runControlPlane({
    repository: repo,
    objects: argocd.map((p) => p.object),
    healthOverrides,
    progressiveSyncs: options.progressiveSyncs,
    applicationSetController: startApplicationSetController,
    // Left out, the engine's defaults apply (runDefaults).
    waveDelaySeconds: options.waveDelay,
    seed: options.seed,
    untilSeconds: options.until,
    fail: options.fail,
    actions,
  });
}

function action(
  then: { at: number; action: string },
  io: CommandIo,
  known: Set<string>,
  hasSets: boolean,
  budget: InputBudget,
): ControlPlaneAction {
  const [verb, ...args] = then.action.split(/\s+/);
  const at = then.at;
  // The argument as typed, which an error message leads with.
  const bad = (detail: string): never => {
    throw new ArgumentError(detail, `--then ${at}:${then.action}`);
  };
  const app = (): string => {
    const name = args[0];
    if (!name) bad('needs an Application name');
    if (!known.has(name) && !hasSets) bad(`no Application "${name}" in this run`);
    return name;
  };
  switch (verb) {
    case 'commit': {
      if (!args[0]) bad('needs a folder');
      return {
        at,
        type: 'commit',
        revision: readRepository(io, args[0], args[0], budget),
      };
    }
    case 'sync': {
      // `sync --project P [--project Q …]`: every Application of those projects (TestSyncResourceByProject).
      if (args[0] === '--project') {
        const projects = args.filter((_, i) => args[i - 1] === '--project');
        if (projects.length === 0 || args.some((a, i) => i % 2 === 0 && a !== '--project'))
          bad('takes --project PROJECT [--project PROJECT …]');
        return { at, type: 'sync-project', projects };
      }
      const { info, labels } = syncFlags(args.slice(1), bad);
      return {
        at,
        type: 'sync',
        app: app(),
        ...(info.length > 0 ? { info } : {}),
        ...(labels.length > 0 ? { labels } : {}),
      };
    }
    case 'rollback': {
      // `argocd app rollback APPNAME [ID]`: ID is a history entry's id (`argocd app history`).
      const id = args[1];
      if (id === undefined || !/^\d+$/.test(id))
        bad(`takes APP ID (a history id), not "${args.slice(1).join(' ')}"`);
      return { at, type: 'rollback', app: app(), id: Number(id) };
    }
    case 'terminate':
      return { at, type: 'terminate', app: app() };
    case 'refresh':
      return { at, type: 'refresh', app: app() };
    case 'kubectl-apply': {
      if (!args[0]) bad('needs a file');
      const parsed = parseWarned(io, read(io, args[0]), args[0]);
      for (const { object, position } of parsed) budget.addArgoObject(object, position);
      return {
        at,
        type: 'kubectl-apply',
        objects: parsed.map((p) => p.object),
        positions: parsed.map((p) => p.position),
      };
    }
    case 'kubectl-delete': {
      const [kind, name] = (args[0] ?? '').split('/');
      if (!kind || !name) bad('takes KIND/NAME [-n NS]');
      const n = args.indexOf('-n');
      return {
        at,
        type: 'kubectl-delete',
        kind,
        name,
        ...(n >= 0 && args[n + 1] ? { namespace: args[n + 1] } : {}),
      };
    }
    default:
      return bad(
        `unknown action "${verb}" (${thenVerbs.join(', ')}, or a command of ${thenCommandTools.join(', ')})`,
      );
  }
}

/** A folder as one Git revision: every YAML or JSON file under it, parsed, keyed by its path in the folder. */
export function readRepository(io: CommandIo, dir: string, name: string, budget: InputBudget): RepoRevision {
  if (!io.listFiles) throw new ArgumentError(`cannot read the folder ${dir}`);
  let paths: string[];
  const warn = (message: string) => io.stderr(`warning: ${escapeControl(`${dir}: ${message}`)}\n`);
  try {
    paths = io.listFiles(dir, warn);
  } catch (error) {
    // A file the repository must not hold (an out-of-bounds symlink, a FIFO) is reported at that file.
    const culprit = (error as { repoFile?: unknown } | null)?.repoFile;
    if (typeof culprit === 'string')
      throw new InputError((error as Error).message, {
        file: `${dir.replace(/\/+$/, '')}/${culprit}`,
        line: 1,
        column: 1,
      });
    throw new InputError(`cannot read the folder ${dir}: ${readFailure(error)}`, {
      file: dir,
      line: 1,
      column: 1,
    });
  }
  const files: RepoRevision['files'] = {};
  const data: NonNullable<RepoRevision['data']> = {};
  // Argo CD renders a chart or a Kustomize folder in the repository; the sandbox says how to (renderFirst.ts).
  const full = (path: string) => `${dir.replace(/\/+$/, '')}/${path}`;
  const named = renderFirst(
    paths.map((path) => ({ path: full(path) })),
    'repo',
  );
  if (named) throw named;
  for (const path of paths) {
    // A file that is not a manifest (`.keep`, `.gitignore`, a README) holds no objects, but it is in the tree: a
    // folder holding only it exists, and Argo CD syncs nothing from it (util/app/path `Path` fails only for a
    // missing directory; e2e testdata/empty-dir holds only a `.gitignore`).
    if (!/\.(ya?ml|json)$/.test(path)) {
      files[path] = [];
      continue;
    }
    const text = read(io, full(path));
    const unrendered = renderFirst([{ path: full(path), text }], 'repo');
    if (unrendered) throw unrendered;
    // A YAML or JSON file that is data (a git files generator's config.json) holds no objects (repoDataFile.ts).
    const content = repoDataFile(text);
    if (content) {
      files[path] = [];
      data[path] = content;
      continue;
    }
    files[path] = parseWarned(io, text, full(path)).map((p) => ({
      object: p.object,
      position: p.position,
    }));
    budget.addRepoFile(files[path], name, full(path));
  }
  return Object.keys(data).length > 0 ? { name, files, data } : { name, files };
}

function read(io: CommandIo, path: string): string {
  try {
    return io.readFile(path);
  } catch (error) {
    // Text that is not UTF-8 is refused at its file:line:column (readCapped), as any other bad input is.
    if (isInputError(error)) throw error;
    throw new InputError(`cannot read ${path}: ${readFailure(error)}`, { file: path, line: 1, column: 1 });
  }
}

/**
 * `--info NAME=VALUE` and `--label KEY=VALUE`, each any number of times, as `argocd app sync` reads them
 * (cmd/argocd/commands/app.go `getInfos` and its labels, both through util/text/label `Parse`): exactly one `=`, the
 * last value of a repeated name wins. Argo CD gathers them in a Go map, whose order is random; here they keep the
 * order of their first appearance.
 */
function syncFlags(args: string[], bad: (detail: string) => never) {
  const flags = { '--info': new Map<string, string>(), '--label': new Map<string, string>() };
  for (let i = 0; i < args.length; i++) {
    const flag = args[i];
    if (flag !== '--info' && flag !== '--label')
      bad(`takes NAME [--info NAME=VALUE …] [--label KEY=VALUE …], not "${flag}"`);
    const pair = args[++i] ?? '';
    const fields = pair.split('=');
    if (fields.length !== 2) bad(`labels should have key=value, but instead got: ${pair}`);
    flags[flag].set(fields[0], fields[1]);
  }
  const list = (m: Map<string, string>) => [...m].map(([name, value]) => ({ name, value }));
  return { info: list(flags['--info']), labels: list(flags['--label']) };
}
