import { deflateSync, Inflate } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { zoomLevelFor } from '../timeline/zoom';
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
    const deflated = deflateSync(new Uint8Array(64 * 1024 * 1024).fill(97), { level: 9 });
    const bomb = base64url(deflated);
    // Counted, not timed (a test holds at any load): the pieces of the link fed to the inflater. All of it is
    // 64 KiB, 64 pieces of 1 KiB, each inflating to about 1 MiB; stopping past 4 MiB feeds a handful.
    const push = vi.spyOn(Inflate.prototype, 'push');
    try {
      expect(readEdit(bomb)).toEqual({ ok: false, reason: 'too-big' });
      expect(deflated.length).toBeGreaterThan(60 * 1024);
      expect(push.mock.calls.length).toBeLessThanOrEqual(8);
    } finally {
      push.mockRestore();
    }
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
