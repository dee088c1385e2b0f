import {
  escapeControl,
  InputError,
  runControlPlane,
  startApplicationSetController,
  type ControlPlaneAction,
  type ControlPlaneResult,
  type HealthOverrides,
  type RepoRevision,
} from '../../engine';
import { parseManifests, type ParsedObject } from '../../scenarios/manifests';
import { checkApplicationSets } from '../../scenarios/applicationSetInput';
import { checkArgoObjects, knownApplications } from '../../scenarios/platformInput';
import { readFailure, type CommandIo } from '../command';
import type { RunOptions } from './runOptions';
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
  const repo = readRepository(io, options.repo!, 'main');
  const argocd: ParsedObject[] = options.files.flatMap((file) => {
    const text = read(io, file);
    const parsed = parseManifests(text, file);
    // appset: an ApplicationSet that does not render is bad input at its template (contract.md §1.4).
    checkApplicationSets(
      text,
      file,
      parsed.map((p) => p.object),
      undefined,
      repo,
    );
    return parsed;
  });
  checkArgoObjects(argocd, repo);
  const known = knownApplications(argocd, repo);
  const hasSets = argocd.some((p) => p.object.kind === 'ApplicationSet');
  const actions = options.then.map((then, i) =>
    /^(kubectl|argocd|git)(\s|$)/.test(then.action)
      ? thenIntervention(
          then,
          i + 1,
          (path) => read(io, path),
          (dir) => readRepository(io, dir, dir),
        )
      : action(then, io, known, hasSets),
  );
  return runControlPlane({
    repository: repo,
    objects: argocd.map((p) => p.object),
    healthOverrides,
    progressiveSyncs: options.progressiveSyncs,
    applicationSetController: startApplicationSetController,
    waveDelaySeconds: options.waveDelay ?? 2,
    seed: options.seed ?? 1,
    untilSeconds: options.until,
    fail: options.fail,
    actions,
  });
}

const commandLine = { file: '<command line>', line: 1, column: 1 };

function action(
  then: { at: number; action: string },
  io: CommandIo,
  known: Set<string>,
  hasSets: boolean,
): ControlPlaneAction {
  const [verb, ...args] = then.action.split(/\s+/);
  const at = then.at;
  const app = (): string => {
    const name = args[0];
    if (!name) throw new InputError(`--then ${at}:${verb} needs an Application name`, commandLine);
    if (!known.has(name) && !hasSets)
      throw new InputError(`--then ${at}:${verb} ${name}: no Application "${name}" in this run`, commandLine);
    return name;
  };
  switch (verb) {
    case 'commit': {
      if (!args[0]) throw new InputError('--then SECONDS:commit needs a folder', commandLine);
      return { at, type: 'commit', revision: readRepository(io, args[0], args[0]) };
    }
    case 'sync': {
      // `sync --project P [--project Q …]`: every Application of those projects (TestSyncResourceByProject).
      if (args[0] === '--project') {
        const projects = args.filter((_, i) => args[i - 1] === '--project');
        if (projects.length === 0 || args.some((a, i) => i % 2 === 0 && a !== '--project'))
          throw new InputError(
            `--then ${at}:sync takes --project PROJECT [--project PROJECT …]`,
            commandLine,
          );
        return { at, type: 'sync-project', projects };
      }
      const { info, labels } = syncFlags(args.slice(1), at);
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
        throw new InputError(
          `--then ${at}:rollback takes APP ID (a history id), not "${args.slice(1).join(' ')}"`,
          commandLine,
        );
      return { at, type: 'rollback', app: app(), id: Number(id) };
    }
    case 'terminate':
      return { at, type: 'terminate', app: app() };
    case 'refresh':
      return { at, type: 'refresh', app: app() };
    case 'kubectl-apply': {
      if (!args[0]) throw new InputError('--then SECONDS:kubectl-apply needs a file', commandLine);
      const parsed = parseManifests(read(io, args[0]), args[0]);
      return {
        at,
        type: 'kubectl-apply',
        objects: parsed.map((p) => p.object),
        positions: parsed.map((p) => p.position),
      };
    }
    case 'kubectl-delete': {
      const [kind, name] = (args[0] ?? '').split('/');
      if (!kind || !name)
        throw new InputError('--then SECONDS:kubectl-delete takes KIND/NAME [-n NS]', commandLine);
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
      throw new InputError(
        `--then: unknown action "${verb}" (commit, sync, rollback, terminate, refresh, kubectl-apply, kubectl-delete, or a command: kubectl …, argocd app …, git commit …)`,
        commandLine,
      );
  }
}

/** A folder as one Git revision: every YAML or JSON file under it, parsed, keyed by its path in the folder. */
export function readRepository(io: CommandIo, dir: string, name: string): RepoRevision {
  if (!io.listFiles) throw new InputError(`cannot read the folder ${dir}`, commandLine);
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
  for (const path of paths.filter((p) => /\.(ya?ml|json)$/.test(p))) {
    const full = `${dir.replace(/\/+$/, '')}/${path}`;
    files[path] = parseManifests(read(io, full), full).map((p) => ({
      object: p.object,
      position: p.position,
    }));
  }
  return { name, files };
}

function read(io: CommandIo, path: string): string {
  try {
    return io.readFile(path);
  } catch (error) {
    throw new InputError(`cannot read ${path}: ${readFailure(error)}`, { file: path, line: 1, column: 1 });
  }
}

/**
 * `--info NAME=VALUE` and `--label KEY=VALUE`, each any number of times, as `argocd app sync` reads them
 * (cmd/argocd/commands/app.go `getInfos` and its labels, both through util/text/label `Parse`): exactly one `=`, the
 * last value of a repeated name wins. Argo CD gathers them in a Go map, whose order is random; here they keep the
 * order of their first appearance.
 */
function syncFlags(args: string[], at: number) {
  const flags = { '--info': new Map<string, string>(), '--label': new Map<string, string>() };
  for (let i = 0; i < args.length; i++) {
    const flag = args[i];
    if (flag !== '--info' && flag !== '--label')
      throw new InputError(
        `--then ${at}:sync takes NAME [--info NAME=VALUE …] [--label KEY=VALUE …], not "${flag}"`,
        commandLine,
      );
    const pair = args[++i] ?? '';
    const fields = pair.split('=');
    if (fields.length !== 2)
      throw new InputError(`labels should have key=value, but instead got: ${pair}`, commandLine);
    flags[flag].set(fields[0], fields[1]);
  }
  const list = (m: Map<string, string>) => [...m].map(([name, value]) => ({ name, value }));
  return { info: list(flags['--info']), labels: list(flags['--label']) };
}
