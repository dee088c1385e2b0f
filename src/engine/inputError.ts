/** Where in an input file something was found; lines and columns count from 1. */
export interface InputPosition {
  file: string;
  line: number;
  column: number;
}

/**
 * An input the sandbox cannot use (a YAML syntax error, an object without a kind, a mistyped field …), with the
 * place it was found. Its message is `file:line:column: message`, the form editors and terminals link to, and
 * what `sim` prints on stderr (contract.md §1.1).
 */
export class InputError extends Error {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** The message without the position. */
  readonly detail: string;

  constructor(detail: string, position: InputPosition) {
    super(formatInputError(detail, position));
    this.name = 'InputError';
    this.file = position.file;
    this.line = position.line;
    this.column = position.column;
    this.detail = detail;
  }
}

/**
 * @example
 * formatInputError('missing "kind"', { file: 'app.yaml', line: 3, column: 7 }); // 'app.yaml:3:7: missing "kind"'
 */
export function formatInputError(detail: string, position: InputPosition): string {
  return `${position.file}:${position.line}:${position.column}: ${detail}`;
}

/** Whether a caught value is an InputError (the only errors callers show to the user instead of rethrowing). */
export function isInputError(error: unknown): error is InputError {
  return error instanceof InputError;
}
