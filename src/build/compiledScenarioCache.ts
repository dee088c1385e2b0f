import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { hashOf, writeInPlace } from '../../scripts/inputsHash.mjs';

/** The two modules compileScenariosPlugin makes of a scenario file: its picker entry and its compiled run. */
export type CompiledKind = 'meta' | 'compiled';

/**
 * The scenario modules of an earlier build or test run, kept under the hash of every source file that made them.
 *
 * Compiling the shipped scenarios plays each one's default run: about 9 s of CPU, paid by `vitest`, `vite build`
 * and `vite build --mode single` alike, three times in every `npm test`. The output depends only on the scenario
 * file (its text and its name in the project) and on the code that compiled it, so it is kept in `dir` as
 * scripts/simBundle.mjs keeps the CLI's bundle: `inputs.json` lists the compiler's source files (the module graph
 * of the plugin's own Vite server, and the lock file for the packages), and each module is stored under a hash of
 * those files' contents, its kind, its file's name and its text. A change to any source, a source gone, or a new
 * import (which changes the file that imports it) makes a new hash, so a kept module is never stale.
 *
 * Entries are written when the compiler is done (`flush`), with the graph as it is then: the run loads parts of
 * the engine lazily (the Lua runtime, the YAML reader), so a list taken earlier could miss them.
 */
export class CompiledScenarioCache {
  /** The hash of the sources as listed by the last writer: `null` until read, `undefined` if there is none. */
  private state: string | undefined | null = null;
  private readonly pending: { kind: CompiledKind; path: string; text: string }[] = [];

  constructor(
    private readonly root: string,
    private readonly dir: string,
    private readonly alsoHashed: readonly string[] = ['package-lock.json'],
  ) {}

  /** The module of `kind` for the scenario file at `path` (absolute), if one was made from the sources as they are. */
  read(kind: CompiledKind, path: string): string | undefined {
    this.state ??= this.currentState();
    if (this.state === undefined) return undefined;
    try {
      return readFileSync(this.entryFile(this.state, kind, path), 'utf8');
    } catch {
      return undefined;
    }
  }

  /** Keeps a module the compiler just made, until `flush`. */
  add(kind: CompiledKind, path: string, text: string): void {
    this.pending.push({ kind, path, text });
  }

  /**
   * Writes the modules added since the last flush under the hash of `sources` (absolute paths of the compiler's
   * module graph; packages and files outside the project are left to the lock file).
   */
  flush(sources: Iterable<string>): void {
    if (this.pending.length === 0) return;
    const own = [...sources].filter(
      (id) => id.startsWith(this.root + sep) && !id.includes(`${sep}node_modules${sep}`),
    );
    const inputs = [...new Set([...own.map((id) => relative(this.root, id)), ...this.alsoHashed])].sort();
    const state = hashOf(this.root, inputs);
    if (state === undefined) return;
    mkdirSync(this.dir, { recursive: true });
    for (const { kind, path, text } of this.pending.splice(0))
      writeInPlace(this.entryFile(state, kind, path), text);
    writeInPlace(join(this.dir, 'inputs.json'), JSON.stringify(inputs));
    this.state = state;
  }

  private currentState(): string | undefined {
    try {
      const inputs = JSON.parse(readFileSync(join(this.dir, 'inputs.json'), 'utf8')) as string[];
      return hashOf(this.root, inputs);
    } catch {
      return undefined;
    }
  }

  private entryFile(state: string, kind: CompiledKind, path: string): string {
    const key = createHash('sha256')
      .update(`${state}\0${kind}\0${relative(this.root, path)}\0`)
      .update(readFileSync(path))
      .digest('hex')
      .slice(0, 24);
    return join(this.dir, `${kind}-${key}.js`);
  }
}
