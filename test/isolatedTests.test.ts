import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isolatedTests } from './isolatedTests';

const root = join(import.meta.dirname, '..');

/** Every test file under `dir`, as a path from the project root. */
function testFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) =>
      relative(root, join(root, dir, f))
        .split('\\')
        .join('/'),
    );
}

// What replaces a module or a global for the rest of a shared worker's files.
const replacing =
  /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(|\blocalStorage\b|\bglobalThis\.\w+\s*=[^=]/;

describe('test files that replace a module or a global', () => {
  it('all run isolated, so a mock never leaks into the files that share a worker', () => {
    const self = 'test/isolatedTests.test.ts';
    const found = [...testFiles('src'), ...testFiles('test')]
      .filter((f) => f !== self && replacing.test(readFileSync(join(root, f), 'utf8')))
      .sort();
    expect(found).toEqual([...isolatedTests].sort());
  });
});
