// What the two build caches of the project share (scripts/simBundle.mjs, the CLI's bundle, and
// src/build/compiledScenarioCache.ts, the scenarios' compiled runs): the hash of the files an output was made from,
// and a write that no reader can see half done.
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The hash of `inputs` (paths relative to `root`, names and contents), or undefined if one of them is gone. */
export function hashOf(root, inputs) {
  const hash = createHash('sha256');
  try {
    for (const input of inputs)
      hash
        .update(`${input}\0`)
        .update(readFileSync(join(root, input)))
        .update('\0');
  } catch {
    return undefined;
  }
  return hash.digest('hex').slice(0, 20);
}

/**
 * Writes `contents` to `path` through a file of this process's own, renamed into place: several processes at once
 * (the tests run examples side by side; the two builds run together) never read a half-written file.
 */
export function writeInPlace(path, contents) {
  writeFileSync(`${path}.${process.pid}`, contents);
  renameSync(`${path}.${process.pid}`, path);
}
