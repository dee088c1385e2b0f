import { InputError } from '../engine';

/**
 * A command-line argument the command cannot use. Its message leads with the argument as it was typed
 * (`--until 100000: must be at most 86400 seconds`), where an error in a file leads with `file:line:column`:
 * a command line has no lines to point at, and `<command line>:1:1` told the user nothing. Without an argument
 * (a missing one) the message is the problem alone.
 */
export class ArgumentError extends InputError {
  /** The argument as typed, when one is at fault. */
  readonly argument: string | undefined;

  constructor(detail: string, argument?: string) {
    super(detail, { file: argument ?? 'the command line', line: 1, column: 1 });
    this.name = 'ArgumentError';
    this.argument = argument;
    this.message = argument === undefined ? detail : `${argument}: ${detail}`;
  }
}
