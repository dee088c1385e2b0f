import type { Effect, HttpResult, Program } from './effects';
import { textLines } from './shellBuiltins';

/** The state of one running `sh`, shared by the interpreter (shell.ts) and its commands (shellCommands.ts). */
export interface ShellOptions {
  /** The environment, which the script sees as variables. */
  env?: Record<string, string>;
  errexit?: boolean;
  xtrace?: boolean;
  /** Programs the sandbox does not know run until stopped (a long-running pod) instead of for ~1 s. */
  unknownRunsForever?: boolean;
  /** `$0`, and the prefix of the shell's own error messages (`sh: 1: …`). */
  name?: string;
  /** The positional parameters `$1`, `$2`, … (`sh -c 'script' name arg…`). */
  args?: readonly string[];
}

/** How long a program the sandbox does not know runs in a finite pod. */
export const UNKNOWN_PROGRAM_MS = 1000;
export type Gen = Generator<Effect, number, HttpResult | undefined>;

/** `exit N`, unwinding to the shell (or subshell) that runs the script. */
export class ExitSignal {
  constructor(readonly status: number) {}
}

/** `break N` / `continue N`, unwinding to the enclosing loop. */
export class LoopSignal {
  constructor(
    readonly kind: 'break' | 'continue',
    readonly levels: number,
  ) {}
}

export interface State {
  vars: Map<string, string>;
  status: number;
  errexit: boolean;
  xtrace: boolean;
  /** Above 0 inside an `if`/`while` condition or a non-final `&&`/`||` operand, where `set -e` does not act. */
  condDepth: number;
  loopDepth: number;
  /** Virtual ms this shell has slept, to tell a loop pass that took no time. */
  elapsed: number;
  options: ShellOptions;
  name: string;
  /** The positional parameters, changed by `set -- …` and `shift`. */
  args: readonly string[];
  /** Runs a nested `sh -c` script (shell.ts's shellProgram, passed in to keep the modules acyclic). */
  runScript: (script: string, options: ShellOptions) => Program;
}

/** Write text to stdout (1) or stderr (2), one log effect per line. */
export function* write(text: string, stream: 1 | 2): Gen {
  for (const line of textLines(text)) yield { type: 'log', line, stream };
  return 0;
}
