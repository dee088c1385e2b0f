// The bundle `npm run sim` runs (scripts/sim.mjs): one esbuild bundle of an entry and every source it imports,
// kept under a hash of those sources so that a stale bundle is never run.
//
// Through tsx, each start of the simulator loaded its ~350 TypeScript modules one by one through a loader thread:
// about 2.5 s of CPU before the first line, for `sim --version` too. The same sources bundled into one file start in
// about 0.7 s. esbuild is what tsx transforms with, so the code that runs is the same. A start reads and hashes the
// files the bundle was built from (a few milliseconds): any change to the import graph changes one of them (the file
// that gained or lost an import), and a file gone means a rebuild. Packages stay imports, resolved from the
// project's node_modules as before.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashOf, writeInPlace } from './inputsHash.mjs';

/** The bundle in `cache` built from exactly the current sources, if there is one. */
function currentBundle(root, cache) {
  try {
    const inputs = JSON.parse(readFileSync(join(cache, 'inputs.json'), 'utf8'));
    const hash = hashOf(root, inputs);
    const file = hash === undefined ? undefined : join(cache, `bundle-${hash}.mjs`);
    return file !== undefined && existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Bundles `entry` and records its inputs. Several starts at once (the tests run examples side by side) each write
 * through files of their own (writeInPlace), so none reads a half-written bundle or list.
 */
async function build(root, cache, entry, alsoHashed) {
  const { build: esbuild } = await import('esbuild');
  const result = await esbuild({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'silent',
    outfile: join(cache, 'bundle.mjs'),
  });
  const inputs = [...Object.keys(result.metafile.inputs), ...alsoHashed].sort();
  const file = join(cache, `bundle-${hashOf(root, inputs)}.mjs`);
  mkdirSync(cache, { recursive: true });
  writeInPlace(file, result.outputFiles[0].contents);
  writeInPlace(join(cache, 'inputs.json'), JSON.stringify(inputs));
  return file;
}

/**
 * The path of the bundle of `entry` (relative to `root`) for the sources as they are now, built into `cache` first
 * if they changed. `alsoHashed` are files that change the bundle without being imported (the lock file: another
 * esbuild or another version of a package). A source that does not compile throws esbuild's error, whose
 * `errors` name the file, line and column.
 */
export async function bundlePath({ root, cache, entry, alsoHashed = [] }) {
  return currentBundle(root, cache) ?? (await build(root, cache, entry, alsoHashed));
}
