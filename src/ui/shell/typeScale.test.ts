import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { smallPrintPx } from './presenterType';

/**
 * Every size and weight of text a page lays out for the first time costs a font look-up, on Linux and Android a
 * synchronous call to the browser process (docs/reference.md, "The phone's start"): about half of the first frame's
 * layout with a phone-class CPU. The page keeps to two weights (a 600 draws with the bold face on most systems, yet
 * is looked up on its own) and to the five sizes of shell/tokens.css.
 */
const weights = new Set(['400', '700', 'normal', 'bold', 'inherit']);

/**
 * The sizes that are not a step of the scale, each for a reason: the root's 17 px (the rem); a floor of 20 or 24 px
 * on a step, for a presenter's text read from the back of a room; a field's 16 px (iOS zooms into a field whose text
 * is smaller); the presenter's and the compare view's type that follows the screen; the status lanes' size (their
 * drawing's, set by a custom property); a size relative to the text around it (`em`, a key or a time inside a
 * sentence); and `inherit`.
 */
const allowed = [
  /^var\(--type-(fine|small|body|title|page)\)$/,
  /^max\((20|24)px, var\(--type-(fine|small|body|title|page)\)\)$/,
  /^max\(16px, /,
  /^(16|17)px$/,
  /^clamp\(/,
  /^var\(--lane-font, var\(--type-small\)\)$/,
  /^\d*\.?\d+em$/,
  /^inherit$/,
];

function styleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return styleFiles(path);
    return /\.(svelte|css)$/.test(entry.name) ? [path] : [];
  });
}

function declarations(property: string): { file: string; value: string }[] {
  return styleFiles('src/ui').flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(new RegExp(`${property}:\\s*([^;}]+?)\\s*[;}]`, 'g'))].map(
      (m) => ({
        file,
        value: m[1],
      }),
    ),
  );
}

test('the page’s styles use only the weights 400 and 700', () => {
  const others = declarations('font-weight').filter(({ value }) => !weights.has(value));
  expect(others.map(({ file, value }) => `${file}: font-weight: ${value}`)).toEqual([]);
});

test('every font size of the page’s styles is a step of the type scale, or one of the reasoned exceptions', () => {
  const found = declarations('font-size');
  // The scan reads the page's styles: a pattern that stopped matching would pass with nothing checked.
  expect(found.length).toBeGreaterThan(100);
  const others = found.filter(({ value }) => !allowed.some((pattern) => pattern.test(value)));
  expect(others.map(({ file, value }) => `${file}: font-size: ${value}`)).toEqual([]);
});

test('the small print written as a number for the status lanes is the token’s size of the root’s', () => {
  const root = /html\s*\{[^}]*font-size:\s*([\d.]+)px/.exec(readFileSync('src/ui/styles/global.css', 'utf8'));
  const small = /--type-small:\s*([\d.]+)rem/.exec(readFileSync('src/ui/shell/tokens.css', 'utf8'));
  expect(Number(root?.[1]) * Number(small?.[1])).toBeCloseTo(smallPrintPx, 5);
});
