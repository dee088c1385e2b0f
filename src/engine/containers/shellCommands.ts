import { curl } from './curl';
import { netcat, wget } from './netTools';
import { echoText, printfText, sleepMs, testStatus } from './shellBuiltins';
import { ShellExpansionError } from './shellExpand';
import { ExitSignal, LoopSignal, UNKNOWN_PROGRAM_MS, write, type Gen, type State } from './shellState';

/**
 * The commands of the sandbox's `sh`: builtins, the network probes, nested shells and wrappers. Anything
 * else is a program the sandbox cannot run; it succeeds after UNKNOWN_PROGRAM_MS, or runs until stopped in a
 * long-running pod.
 */
export function* runCommand(argv: string[], st: State): Gen {
  const [cmd, ...args] = argv;
  switch (cmd.slice(cmd.lastIndexOf('/') + 1)) {
    case 'echo':
      return yield* write(echoText(args), 1);
    case 'printf':
      return yield* write(printfText(args), 1);
    case 'true':
    case ':':
    case 'cd':
    case 'wait':
    case 'trap':
    case 'umask':
    case 'ulimit':
      return 0;
    case 'false':
      return 1;
    case 'sleep': {
      const ms = sleepMs(args);
      if (typeof ms === 'string') return (yield* write(`${ms}\n`, 2)) + 1;
      yield { type: 'sleep', ms };
      return 0;
    }
    case 'exit': {
      if (args.length && !/^\d+$/.test(args[0]))
        throw new ShellExpansionError(`exit: Illegal number: ${args[0]}`);
      throw new ExitSignal(args.length ? Number(args[0]) & 255 : st.status);
    }
    case 'set':
      return setOptions(args, st);
    case 'shift': {
      const n = args.length ? Number(args[0]) : 1;
      if (!Number.isInteger(n) || n < 0 || n > st.args.length)
        throw new ShellExpansionError(`shift: can't shift that many`);
      st.args = st.args.slice(n);
      return 0;
    }
    case 'export':
    case 'readonly':
    case 'local':
      for (const arg of args) {
        const m = /^([A-Za-z_][A-Za-z0-9_]*)=([\s\S]*)$/.exec(arg);
        if (m) st.vars.set(m[1], m[2]);
      }
      return 0;
    case 'unset':
      for (const arg of args) st.vars.delete(arg);
      return 0;
    case 'test':
    case '[': {
      const r = testStatus([cmd.slice(cmd.lastIndexOf('/') + 1), ...args]);
      if (r.error) yield { type: 'log', line: `${st.name}: 1: ${r.error}`, stream: 2 };
      return r.status;
    }
    case 'break':
    case 'continue':
      if (st.loopDepth === 0) return 0;
      throw new LoopSignal(cmd as 'break' | 'continue', Math.max(1, Number(args[0]) || 1));
    case 'exec':
      if (args.length === 0) return 0;
      throw new ExitSignal(yield* runCommand(args, st));
    case 'sh':
    case 'bash':
    case 'ash':
    case 'dash':
      return yield* nestedShell(cmd, args, st);
    case 'curl':
      return yield* curl(args);
    case 'wget':
      return yield* wget(args);
    case 'nc':
    case 'netcat':
      if (args.some((a) => /^-[a-zA-Z]*z/.test(a))) return yield* netcat(args);
      break;
    case 'env':
    case 'nohup':
    case 'time':
    case 'command':
    case 'timeout': {
      // Wrappers: run the program they wrap (a timeout's limit is not enforced).
      let i = 0;
      while (i < args.length && (args[i].startsWith('-') || /^[A-Za-z_]\w*=/.test(args[i]))) i++;
      if (cmd.endsWith('timeout') && i < args.length) i++;
      if (i < args.length) return yield* runCommand(args.slice(i), st);
      return 0;
    }
  }
  yield { type: 'sleep', ms: st.options.unknownRunsForever ? Infinity : UNKNOWN_PROGRAM_MS };
  return 0;
}

/**
 * `set -e`, `set -x`, `set -eux`, `set -o errexit`, `set +e` …; other options are accepted and ignored.
 * `set -- a b` (or the first word that is not an option) replaces the positional parameters (POSIX §2.14 `set`).
 */
function setOptions(args: string[], st: State): number {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--' || !/^[-+]/.test(arg)) {
      st.args = args.slice(arg === '--' ? i + 1 : i);
      break;
    }
    const on = arg.startsWith('-');
    for (const letter of arg.slice(1)) {
      if (letter === 'e') st.errexit = on;
      else if (letter === 'x') st.xtrace = on;
      else if (letter === 'o') {
        // Each `o` takes the next word as an option name: `set -euo pipefail` names pipefail, not `$1`.
        const name = args[++i];
        if (name === 'errexit') st.errexit = on;
        if (name === 'xtrace') st.xtrace = on;
      }
    }
  }
  return 0;
}

/**
 * `sh [-ex] [-o option] -c [--] 'script' [name [arg…]]` as POSIX `sh` reads its operands: options (`-e`, `-x`,
 * `-c`, `+e`, `-o errexit`, combined as `-ec`) come first, in any order; `--` or a lone `-` ends them; with `-c`
 * the first operand is the script, the next one `$0`, the rest `$1`, `$2`, … . Each `o` of a combined cluster
 * takes the next word as an option name (`-euo pipefail`, as bash, dash and busybox read it), and bash's `-O
 * shopt` does the same; bash's long options (`--login`, `--norc`, `--rcfile FILE` …) are read and ignored. A
 * shell without `-c` would read stdin or a script file, which a sandbox container does not have, so it exits 0.
 *
 * @example
 * // Argo CD's e2e hooks: command ["/bin/sh", "-c", "--"], args ["sleep 300"] runs `sleep 300`.
 */
function* nestedShell(cmd: string, args: string[], st: State): Gen {
  let errexit = false;
  let xtrace = false;
  let commandMode = false;
  let i = 0;
  for (; i < args.length; i++) {
    const flag = args[i];
    if (flag === '--' || flag === '-') {
      i++;
      break;
    }
    if (/^--[a-z-]+$/.test(flag)) {
      if (flag === '--rcfile' || flag === '--init-file') i++;
      continue;
    }
    if (!/^[-+][a-zA-Z]+$/.test(flag)) break;
    const on = flag.startsWith('-');
    for (const letter of flag.slice(1)) {
      if (letter === 'e') errexit = on;
      else if (letter === 'x') xtrace = on;
      else if (letter === 'c') commandMode = on;
      else if (letter === 'o') {
        const name = args[++i];
        if (name === 'errexit') errexit = on;
        if (name === 'xtrace') xtrace = on;
      } else if (letter === 'O') i++;
    }
  }
  if (!commandMode) return 0;
  const script = args[i];
  if (script === undefined) return (yield* write(`${cmd}: 0: -c requires an argument\n`, 2)) + 2;
  const name = args[i + 1] ?? cmd;
  const options = {
    ...st.options,
    env: Object.fromEntries(st.vars),
    errexit,
    xtrace,
    name,
    args: args.slice(i + 2),
  };
  return yield* st.runScript(script, options);
}
