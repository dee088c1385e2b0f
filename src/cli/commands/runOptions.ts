import { limits } from '../../engine';
import { namespaceProblem, objectNameProblem } from '../../scenarios/validateNames';
import { ArgumentError } from '../argumentError';

/** The options of `sim run` (contract.md §1.1), parsed. */
export interface RunOptions {
  files: string[];
  live?: string;
  prune: boolean;
  waveDelay?: number;
  fail: string[];
  /** `--toggle ID`: a scenario file's toggles switched on, as the page's "What if…" switches. */
  toggles: string[];
  syncOptions: string[];
  namespace?: string;
  app?: string;
  seed?: number;
  /** Unset means the scenario's own `options.until`, else the engine's default of 3600 s. */
  until?: number;
  json: boolean;
  retryLimit?: number;
  terminateAt?: number;
  /** An argocd-cm ConfigMap file whose health customizations (Lua) apply. */
  argocdCm?: string;
  /** `--repo DIR`: the files are Argo CD objects and DIR the Git repository (contract.md §1.4). */
  repo?: string;
  progressiveSyncs: boolean;
  /** `--then SECONDS:ACTION` (contract.md §1.5), in the order given. */
  then: { at: number; action: string }[];
}

/** Parse the arguments after `run`; a bad option throws an ArgumentError naming the argument. */
export function parseRunOptions(args: string[]): RunOptions {
  const options: RunOptions = {
    files: [],
    prune: false,
    fail: [],
    toggles: [],
    syncOptions: [],
    json: false,
    progressiveSyncs: false,
    then: [],
  };
  const bad = (message: string, argument?: string): never => {
    throw new ArgumentError(message, argument);
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    const value = (): string => {
      const v = inline ?? args[++i];
      if (v === undefined || (inline === undefined && v.startsWith('--'))) bad('needs a value', flag);
      return v;
    };
    // The option and its value as typed, which an error message leads with.
    const typed = (v: string) => (inline === undefined ? `${flag} ${v}` : arg);
    // Plain decimal numbers only: Number() would also take `0x10`, `1e15`, `Infinity` and ` `, none of which a
    // user means as a count of seconds.
    const decimal = (name: string, max: number): number => {
      const raw = value();
      if (!/^\d+(\.\d+)?$/.test(raw)) bad('needs a plain decimal number of seconds', typed(raw));
      const n = Number(raw);
      if (n > max) bad(`must be at most ${max} seconds`, typed(raw));
      return n;
    };
    const integer = (name: string, min: number, max: number): number => {
      const raw = value();
      const n = Number(raw);
      if (!/^-?\d+$/.test(raw) || n < min || n > max)
        bad(`needs a whole number from ${min} to ${max}`, typed(raw));
      return n;
    };
    switch (flag) {
      case '--live':
        options.live = value();
        break;
      case '--prune':
        options.prune = true;
        break;
      case '--wave-delay':
        options.waveDelay = decimal('--wave-delay', limits.maxVirtualSeconds);
        break;
      case '--fail': {
        const target = value();
        if (!/^[A-Za-z]+\/([a-z0-9.-]+\/)?[a-z0-9.-]+$/.test(target))
          bad('takes KIND/NAME (e.g. job/migrate)', typed(target));
        options.fail.push(target);
        break;
      }
      case '--toggle': {
        const id = value();
        if (!/^[\w-]+$/.test(id)) bad("takes a toggle's id from the scenario file", typed(id));
        options.toggles.push(id);
        break;
      }
      case '--sync-option': {
        const opt = value();
        if (!/^[A-Za-z]+=[A-Za-z]+$/.test(opt)) bad('takes Name=value (e.g. PruneLast=true)', typed(opt));
        options.syncOptions.push(opt);
        break;
      }
      // The API server's rules: the destination namespace is a DNS-1123 label, an Application's name a
      // DNS-1123 subdomain (`__proto__` and `a/b` were accepted and reported "created").
      case '--namespace': {
        const ns = value();
        const problem = namespaceProblem(ns);
        if (problem) bad(`Invalid value: ${JSON.stringify(ns)}: ${problem}`, typed(ns));
        options.namespace = ns;
        break;
      }
      case '--app': {
        const app = value();
        const problem = objectNameProblem('Application', app);
        if (problem) bad(`Invalid value: ${JSON.stringify(app)}: ${problem}`, typed(app));
        options.app = app;
        break;
      }
      case '--seed':
        // The seed feeds a 32-bit generator, so only 0..2^32-1 are distinct seeds.
        options.seed = integer('--seed', 0, 2 ** 32 - 1);
        break;
      case '--until':
        options.until = decimal('--until', limits.maxVirtualSeconds);
        break;
      case '--retry-limit':
        options.retryLimit = integer('--retry-limit', -1, 1000);
        break;
      case '--terminate-at':
        options.terminateAt = decimal('--terminate-at', limits.maxVirtualSeconds);
        break;
      case '--argocd-cm':
        options.argocdCm = value();
        break;
      case '--repo':
        options.repo = value();
        break;
      case '--progressive-syncs':
        options.progressiveSyncs = true;
        break;
      case '--then': {
        const raw = value();
        const match = /^(\d+(?:\.\d+)?):(.+)$/.exec(raw);
        if (!match) bad('takes SECONDS:ACTION (e.g. 60:"sync checkout")', typed(raw));
        // An action after the longest possible run would silently never happen.
        if (Number(match![1]) > limits.maxVirtualSeconds)
          bad(`a run lasts at most ${limits.maxVirtualSeconds} seconds`, typed(raw));
        options.then.push({ at: Number(match![1]), action: match![2].trim() });
        break;
      }
      case '--json':
        options.json = true;
        break;
      default:
        if (arg.startsWith('-')) bad('unknown option', arg);
        options.files.push(arg);
    }
  }
  if (options.files.length === 0) bad('sim run needs at least one manifest or scenario file');
  return options;
}
