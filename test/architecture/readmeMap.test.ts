import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/reference.md "How it fits together" (linked from the README) is the map a newcomer reads to find where a
 * thing is done: it must name every folder of src/ and no folder that is gone.
 */
function folders(dir: string): string[] {
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isDirectory())
    .flatMap((path) => [path, ...folders(path)]);
}

function section(readme: string, title: string): string {
  const start = readme.indexOf(`## ${title}\n`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** The folders of `tree` the map does not name: a top-level one as `src/NAME/`, a nested one as `NAME/`. */
function unnamedFolders(map: string, tree: string[]): string[] {
  return tree.filter((path) => {
    const parts = path.split('/');
    if (parts.length === 2) return !map.includes(`${path}/`);
    return !new RegExp(`(^|[\\s\`/(])${parts.at(-1)}/`).test(map);
  });
}

describe('docs/reference.md "How it fits together"', () => {
  const map = section(readFileSync('docs/reference.md', 'utf8'), 'How it fits together');

  it('names every folder of src/', () => {
    expect(map.length).toBeGreaterThan(0);
    expect(unnamedFolders(map, folders('src'))).toEqual([]);
  });

  it('names no src/ folder that does not exist', () => {
    const named = [...map.matchAll(/src\/[A-Za-z/]+\//g)].map((m) => m[0]);
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((path) => !existsSync(path))).toEqual([]);
  });

  it('finds a folder the map leaves out (the check itself can fail)', () => {
    expect(
      unnamedFolders('- `src/ui/`: `layout/` …', ['src/ui', 'src/ui/layout', 'src/ui/stack', 'src/text']),
    ).toEqual(['src/ui/stack', 'src/text']);
  });
});
