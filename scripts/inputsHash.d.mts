// The types of scripts/inputsHash.mjs, for the TypeScript that calls it (the project's TypeScript reads no .mjs).

/** The hash of `inputs` (paths relative to `root`, names and contents), or undefined if one of them is gone. */
export function hashOf(root: string, inputs: readonly string[]): string | undefined;

/** Writes `contents` to `path` through a file of this process's own, renamed into place. */
export function writeInPlace(path: string, contents: string | Uint8Array): void;
