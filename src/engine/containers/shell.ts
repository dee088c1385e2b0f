import type { HttpResult, Program } from './effects';
import { expandString, expandWord, ShellExpansionError, type ExpandContext } from './shellExpand';
import { ShellSyntaxError } from './shellLexer';
import {
  parseScript,
  type AndOr,
  type Command,
  type List,
  type Pipeline,
  type Redirect,
} from './shellParser';
import { runCommand } from './shellCommands';
import { ExitSignal, LoopSignal, type Gen, type ShellOptions, type State } from './shellState';

export { UNKNOWN_PROGRAM_MS, type ShellOptions } from './shellState';

/** A loop pass that did not sleep still costs this much, so `while true; do :; done` cannot stall the clock. */
const LOOP_PASS_MS = 10;
/** Where a command's stdout (1) and stderr (2) go: to the shell's fd 1 or 2, or nowhere (a file). */
type Route = { 1: 1 | 2 | null; 2: 1 | 2 | null };

/**
 * The sandbox's `sh`: it runs a container's command line step by step, as a Program (effects.ts). It knows
 * the builtins scripts lean on (`echo`, `printf`, `sleep`, `exit`, `true`, `false`, `set -e`/`-x`, `test`/`[`,
 * `export`, `break`), the network probes (`curl`, `wget`, `nc -z`) and nested `sh -c`/`bash -c`.
 *
 * Every other program (`psql`, `migrate`, `python manage.py migrate`, `kubectl`) is one the sandbox cannot
 * run: in a finite pod it succeeds after UNKNOWN_PROGRAM_MS; in a long-running pod (restartPolicy Always) it
 * is taken to be the server and runs until the container is stopped.
 *
 * `shellProgram` runs a script as `sh -c '<script>'` would.
 *
 * @example
 * runToEnd(commandProgram(['sh', '-c', 'echo a && false || echo b; exit 3']), resolve)
 * // → lines 'a', 'b'; exitCode 3
 */
export function* shellProgram(script: string, options: ShellOptions = {}): Program {
  const st: State = {
    vars: new Map(Object.entries(options.env ?? {})),
    status: 0,
    errexit: options.errexit ?? false,
    xtrace: options.xtrace ?? false,
    condDepth: 0,
    loopDepth: 0,
    elapsed: 0,
    options,
    name: options.name ?? 'sh',
    args: options.args ?? [],
    runScript: shellProgram,
  };
  try {
    yield* execList(parseScript(script), st);
    return st.status;
  } catch (e) {
    if (e instanceof ExitSignal) return e.status;
    if (e instanceof LoopSignal) return st.status;
    if (e instanceof ShellSyntaxError || e instanceof ShellExpansionError) {
      const prefix = e instanceof ShellSyntaxError ? 'Syntax error: ' : '';
      yield { type: 'log', line: `${st.name}: 1: ${prefix}${e.message}`, stream: 2 };
      return 2;
    }
    throw e;
  }
}

/** Run a container's command line (command + args), with or without a shell: `['sleep', '5']` works too. */
export function commandProgram(argv: string[], options: ShellOptions = {}): Program {
  if (argv.length === 0) return shellProgram('', options);
  const quoted = argv.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return shellProgram(quoted, { ...options, name: options.name ?? argv[0] });
}

function* execList(list: List, st: State): Gen {
  for (const item of list.items) yield* execAndOr(item, st);
  return st.status;
}

function* execAndOr(chain: AndOr, st: State): Gen {
  const pipelines = [chain.first, ...chain.rest.map((r) => r.pipeline)];
  let status = st.status;
  for (let i = 0; i < pipelines.length; i++) {
    const op = i > 0 ? chain.rest[i - 1].op : undefined;
    if ((op === '&&' && status !== 0) || (op === '||' && status === 0)) continue;
    const last = i === pipelines.length - 1;
    if (!last) st.condDepth++;
    try {
      status = yield* execPipeline(pipelines[i], st);
    } finally {
      if (!last) st.condDepth--;
    }
    // `set -e` exits on a failure of the last command of a chain, outside conditions (POSIX §2.14 `set`).
    if (last && status !== 0 && st.errexit && st.condDepth === 0 && !pipelines[i].negate)
      throw new ExitSignal(status);
  }
  return status;
}

function* execPipeline(pipeline: Pipeline, st: State): Gen {
  let status = 0;
  for (let k = 0; k < pipeline.commands.length; k++) {
    const gen = execCommand(pipeline.commands[k], st);
    // Only the last command's stdout reaches the log; the others write into the pipe.
    status = yield* k === pipeline.commands.length - 1 ? gen : routed(gen, { 1: null, 2: 2 }, st);
  }
  if (pipeline.negate) status = status === 0 ? 1 : 0;
  st.status = status;
  return status;
}

