import { describe, expect, it } from 'vitest';
import { cycles, importGraph, topFolder, twoWayFolders } from './importGraph';

/**
 * The engine is read module by module: a cycle (type-only imports included) is two modules that cannot be
 * understood one without the other, and two folders importing each other are one folder in two places.
 */
describe('import structure', () => {
  const graph = importGraph('src');

  it('src/engine has no import cycle, type imports included', () => {
    const engine = cycles(graph).filter((c) => c.some((m) => m.startsWith('src/engine/')));
    expect(engine).toEqual([]);
  });

  it('no two sibling folders of src/engine import each other', () => {
    // A folder and its parent (engine/index.ts and the modules it re-exports) are not siblings.
    const siblings = twoWayFolders(graph).filter((pair) => {
      const [a, b] = pair.split(' <-> ');
      return a.startsWith('src/engine') && !b.startsWith(`${a}/`) && !a.startsWith(`${b}/`);
    });
    expect(siblings).toEqual([]);
  });

  it('src/ has no import cycle anywhere, type imports and Svelte components included', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('no two top-level folders of src/ import each other (the layers of docs/reference.md "How it fits together")', () => {
    expect(twoWayFolders(graph, topFolder)).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself can fail)', () => {
    const looped = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(looped)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(
      twoWayFolders(
        new Map([
          ['x/a.ts', ['y/b.ts']],
          ['y/b.ts', ['x/c.ts']],
        ]),
      ),
    ).toEqual(['x <-> y']);
    expect(
      twoWayFolders(
        new Map([
          ['src/ui/a/b.ts', ['src/text/c.ts']],
          ['src/text/d/e.ts', ['src/ui/f.ts']],
        ]),
        topFolder,
      ),
    ).toEqual(['src/text <-> src/ui']);
  });
});
