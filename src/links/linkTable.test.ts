import { describe, expect, it } from 'vitest';
import { formatLink } from './formatLink';
import { linkTable } from './linkTable';
import { parseLink } from './parseLink';

/** A link with one parameter, `key=text`, in the query (`?`) or the hash (`#`). */
const one = (mark: '?' | '#', key: string, text: string) => `${mark}${new URLSearchParams({ [key]: text })}`;

describe('the link table (src/links/linkTable.ts): one row per URL parameter', () => {
  it('names each parameter and each field once', () => {
    expect(new Set(linkTable.map((p) => p.key)).size).toBe(linkTable.length);
    expect(new Set(linkTable.map((p) => p.field)).size).toBe(linkTable.length);
  });

  for (const param of linkTable) {
    const [written, other] = param.examples;
    describe(`${param.key}=`, () => {
      it(`round-trips: ${param.key}=${written} reads as a value that writes back the same link`, () => {
        const state = parseLink(one('?', param.key, written), '');
        expect(state[param.field]).toBeDefined();
        expect(Object.keys(state)).toEqual([param.field]);
        expect(formatLink(state)).toBe(`?${param.key}=${written}`);
        expect(parseLink(formatLink(state), '')).toEqual(state);
      });

      it(`is read from the hash too, and the hash beats the query (${param.key}=${other} over ${written})`, () => {
        const fromQuery = parseLink(one('?', param.key, written), '');
        const fromHash = parseLink(one('?', param.key, other), one('#', param.key, written));
        expect(fromHash).toEqual(fromQuery);
        const otherWins = parseLink(one('?', param.key, written), one('#', param.key, other));
        expect(otherWins).toEqual(parseLink(one('?', param.key, other), ''));
        expect(otherWins).not.toEqual(fromQuery);
      });

      if (param.bounds) {
        const [min, max] = param.bounds;
        it(`takes ${min} to ${max}, and past either bound is left out so the default applies`, () => {
          expect(parseLink(one('?', param.key, boundValue(param.key, min)), '')[param.field]).toBeDefined();
          expect(parseLink(one('?', param.key, boundValue(param.key, below(min))), '')).toEqual({});
          if (Number.isFinite(max)) {
            expect(parseLink(one('?', param.key, boundValue(param.key, max)), '')[param.field]).toBeDefined();
            expect(parseLink(one('?', param.key, boundValue(param.key, above(max))), '')).toEqual({});
          }
        });
      }
    });
  }

  it('says which parameters apply to one run only: those the compare view names rather than shows', () => {
    expect(linkTable.filter((p) => p.oneRun).map((p) => p.key)).toEqual([
      'punchline',
      'embed',
      'predict',
      'reveal',
      'do',
      'edit',
      'app',
    ]);
  });
});

/** A value for a bound of `key`: zoom's is a window, from 0 to the bound (or from the bound to the bound + 1). */
function boundValue(key: string, n: number): string {
  if (key !== 'zoom') return String(n);
  return n <= 0 ? `${n},${n + 1}` : `0,${n}`;
}

/** Just below a bound: by a tenth, or by 1 for the whole-number bounds. */
function below(n: number): number {
  return Number.isInteger(n) ? n - 1 : Math.round((n - 0.01) * 100) / 100;
}

function above(n: number): number {
  return Number.isInteger(n) ? n + 1 : Math.round((n + 0.01) * 100) / 100;
}
