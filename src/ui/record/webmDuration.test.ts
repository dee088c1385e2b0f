import { describe, expect, it } from 'vitest';
import { recordFileName } from './recordName';
import { webmDuration, withWebmDuration } from './webmDuration';
import { muxWebm } from './webmMuxer';

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
/** A WebM laid out as Chromium's MediaRecorder writes one: a live Segment, an Info without Duration, a Cluster. */
const live = new Uint8Array([
  ...[0x1a, 0x45, 0xdf, 0xa3, 0x87, 0x42, 0x82, 0x84, ...ascii('webm')],
  ...[0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
  ...[0x15, 0x49, 0xa9, 0x66, 0x90],
  ...[0x2a, 0xd7, 0xb1, 0x83, 0x0f, 0x42, 0x40],
  ...[0x4d, 0x80, 0x86, ...ascii('Chrome')],
  ...[0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xe7, 0x81, 0x00],
]);

describe('recording a run', () => {
  it("a MediaRecorder WebM gets the duration a player shows, its clusters untouched (Matroska's Info/Duration)", () => {
    expect(webmDuration(live)).toBeUndefined();
    const patched = withWebmDuration(live, 2.5);
    expect(webmDuration(patched)).toBeCloseTo(2.5, 9);
    expect([...patched.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect([...patched.subarray(-15)]).toEqual([...live.subarray(-15)]);
    // Written again, the duration is replaced in place rather than added twice.
    const again = withWebmDuration(patched, 3);
    expect(again.length).toBe(patched.length);
    expect(webmDuration(again)).toBeCloseTo(3, 9);
  });

  it('frames from WebCodecs make a WebM whose Info says how long it lasts, one cluster per key frame', () => {
    const frame = (ms: number, key: boolean) => ({ ms, key, data: new Uint8Array([ms % 256, 1, 2]) });
    const file = muxWebm([frame(0, true), frame(40, false), frame(1000, true)], 1024, 768, 1040);
    expect([...file.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect(webmDuration(file)).toBeCloseTo(1.04, 9);
    const clusters = [...file].filter(
      (byte, i) => byte === 0x1f && file[i + 1] === 0x43 && file[i + 2] === 0xb6 && file[i + 3] === 0x75,
    );
    expect(clusters).toHaveLength(2);
  });

  it('a file that is not a WebM comes back unchanged', () => {
    const gif = new Uint8Array(ascii('GIF89a....'));
    expect(withWebmDuration(gif, 1)).toBe(gif);
    expect(webmDuration(gif)).toBeUndefined();
  });

  it('a recording is named after the scenario and its range in whole seconds', () => {
    expect(recordFileName('three-tier', 0, 44.2, 'webm')).toBe('three-tier-0s-45s.webm');
    expect(recordFileName('your app', 2.5, 10, 'gif')).toBe('your-app-2s-10s.gif');
  });
});
