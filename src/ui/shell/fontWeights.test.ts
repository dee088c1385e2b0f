import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

/**
 * Every size and weight of text a page lays out for the first time costs a font look-up, on Linux and Android a
 * synchronous call to the browser process (docs/reference.md, "The phone's start"): about half of the first frame's
 * layout with a phone-class CPU. The page keeps to three weights, so that a weight in between (a 500 or a 650,
 * drawn with the same face on most systems) does not add look-ups of its own.
 */
const weights = new Set(['400', '600', '700', 'normal', 'bold', 'inherit']);

function styleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return styleFiles(path);
    return /\.(svelte|css)$/.test(entry.name) ? [path] : [];
  });
}

test('the page’s styles use only the weights 400, 600 and 700', () => {
  const others = styleFiles('src/ui').flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/font-weight:\s*([^;}\s]+)/g)]
      .filter((m) => !weights.has(m[1]))
      .map((m) => `${file}: font-weight: ${m[1]}`),
  );
  expect(others).toEqual([]);
});
