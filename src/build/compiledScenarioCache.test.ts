import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CompiledScenarioCache } from './compiledScenarioCache';

// A project of its own in a temporary folder: two engine sources, a package's file, a lock file and a scenario.
let root: string;
let dir: string;
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};
const scenario = () => join(root, 'scenarios/three-tier.yaml');
const graph = () => [
  join(root, 'src/engine/run.ts'),
  join(root, 'src/lua/lazyLua.ts'),
  join(root, 'node_modules/yaml/index.js'),
  '\0virtual:module',
];
/** What the plugin does after compiling in one process: add the modules, then write them with the graph. */
const compileInOneProcess = () => {
  const cache = new CompiledScenarioCache(root, dir);
  cache.add('compiled', scenario(), 'export default { run: 1 };');
  cache.add('meta', scenario(), 'export default { id: "three-tier" };');
  cache.flush(graph());
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'sandbox-compiled-cache-'));
  dir = join(root, 'node_modules/.cache/scenarios');
  write('src/engine/run.ts', 'export const run = 1;');
  write('src/lua/lazyLua.ts', 'export const lua = 1;');
  write('node_modules/yaml/index.js', 'module.exports = 1;');
  write('package-lock.json', '{"lockfileVersion":3}');
  write('scenarios/three-tier.yaml', 'id: three-tier\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('CompiledScenarioCache: a build takes the scenarios compiled by an earlier one only while no source changed', () => {
  it('gives the next process what this one compiled, each kind apart', () => {
    compileInOneProcess();
    const next = new CompiledScenarioCache(root, dir);
    expect(next.read('compiled', scenario())).toBe('export default { run: 1 };');
    expect(next.read('meta', scenario())).toBe('export default { id: "three-tier" };');
  });

  it("lists the project's own sources and the lock file, not packages or virtual modules", () => {
    compileInOneProcess();
    expect(JSON.parse(readFileSync(join(dir, 'inputs.json'), 'utf8'))).toEqual([
      'package-lock.json',
      'src/engine/run.ts',
      'src/lua/lazyLua.ts',
    ]);
  });

  it('compiles again after an edit to any source, a source gone or another lock file', () => {
    for (const change of [
      () => write('src/lua/lazyLua.ts', 'export const lua = 2;'),
      () => rmSync(join(root, 'src/engine/run.ts')),
      () => write('package-lock.json', '{"lockfileVersion":3,"packages":{}}'),
    ]) {
      compileInOneProcess();
      change();
      expect(new CompiledScenarioCache(root, dir).read('compiled', scenario())).toBeUndefined();
      write('src/engine/run.ts', 'export const run = 1;');
      write('src/lua/lazyLua.ts', 'export const lua = 1;');
      write('package-lock.json', '{"lockfileVersion":3}');
    }
  });

  it('compiles again after an edit to the scenario, and a copy under another name is compiled on its own', () => {
    compileInOneProcess();
    write('scenarios/copy.yaml', 'id: three-tier\n');
    const next = new CompiledScenarioCache(root, dir);
    expect(next.read('compiled', join(root, 'scenarios/copy.yaml'))).toBeUndefined();
    write('scenarios/three-tier.yaml', 'id: three-tier\ntitle: edited\n');
    expect(next.read('compiled', scenario())).toBeUndefined();
  });

  it('writes nothing when nothing was compiled, so a run that took everything from the cache leaves it as it was', () => {
    compileInOneProcess();
    const before = readFileSync(join(dir, 'inputs.json'), 'utf8');
    const next = new CompiledScenarioCache(root, dir);
    next.read('compiled', scenario());
    next.flush([join(root, 'src/engine/run.ts')]);
    expect(readFileSync(join(dir, 'inputs.json'), 'utf8')).toBe(before);
    expect(new CompiledScenarioCache(root, dir).read('compiled', scenario())).toBe(
      'export default { run: 1 };',
    );
  });
});
