import { muxWebm, type EncodedFrame } from './webmMuxer';
import { withWebmDuration } from './webmDuration';
import type { FrameDrawer } from '../../browser/frameDrawer';

/** A recording's range and pace: virtual seconds `from`–`to`, played at `speed` virtual seconds per second. */
export interface RecordRange {
  from: number;
  to: number;
  speed: number;
}

export interface RecordProgress {
  /** Told how far the recording is, 0–1. */
  onProgress: (done: number) => void;
  /** Checked between frames: when it says so, the recording stops and its promise rejects with `Cancelled`. */
  cancelled: () => boolean;
}

export class Cancelled extends Error {
  constructor() {
    super('The recording was cancelled.');
  }
}

/** Frames a second of a GIF: 10 (GIF delays are in hundredths of a second, so 100 ms is exact). */
export const gifFps = 10;
/** Frames a second the WebM is captured at: enough for a cursor, light enough to draw each in time. */
const webmFps = 25;

/** The WebM codecs Chromium's MediaRecorder writes, best first; Firefox writes the plain `video/webm`. */
export function webmType(): string | undefined {
  if (typeof VideoEncoder === 'function') return 'video/webm;codecs=vp8';
  if (typeof MediaRecorder === 'undefined') return undefined;
  return ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'].find((t) =>
    MediaRecorder.isTypeSupported(t),
  );
}

/** Frames a second of a WebM encoded with WebCodecs. */
const codecFps = 25;

/**
 * The range as a WebM video: with WebCodecs where the browser has them (Chromium, Firefox 130, Safari 17 for
 * VP8), every frame encoded in turn, not in real time, so none is dropped however slow the machine; else through
 * MediaRecorder in real time.
 */
export function recordVideo(
  canvas: HTMLCanvasElement,
  drawer: FrameDrawer,
  range: RecordRange,
  progress: RecordProgress,
): Promise<Blob> {
  return typeof VideoEncoder === 'function'
    ? encodeWebm(canvas, drawer, range, progress)
    : recordWebm(canvas, drawer, range, progress);
}

/** The range as a VP8 WebM through WebCodecs' VideoEncoder, muxed by webmMuxer.ts. */
async function encodeWebm(
  canvas: HTMLCanvasElement,
  drawer: FrameDrawer,
  range: RecordRange,
  progress: RecordProgress,
): Promise<Blob> {
  const { width, height } = canvas;
  const frames: EncodedFrame[] = [];
  let failure: Error | undefined;
  const encoder = new VideoEncoder({
    output: (chunk) => {
      const data = new Uint8Array(chunk.byteLength);
      chunk.copyTo(data);
      frames.push({ ms: chunk.timestamp / 1000, key: chunk.type === 'key', data });
    },
    error: (error) => (failure = error),
  });
  encoder.configure({ codec: 'vp8', width, height, bitrate: 2_000_000, framerate: codecFps });
  const step = range.speed / codecFps;
  const count = Math.max(1, Math.round((range.to - range.from) / step)) + 1;
  try {
    for (let i = 0; i < count; i++) {
      if (progress.cancelled()) throw new Cancelled();
      if (failure) throw failure;
      await drawer.draw(Math.min(range.to, range.from + i * step));
      const frame = new VideoFrame(canvas, { timestamp: Math.round((i * 1e6) / codecFps) });
      // A key frame every second, so a player can seek to any second.
      encoder.encode(frame, { keyFrame: i % codecFps === 0 });
      frame.close();
      progress.onProgress((i + 1) / count);
      // Let the encoder catch up rather than queue every frame of a long run in memory.
      while (encoder.encodeQueueSize > 4) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await encoder.flush();
  } finally {
    if (encoder.state !== 'closed') encoder.close();
  }
  if (failure) throw failure;
  return new Blob([muxWebm(frames, width, height, (count * 1000) / codecFps).slice().buffer], {
    type: 'video/webm',
  });
}

/**
 * The range as a WebM video, through the browser's MediaRecorder from the canvas: it plays the range in real
 * time at `speed` (a 45 s run at 1× takes 45 s to record), drawing each moment as the clock reaches it. The
 * file gets the duration MediaRecorder leaves out (webmDuration.ts), so players show its length and can seek.
 */
async function recordWebm(
  canvas: HTMLCanvasElement,
  drawer: FrameDrawer,
  range: RecordRange,
  progress: RecordProgress,
): Promise<Blob> {
  const type = webmType();
  if (!type) throw new Error('This browser cannot record video (it has no MediaRecorder for WebM).');
  await drawer.draw(range.from);
  const stream = canvas.captureStream(webmFps);
  const recorder = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: 4_000_000 });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  const stopped = new Promise<void>((resolve) => (recorder.onstop = () => resolve()));
  const length = (range.to - range.from) / range.speed;
  recorder.start(1000);
  const started = performance.now();
  let cancelled = false;
  try {
    for (;;) {
      const elapsed = (performance.now() - started) / 1000;
      if (progress.cancelled()) {
        cancelled = true;
        break;
      }
      const t = Math.min(range.to, range.from + elapsed * range.speed);
      await drawer.draw(t);
      progress.onProgress(Math.min(1, elapsed / length));
      if (elapsed >= length) break;
      await new Promise((resolve) => setTimeout(resolve, 1000 / webmFps));
    }
  } finally {
    recorder.stop();
    for (const track of stream.getTracks()) track.stop();
  }
  await stopped;
  if (cancelled) throw new Cancelled();
  const seconds = (performance.now() - started) / 1000;
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
  return new Blob([withWebmDuration(bytes, seconds).slice().buffer], { type: 'video/webm' });
}

/**
 * The range as an animated GIF (gifenc): a frame every tenth of a second of the GIF's time, each with a palette
 * of its own (the statuses' colours come and go), at `speed`. Not in real time: as fast as frames are encoded,
 * yielding to the page between frames so the progress bar moves and Cancel can be pressed.
 */
export async function recordGif(
  canvas: HTMLCanvasElement,
  context: CanvasRenderingContext2D,
  drawer: FrameDrawer,
  range: RecordRange,
  progress: RecordProgress,
): Promise<Blob> {
  const { GIFEncoder, quantize, applyPalette } = await import('gifenc');
  const { width, height } = canvas;
  const step = range.speed / gifFps;
  const count = Math.max(1, Math.round((range.to - range.from) / step)) + 1;
  const gif = GIFEncoder();
  for (let i = 0; i < count; i++) {
    if (progress.cancelled()) throw new Cancelled();
    await drawer.draw(Math.min(range.to, range.from + i * step));
    const { data } = context.getImageData(0, 0, width, height);
    const palette = quantize(sample(data), 256);
    gif.writeFrame(applyPalette(data, palette), width, height, { palette, delay: 1000 / gifFps });
    progress.onProgress((i + 1) / count);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  gif.finish();
  return new Blob([gif.bytes().slice().buffer], { type: 'image/gif' });
}

/**
 * Every 7th pixel of a frame, for the palette: a frame of the page is a few flat colours and their anti-aliased
 * edges, which a seventh of its pixels holds as well as all of them, and quantizing a 1024×768 frame whole took
 * most of a GIF's encoding time. (7 is prime to the row widths, so the sample does not fall in columns.)
 */
function sample(rgba: Uint8ClampedArray): Uint8ClampedArray {
  const every = 7;
  const out = new Uint8ClampedArray(Math.ceil(rgba.length / 4 / every) * 4);
  for (let from = 0, to = 0; from < rgba.length; from += 4 * every, to += 4)
    out.set(rgba.subarray(from, from + 4), to);
  return out;
}
