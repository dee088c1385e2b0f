/**
 * An MP4 file from H.264 frames encoded by WebCodecs (VideoEncoder with `avc: { format: 'avc' }`, so each frame is
 * length-prefixed NAL units and the decoder configuration is an AVCDecoderConfigurationRecord), written whole once
 * every frame is there: `ftyp`, then `moov` before `mdat` (a player starts without reading to the end), one video
 * track whose samples all sit in one chunk. The boxes are ISO/IEC 14496-12's (the ISO base media file format) and
 * 14496-15's `avc1`/`avcC`, the subset Keynote, PowerPoint, QuickTime and the browsers read. Small on purpose: one
 * track, no audio, no edit list (the first frame is at 0).
 */
import type { EncodedFrame } from './webmMuxer';

type Node = Uint8Array | Node[];

function flatten(node: Node): Uint8Array {
  if (node instanceof Uint8Array) return node;
  const parts = node.map(flatten);
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

/** Big-endian unsigned integers of 8, 16 or 32 bits. */
function u(bits: 8 | 16 | 32, ...values: number[]): Uint8Array {
  const size = bits / 8;
  const out = new Uint8Array(values.length * size);
  const view = new DataView(out.buffer);
  values.forEach((value, i) => {
    if (bits === 8) view.setUint8(i, value);
    else if (bits === 16) view.setUint16(i * 2, value);
    else view.setUint32(i * 4, value);
  });
  return out;
}

/** A box: its 32-bit size, its four-character type, its content. */
function box(type: string, ...content: Node[]): Uint8Array {
  const data = flatten(content);
  return flatten([u(32, data.length + 8), ascii(type), data]);
}

/** A full box: a box whose content starts with a version byte and 24 bits of flags. */
function fullBox(type: string, version: number, flags: number, ...content: Node[]): Uint8Array {
  return box(type, u(32, (version << 24) | flags), ...content);
}

/** The unity matrix of mvhd and tkhd (16.16 and 2.30 fixed point). */
const matrix = u(32, 0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000);

/** Runs of equal sample durations, as stts lists them. */
function durationRuns(durations: readonly number[]): number[] {
  const runs: number[] = [];
  for (const duration of durations) {
    if (runs.length > 0 && runs[runs.length - 1] === duration) runs[runs.length - 2]++;
    else runs.push(1, duration);
  }
  return runs;
}

/**
 * The MP4 file of `frames` (the first a key frame, times in milliseconds), `width`×`height`, lasting `durationMs`;
 * `avcC` is the encoder's decoderConfig.description.
 */
export function muxMp4(
  frames: readonly EncodedFrame[],
  avcC: Uint8Array,
  width: number,
  height: number,
  durationMs: number,
): Uint8Array {
  const timescale = 1000;
  const duration = Math.round(durationMs);
  const times = frames.map((f) => Math.round(f.ms));
  const durations = times.map((t, i) => Math.max(1, (i + 1 < times.length ? times[i + 1] : duration) - t));
  const keys = frames.flatMap((f, i) => (f.key ? [i + 1] : []));
  const ftyp = box('ftyp', ascii('isom'), u(32, 0x200), ascii('isomiso2avc1mp41'));

  const moov = (mdatOffset: number) =>
    box(
      'moov',
      fullBox(
        'mvhd',
        0,
        0,
        u(32, 0, 0, timescale, duration, 0x00010000),
        u(16, 0x0100, 0),
        u(32, 0, 0),
        matrix,
        u(32, 0, 0, 0, 0, 0, 0, 2),
      ),
      box(
        'trak',
        fullBox(
          'tkhd',
          0,
          3,
          u(32, 0, 0, 1, 0, duration, 0, 0),
          u(16, 0, 0, 0, 0),
          matrix,
          u(32, width << 16, height << 16),
        ),
        box(
          'mdia',
          // Language `und` packed as three 5-bit letters.
          fullBox('mdhd', 0, 0, u(32, 0, 0, timescale, duration), u(16, 0x55c4, 0)),
          fullBox('hdlr', 0, 0, u(32, 0), ascii('vide'), u(32, 0, 0, 0), ascii('VideoHandler\0')),
          box(
            'minf',
            fullBox('vmhd', 0, 1, u(16, 0, 0, 0, 0)),
            box('dinf', fullBox('dref', 0, 0, u(32, 1), fullBox('url ', 0, 1))),
            box(
              'stbl',
              fullBox(
                'stsd',
                0,
                0,
                u(32, 1),
                box(
                  'avc1',
                  u(8, 0, 0, 0, 0, 0, 0),
                  u(16, 1, 0, 0),
                  u(32, 0, 0, 0),
                  u(16, width, height),
                  u(32, 0x00480000, 0x00480000, 0),
                  u(16, 1),
                  new Uint8Array(32),
                  u(16, 0x0018, 0xffff),
                  box('avcC', avcC),
                ),
              ),
              fullBox('stts', 0, 0, u(32, durationRuns(durations).length / 2, ...durationRuns(durations))),
              fullBox('stss', 0, 0, u(32, keys.length, ...keys)),
              // Every sample in one chunk, at the start of mdat's data.
              fullBox('stsc', 0, 0, u(32, 1, 1, frames.length, 1)),
              fullBox('stsz', 0, 0, u(32, 0, frames.length, ...frames.map((f) => f.data.length))),
              fullBox('stco', 0, 0, u(32, 1, mdatOffset)),
            ),
          ),
        ),
      ),
    );

  // moov's size does not depend on the offset it holds: measure it once, then write it with mdat's data offset.
  const offset = ftyp.length + moov(0).length + 8;
  return flatten([
    ftyp,
    moov(offset),
    box(
      'mdat',
      frames.map((f) => f.data),
    ),
  ]);
}