function* execCommand(cmd: Command, st: State): Gen {
  if (cmd.type === 'simple') return yield* execSimple(cmd, st);
  const route = routeOf(cmd.redirects, st);
  let body: Gen;
  if (cmd.type === 'group') body = cmd.subshell ? subshell(cmd.body, st) : execList(cmd.body, st);
  else if (cmd.type === 'if') body = execIf(cmd, st);
  else body = execLoop(cmd, st);
  st.status = yield* routed(body, route, st);
  return st.status;
}

function* execSimple(cmd: Extract<Command, { type: 'simple' }>, st: State): Gen {
  const ctx = expandContext(st);
  const argv = cmd.words.flatMap((w) => expandWord(w, ctx));
  const assigned = cmd.assigns.map((a) => {
    const value = expandString(a.value, ctx);
    st.vars.set(a.name, value);
    return `${a.name}=${value}`;
  });
  const route = routeOf(cmd.redirects, st);
  const traced = [...assigned, ...argv];
  if (st.xtrace && traced.length) yield { type: 'log', line: `+ ${traced.join(' ')}`, stream: 2 };
  if (argv.length === 0) return (st.status = 0);
  st.status = yield* routed(runCommand(argv, st), route, st);
  return st.status;
}

function* execIf(cmd: Extract<Command, { type: 'if' }>, st: State): Gen {
  for (const clause of cmd.clauses) {
    if ((yield* condition(clause.cond, st)) === 0) return yield* execList(clause.body, st);
  }
  if (cmd.otherwise) return yield* execList(cmd.otherwise, st);
  return (st.status = 0);
}

function* condition(list: List, st: State): Gen {
  st.condDepth++;
  try {
    return yield* execList(list, st);
  } finally {
    st.condDepth--;
  }
}

function* execLoop(cmd: Extract<Command, { type: 'loop' | 'for' }>, st: State): Gen {
  let status = 0;
  const items = cmd.type === 'for' ? (cmd.items ?? []).flatMap((w) => expandWord(w, expandContext(st))) : [];
  st.loopDepth++;
  try {
    for (let pass = 0; ; pass++) {
      const before = st.elapsed;
      if (cmd.type === 'for') {
        if (pass >= items.length) break;
        st.vars.set(cmd.name, items[pass]);
      } else if (((yield* condition(cmd.cond, st)) === 0) === cmd.until) break;
      try {
        status = yield* execList(cmd.body, st);
      } catch (e) {
        if (!(e instanceof LoopSignal)) throw e;
        if (e.levels > 1) throw new LoopSignal(e.kind, e.levels - 1);
        if (e.kind === 'break') break;
      }
      if (cmd.type === 'loop' && st.elapsed === before) {
        yield { type: 'sleep', ms: LOOP_PASS_MS };
        st.elapsed += LOOP_PASS_MS;
      }
    }
  } finally {
    st.loopDepth--;
  }
  return (st.status = status);
}

function* subshell(list: List, st: State): Gen {
  const inner: State = { ...st, vars: new Map(st.vars) };
  try {
    return yield* execList(list, inner);
  } catch (e) {
    if (e instanceof ExitSignal) return e.status;
    throw e;
  } finally {
    st.elapsed = inner.elapsed;
  }
}

/** Pass a command's effects through, sending its output where its redirections say. */
function* routed(gen: Gen, route: Route, st: State): Gen {
  let input: HttpResult | undefined;
  for (;;) {
    const step = gen.next(input);
    if (step.done) return step.value;
    const effect = step.value;
    input = undefined;
    if (effect.type === 'log') {
      const to = route[effect.stream];
      if (to !== null) yield to === effect.stream ? effect : { ...effect, stream: to };
    } else {
      if (effect.type === 'sleep') st.elapsed += effect.ms;
      input = yield effect;
    }
  }
}

function routeOf(redirects: Redirect[], st: State): Route {
  const route: Route = { 1: 1, 2: 2 };
  for (const r of redirects) {
    if (r.op === '<' || r.op === '<&') continue;
    const target = expandString(r.target, expandContext(st));
    if (r.op === '&>' || r.op === '&>>') {
      route[1] = route[2] = null;
    } else if (r.fd === 1 || r.fd === 2) {
      if (r.op === '>&') route[r.fd] = target === '1' ? route[1] : target === '2' ? route[2] : null;
      else route[r.fd] = target === '/dev/stdout' ? route[1] : target === '/dev/stderr' ? route[2] : null;
    }
  }
  return route;
}

function expandContext(st: State): ExpandContext {
  const flags = (st.errexit ? 'e' : '') + (st.xtrace ? 'x' : '');
  return { vars: st.vars, status: st.status, name: st.name, args: st.args, flags };
}
