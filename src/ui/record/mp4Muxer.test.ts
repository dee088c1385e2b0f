import { describe, expect, it } from 'vitest';
import { muxMp4 } from './mp4Muxer';

/** The boxes of `bytes` from `from` to `to`: type → [content start, content end], children of the ones named. */
function boxes(bytes: Uint8Array, from = 0, to = bytes.length, into = new Map<string, [number, number]>()) {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  for (let at = from; at < to;) {
    const size = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    into.set(type, [at + 8, at + size]);
    if (['moov', 'trak', 'mdia', 'minf', 'stbl'].includes(type)) boxes(bytes, at + 8, at + size, into);
    at += size;
  }
  return into;
}

describe('muxMp4: an H.264 MP4 from WebCodecs’ frames', () => {
  const frames = [
    { ms: 0, key: true, data: Uint8Array.of(0, 0, 0, 2, 0x65, 1) },
    { ms: 40, key: false, data: Uint8Array.of(0, 0, 0, 1, 0x41) },
    { ms: 80, key: false, data: Uint8Array.of(0, 0, 0, 1, 0x41) },
    { ms: 120, key: true, data: Uint8Array.of(0, 0, 0, 2, 0x65, 2) },
  ];
  const avcC = Uint8Array.of(1, 0x42, 0xe0, 0x1f, 0xff, 0xe0, 0);
  const file = muxMp4(frames, avcC, 1024, 768, 160);
  const view = new DataView(file.buffer);
  const found = boxes(file);
  const u32 = (box: string, index: number) => view.getUint32(found.get(box)![0] + index * 4);

  it('is ftyp, then moov, then mdat, as a player reads it from the start', () => {
    expect([...boxes(file).keys()].filter((t) => ['ftyp', 'moov', 'mdat'].includes(t))).toEqual([
      'ftyp',
      'moov',
      'mdat',
    ]);
    expect(String.fromCharCode(...file.subarray(4, 12))).toBe('ftypisom');
  });

  it('declares the duration (160 ms at a timescale of 1000) and the size, and carries the encoder’s avcC', () => {
    expect([u32('mvhd', 3), u32('mvhd', 4)]).toEqual([1000, 160]);
    const [tkhd] = found.get('tkhd')!;
    expect([view.getUint32(tkhd + 76) >>> 16, view.getUint32(tkhd + 80) >>> 16]).toEqual([1024, 768]);
    // avcC closes the avc1 sample entry, 78 bytes into it (ISO/IEC 14496-12 VisualSampleEntry), in stsd.
    const [stsd] = found.get('stsd')!;
    const avc1 = stsd + 8 + 8;
    expect(String.fromCharCode(...file.subarray(avc1 - 4, avc1))).toBe('avc1');
    const at = avc1 + 78;
    expect(String.fromCharCode(...file.subarray(at + 4, at + 8))).toBe('avcC');
    expect([...file.subarray(at + 8, at + view.getUint32(at))]).toEqual([...avcC]);
  });

  it('indexes every frame: 4 samples of 40 ms, key frames 1 and 4, one chunk at the start of mdat’s data', () => {
    expect([u32('stts', 1), u32('stts', 2), u32('stts', 3)]).toEqual([1, 4, 40]);
    expect([u32('stss', 1), u32('stss', 2), u32('stss', 3)]).toEqual([2, 1, 4]);
    expect([2, 3, 4, 5, 6].map((i) => u32('stsz', i))).toEqual([4, 6, 5, 5, 6]);
    const offset = u32('stco', 2);
    expect(offset).toBe(found.get('mdat')![0]);
    expect([...file.subarray(offset)]).toEqual(frames.flatMap((f) => [...f.data]));
  });
});
