import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zoomLevelFor } from '../../timeline/zoom';
import { encodeEdit, maxEditBytes, readEdit } from './editLink';

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

// A link's edit that inflated to 600 MiB took the tab to a 2.5 GB heap and silently became no edit.
describe("a link's edit inflates at most to the manifests' size limit", () => {
  it('stops inflating a bomb past 4 MiB and says it is too big, without inflating the rest', () => {
    // 64 MiB of one letter deflate to 64 KiB; the link is short, the text is not.
    const bomb = base64url(deflateSync(new Uint8Array(64 * 1024 * 1024).fill(97), { level: 9 }));
    const start = performance.now();
    expect(readEdit(bomb)).toEqual({ ok: false, reason: 'too-big' });
    // Inflating all 64 MiB took seconds and the memory; stopping at 4 MiB takes milliseconds.
    expect(performance.now() - start).toBeLessThan(2_000);
  });

  it('reads an edit of exactly 4 MiB, and one cut short is unreadable', () => {
    const text = 'a'.repeat(maxEditBytes);
    expect(readEdit(encodeEdit(text))).toEqual({ ok: true, text });
    const good = encodeEdit('kind: ConfigMap\n'.repeat(100));
    expect(readEdit(good.slice(0, good.length / 2))).toEqual({ ok: false, reason: 'unreadable' });
  });
});

// `zoom=0,1e-300` asked for a zoom of 1e301 ("Zoom 9.06e+301×", then NaN positions).
describe('a linked zoom is held within the levels the page reaches (1× to 200×)', () => {
  it('clamps a tiny or empty range to 200× and a range wider than the sync to 1×', () => {
    expect(zoomLevelFor(60, 0, 1e-300)).toBe(200);
    expect(zoomLevelFor(60, 0, 30)).toBe(2);
    expect(zoomLevelFor(60, -100, 500)).toBe(1);
    expect(zoomLevelFor(60, 5, 5 + Number.MIN_VALUE)).toBe(200);
  });
});
