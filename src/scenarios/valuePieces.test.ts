import { describe, expect, it } from 'vitest';
import { joinValue, splitIfHeavy, splitValue } from './valuePieces';

/** An app of `count` ConfigMaps of `keys` keys each, as a read drop holds them. */
function bigApp(count: number, keys: number) {
  const objects = Array.from({ length: count }, (_, o) => ({
    object: {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: `big-${o}` },
      data: Object.fromEntries(Array.from({ length: keys }, (_, k) => [`key-${k}`, `${'v'.repeat(48)}${k}`])),
    },
    position: { file: 'big.yaml', line: 1 + o, column: 1 },
  }));
  return {
    id: 'your-app',
    title: 'Your app',
    revisions: [{ name: 'yours', manifests: 'x'.repeat(1000), objects }],
  };
}

describe('splitValue and joinValue (an app posted in pieces, issue 31)', () => {
  it('gives back the same app, each piece a small part of it, parents placed before children', () => {
    const app = bigApp(160, 1_600);
    const { skeleton, pieces } = splitValue(structuredClone(app));
    // The four 3.9 MiB files' app crosses in over ten messages of about 1 MiB, not one of 16.
    expect(pieces.length).toBeGreaterThan(10);
    const sizes = pieces.map((piece) => JSON.stringify(piece).length);
    expect(Math.max(...sizes)).toBeLessThan(2 * 1024 * 1024);
    expect(JSON.stringify(skeleton).length).toBeLessThan(10_000);
    expect(joinValue(structuredClone(skeleton), structuredClone(pieces))).toEqual(app);
  });

  it('leaves a small value whole', () => {
    const app = bigApp(2, 3);
    const { skeleton, pieces } = splitValue(app);
    expect(pieces).toEqual([]);
    expect(skeleton).toBe(app);
  });

  it('splits a container inside a split one, and keeps a key named __proto__ as data', () => {
    const value = {
      files: { a: Array.from({ length: 50 }, (_, i) => ({ i, s: 'y'.repeat(200) })), ['__proto__']: 1 },
    };
    Object.defineProperty(value.files, '__proto__', { value: { polluted: true }, enumerable: true });
    const { skeleton, pieces } = splitValue(value, 100);
    expect(pieces.length).toBeGreaterThan(5);
    const joined = joinValue(skeleton, pieces) as typeof value;
    expect(joined.files.a).toEqual(value.files.a);
    expect(Object.getOwnPropertyDescriptor(joined.files, '__proto__')?.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(joined.files)).toBe(Object.prototype);
  });

  it('splitIfHeavy leaves a value under heavyWeight whole, sharing and all, and splits a heavier one', () => {
    // A value whose one row of 64 KiB is held in 6,000 places (a run shares its objects between versions) crosses
    // in one message: it weighs as a clone carries it, 3,000 versions and one row, not 6,000 rows (24 million).
    const shared = { name: 'row', s: 'x'.repeat(64 * 1024) };
    const light = { versions: Array.from({ length: 3_000 }, (_, i) => ({ i, rows: [shared, shared] })) };
    const whole = splitIfHeavy(light);
    expect(whole.pieces).toEqual([]);
    expect(whole.skeleton).toBe(light);
    // Four dropped files of 3.9 MiB: over heavyWeight (about 4 MiB of YAML read), so it crosses in pieces.
    const heavy = bigApp(160, 1_600);
    const { skeleton, pieces } = splitIfHeavy(structuredClone(heavy));
    expect(pieces.length).toBeGreaterThan(10);
    expect(joinValue(skeleton, pieces)).toEqual(heavy);
  });
});
