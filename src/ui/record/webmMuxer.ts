/**
 * A WebM file from VP8 frames encoded by WebCodecs (the browser's VideoEncoder), written whole once every frame is
 * there: the EBML header, a Segment of known size with its Info (Duration included), one video Track and a Cluster
 * per key frame holding SimpleBlocks (Matroska's element specification, as the WebM subset uses it). Small on
 * purpose: one video track, no cues, no audio; players seek through the key frames.
 */
export interface EncodedFrame {
  /** Milliseconds from the start of the video. */
  ms: number;
  key: boolean;
  data: Uint8Array;
}

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

/** An element: its ID's bytes, its size as an 8-byte variable-size integer, its data. */
function element(id: number[], ...children: Node[]): Uint8Array {
  const data = flatten(children);
  const size = new Uint8Array(8);
  size[0] = 0x01;
  for (let i = 7, rest = data.length; i >= 1; i--, rest = Math.floor(rest / 256)) size[i] = rest % 256;
  return flatten([new Uint8Array(id), size, data]);
}

function uint(value: number): Uint8Array {
  const bytes: number[] = [];
  do {
    bytes.unshift(value % 256);
    value = Math.floor(value / 256);
  } while (value > 0);
  return new Uint8Array(bytes);
}

function float(value: number): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setFloat64(0, value);
  return out;
}

const text = (value: string) => new TextEncoder().encode(value);

/** The WebM file of `frames` (the first a key frame), `width`×`height`, lasting `durationMs`. */
export function muxWebm(
  frames: readonly EncodedFrame[],
  width: number,
  height: number,
  durationMs: number,
): Uint8Array {
  const header = element(
    [0x1a, 0x45, 0xdf, 0xa3],
    element([0x42, 0x86], uint(1)), // EBMLVersion
    element([0x42, 0xf7], uint(1)), // EBMLReadVersion
    element([0x42, 0xf2], uint(4)), // EBMLMaxIDLength
    element([0x42, 0xf3], uint(8)), // EBMLMaxSizeLength
    element([0x42, 0x82], text('webm')), // DocType
    element([0x42, 0x87], uint(2)), // DocTypeVersion
    element([0x42, 0x85], uint(2)), // DocTypeReadVersion
  );
  const info = element(
    [0x15, 0x49, 0xa9, 0x66],
    element([0x2a, 0xd7, 0xb1], uint(1_000_000)), // TimecodeScale: a millisecond
    element([0x44, 0x89], float(durationMs)), // Duration
    element([0x4d, 0x80], text('argocd-sync-sandbox')), // MuxingApp
    element([0x57, 0x41], text('argocd-sync-sandbox')), // WritingApp
  );
  const tracks = element(
    [0x16, 0x54, 0xae, 0x6b],
    element(
      [0xae], // TrackEntry
      element([0xd7], uint(1)), // TrackNumber
      element([0x73, 0xc5], uint(1)), // TrackUID
      element([0x83], uint(1)), // TrackType: video
      element([0x86], text('V_VP8')), // CodecID
      element([0xe0], element([0xb0], uint(width)), element([0xba], uint(height))), // Video
    ),
  );
  // A cluster per key frame, so every block's time is a small offset (a signed 16-bit one) from its cluster's.
  const clusters: Uint8Array[] = [];
  let blocks: Node[] = [];
  let clusterMs = 0;
  const close = () => {
    if (blocks.length > 0)
      clusters.push(element([0x1f, 0x43, 0xb6, 0x75], element([0xe7], uint(clusterMs)), blocks));
    blocks = [];
  };
  for (const frame of frames) {
    const ms = Math.round(frame.ms);
    if (frame.key || ms - clusterMs > 30_000) {
      close();
      clusterMs = ms;
    }
    const head = new Uint8Array(4);
    head[0] = 0x81; // track 1
    new DataView(head.buffer).setInt16(1, ms - clusterMs);
    head[3] = frame.key ? 0x80 : 0x00;
    blocks.push(element([0xa3], head, frame.data)); // SimpleBlock
  }
  close();
  return flatten([header, element([0x18, 0x53, 0x80, 0x67], info, tracks, clusters)]);
}
