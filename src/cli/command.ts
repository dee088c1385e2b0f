/**
 * What a `sim` command gets from the outside world. Commands never touch `process` or `node:fs` themselves, so
 * tests run them in-process with an in-memory io and the real entry (sim.ts) wires Node's.
 */
export interface CommandIo {
  /** The file's text; throws (like fs.readFileSync) when it cannot be read. */
  readFile(path: string): string;
  /**
   * The files under a directory, recursively, as paths relative to it (`a/b.yaml`), sorted; throws when it is
   * not a readable directory, or holds what a Git repository cannot (an error with `repoFile`, the path of the
   * culprit: an out-of-bounds symlink, a FIFO). `warn` hears of what is skipped (a symlink to nothing). Used by
   * `sim run --repo DIR` (listRepoFiles.ts).
   */
  listFiles?(dir: string, warn?: (message: string) => void): string[];
  /**
   * Writes files under a new or empty directory, creating the folders they need (`sim export --out DIR`); a
   * file marked executable gets mode 755. Throws when the directory holds anything already.
   */
  writeFiles?(dir: string, files: readonly { path: string; text: string; executable: boolean }[]): void;
  stdout(text: string): void;
  stderr(text: string): void;
}

/** A `sim` sub-command: its arguments (after the command name) in, an exit status out. */
export type Command = (args: string[], io: CommandIo) => number;

/** Exit status for unusable input: a bad option, an unreadable file, invalid YAML (contract.md §1.1). */
export const exitUsage = 2;

/** Why a file could not be read, in the words `cat` would use. */
export function readFailure(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const reasons: Record<string, string> = {
    ENOENT: 'no such file or directory',
    EISDIR: 'is a directory',
    EACCES: 'permission denied',
    ENOTDIR: 'not a directory',
  };
  if (typeof code === 'string' && reasons[code]) return reasons[code];
  return error instanceof Error ? error.message : String(error);
}
