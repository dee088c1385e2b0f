import { describe, expect, it } from 'vitest';
import { runToEnd, type HttpResolver } from './effects';
import { commandProgram, shellProgram, UNKNOWN_PROGRAM_MS } from './shell';

const offline: HttpResolver = () => ({ type: 'unresolved' });
const sh = (script: string, env: Record<string, string> = {}) =>
  runToEnd(shellProgram(script, { env }), offline);
const lines = (script: string, env?: Record<string, string>) => sh(script, env).lines.map((l) => l.line);

describe('sh -c', () => {
  it('runs `echo a && false || echo b; exit 3` like dash', () => {
    const run = runToEnd(commandProgram(['sh', '-c', 'echo a && false || echo b; exit 3']), offline);
    expect(run.lines.map((l) => l.line)).toEqual(['a', 'b']);
    expect(run.exitCode).toBe(3);
  });

  it('skips the right-hand side of && after a failure and of || after a success', () => {
    expect(lines('false && echo no; true || echo no; echo $?')).toEqual(['0']);
    expect(sh('false && echo no').exitCode).toBe(1);
  });

  it('expands variables in double quotes but not in single quotes', () => {
    expect(lines(`echo "$GREETING, \${NAME}!" '$NAME'`, { GREETING: 'hello', NAME: 'argo' })).toEqual([
      'hello, argo! $NAME',
    ]);
    expect(lines('echo "${MISSING:-fallback value}" ${#NAME}', { NAME: 'argo' })).toEqual([
      'fallback value 4',
    ]);
  });

  it('moves its own clock with sleep and logs each line when it is written', () => {
    const run = sh('echo start; sleep 2; echo middle; sleep 0.5; echo end');
    expect(run.lines).toEqual([
      { at: 0, line: 'start' },
      { at: 2000, line: 'middle' },
      { at: 2500, line: 'end' },
    ]);
    expect(run.endMs).toBe(2500);
  });

  it('stops at the first failing command under set -e, but not inside conditions', () => {
    const run = sh(
      'set -e; if false; then echo no; fi; false || echo recovered; echo before; false; echo after',
    );
    expect(run.lines.map((l) => l.line)).toEqual(['recovered', 'before']);
    expect(run.exitCode).toBe(1);
  });

  it('traces commands to the log under set -x', () => {
    expect(lines('set -x; X=1; echo "$X"')).toEqual(['+ X=1', '+ echo 1', '1']);
  });

  it('runs until/while/for loops with arithmetic and break', () => {
    expect(lines('i=0; until [ $i -ge 3 ]; do i=$((i + 1)); echo "try $i"; done')).toEqual([
      'try 1',
      'try 2',
      'try 3',
    ]);
    expect(lines('for n in $(seq 2 4); do echo $n; done')).toEqual(['2', '3', '4']);
    expect(lines('while true; do echo once; break; done; echo out')).toEqual(['once', 'out']);
  });

  it('gives a loop pass that never sleeps a little time, so an endless loop cannot stall the clock', () => {
    const run = runToEnd(shellProgram('while true; do :; done'), offline, 1000);
    expect(run.exitCode).toBeUndefined();
  });

  it('sends redirected output nowhere and follows 2>&1', () => {
    expect(lines('echo hidden > /dev/null; echo shown; echo err >&2; echo gone 2>&1 >/dev/null')).toEqual([
      'shown',
      'err',
    ]);
    expect(lines('curl http://db/ >/dev/null 2>&1; echo $?')).toEqual(['6']);
  });

  it('exits with exit N modulo 256, and with the last status on a bare exit', () => {
    expect(sh('exit 300').exitCode).toBe(44);
    expect(sh('false; exit').exitCode).toBe(1);
    expect(sh('(exit 4); echo $?').lines[0].line).toBe('4');
  });

  it('reports a syntax error the way dash does and exits 2', () => {
    const run = sh('if true; then echo "open');
    expect(run.lines.map((l) => l.line)).toEqual(['sh: 1: Syntax error: Unterminated quoted string']);
    expect(run.exitCode).toBe(2);
    expect(lines('if true; then echo x')).toEqual([
      'sh: 1: Syntax error: end of file unexpected (expecting "fi")',
    ]);
  });

  it('lets an unknown program succeed after a short run, or serve forever in a long-running pod', () => {
    const finite = runToEnd(commandProgram(['python', 'manage.py', 'migrate']), offline);
    expect(finite).toEqual({ lines: [], exitCode: 0, endMs: UNKNOWN_PROGRAM_MS });
    const server = runToEnd(commandProgram(['./server'], { unknownRunsForever: true }), offline, 60_000);
    expect(server.exitCode).toBeUndefined();
  });

  it('runs a command line without a shell, with no expansion of $', () => {
    expect(runToEnd(commandProgram(['sleep', '5']), offline).endMs).toBe(5000);
    expect(runToEnd(commandProgram(['echo', '$HOME']), offline).lines[0].line).toBe('$HOME');
  });

  it('honours the flags of sh/bash: -e, -x and -c with a name for $0', () => {
    const run = runToEnd(commandProgram(['/bin/bash', '-ec', 'echo $0; false; echo no', 'hook']), offline);
    expect(run.lines.map((l) => l.line)).toEqual(['hook']);
    expect(run.exitCode).toBe(1);
  });

  // Argo CD's e2e hooks (hook_test.go TestTerminateWithRunningHooks) run `command: ["/bin/sh", "-c", "--"]`.
  it('ends the options of sh at `--`: sh -c -- "sleep 300" sleeps 300 s instead of running `--`', () => {
    const run = runToEnd(commandProgram(['/bin/sh', '-c', '--', 'sleep 300']), offline, 600_000);
    expect(run).toEqual({ lines: [], exitCode: 0, endMs: 300_000 });
  });

  it('reads options after -c and passes $0 and positional arguments (POSIX sh -c string name arg…)', () => {
    const run = runToEnd(
      commandProgram(['sh', '-c', '-x', 'echo "$0 $# $1 $2"; shift; echo "$@"', 'job', 'a', 'b']),
      offline,
    );
    expect(run.lines.map((l) => l.line)).toEqual([
      '+ echo job 2 a b',
      'job 2 a b',
      '+ shift',
      '+ echo b',
      'b',
    ]);
    expect(
      runToEnd(commandProgram(['sh', '-e', '+e', '-c', 'false; echo kept']), offline).lines[0].line,
    ).toBe('kept');
    expect(runToEnd(commandProgram(['sh', '-c']), offline)).toMatchObject({
      lines: [{ line: 'sh: 0: -c requires an argument' }],
      exitCode: 2,
    });
  });

  it('reads -o inside a cluster, bash long options and a lone - the way bash and dash do', () => {
    // `bash -euo pipefail -c …` is the usual strict-mode line: `pipefail` is -o's name, not the script.
    const strict = runToEnd(
      commandProgram(['bash', '-euo', 'pipefail', '-c', 'echo $0; false; echo no', 'hook']),
      offline,
    );
    expect(strict).toMatchObject({ lines: [{ line: 'hook' }], exitCode: 1 });
    const login = runToEnd(commandProgram(['bash', '--login', '--rcfile', 'rc', '-c', 'sleep 300']), offline);
    expect(login.endMs).toBe(300_000);
    expect(runToEnd(commandProgram(['bash', '-O', 'extglob', '-c', 'echo ext']), offline).lines[0].line).toBe(
      'ext',
    );
    expect(runToEnd(commandProgram(['sh', '-c', '-', 'echo $0', 'x']), offline).lines[0].line).toBe('x');
  });

  it('reads set -euo pipefail as options and leaves the positional parameters alone', () => {
    expect(lines('set -- a; set -euo pipefail; echo $# $1')).toEqual(['1 a']);
  });

  it('replaces the positional parameters with set --', () => {
    expect(lines('set -- x y z; echo $# $3; shift 2; echo $1')).toEqual(['3 z', 'z']);
  });

  it('evaluates test/[ with strings, integers and errors', () => {
    expect(lines('[ "a" = "a" ] && echo eq; [ -z "" ] && echo empty; [ 3 -lt 2 ] || echo ge')).toEqual([
      'eq',
      'empty',
      'ge',
    ]);
    expect(lines('[ x -eq 1 ]; echo $?')).toEqual(['sh: 1: [: Illegal number: x', '2']);
  });

  it('prints with printf and echo -n', () => {
    expect(lines("printf '%s=%d\\n' a 1 b 2; echo -n partial")).toEqual(['a=1', 'b=2', 'partial']);
  });
});
