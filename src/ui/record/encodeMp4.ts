import type { FrameDrawer } from '../../browser/frameDrawer';
import { muxMp4 } from './mp4Muxer';
import { Cancelled, type RecordProgress, type RecordRange } from './recordRun';
import type { EncodedFrame } from './webmMuxer';

/** Frames a second of an MP4: the WebM's 25. */
const mp4Fps = 25;

/**
 * The H.264 profiles tried, most widely played first: Constrained Baseline, Main, High, each at level 3.1 (up to
 * 1280×720 at 30 frames a second, the largest size Record offers).
 */
const avcCodecs = ['avc1.42E01F', 'avc1.4D401F', 'avc1.64001F'];

/** What the page says where MP4 cannot be made. */
export const mp4Unsupported = 'MP4 needs a browser with H.264 encoding (Chrome, Edge, Safari).';

/**
 * The H.264 codec this browser can encode at `width`×`height` through WebCodecs, or undefined. Chromium builds
 * without proprietary codecs and Firefox on some systems have VideoEncoder but no H.264 encoder, so this asks.
 */
export async function mp4Codec(width: number, height: number): Promise<string | undefined> {
  if (typeof VideoEncoder !== 'function') return undefined;
  for (const codec of avcCodecs) {
    try {
      const { supported } = await VideoEncoder.isConfigSupported(config(codec, width, height));
      if (supported) return codec;
    } catch {
      // An unknown codec string is an exception in some browsers: try the next.
    }
  }
  return undefined;
}

function config(codec: string, width: number, height: number): VideoEncoderConfig {
  return { codec, width, height, bitrate: 2_000_000, framerate: mp4Fps, avc: { format: 'avc' } };
}

/**
 * The range as an H.264 MP4 through WebCodecs' VideoEncoder, muxed by mp4Muxer.ts: every frame encoded in turn,
 * not in real time, as the WebM is (recordRun.ts). Keynote and PowerPoint take MP4, not WebM.
 */
export async function recordMp4(
  canvas: HTMLCanvasElement,
  drawer: FrameDrawer,
  range: RecordRange,
  progress: RecordProgress,
): Promise<Blob> {
  const { width, height } = canvas;
  const codec = await mp4Codec(width, height);
  if (!codec) throw new Error(mp4Unsupported);
  const frames: EncodedFrame[] = [];
  let avcC: Uint8Array | undefined;
  let failure: Error | undefined;
  const encoder = new VideoEncoder({
    output: (chunk, metadata) => {
      const description = metadata?.decoderConfig?.description;
      if (description && !avcC)
        avcC = new Uint8Array(
          ArrayBuffer.isView(description)
            ? description.buffer.slice(
                description.byteOffset,
                description.byteOffset + description.byteLength,
              )
            : description,
        );
      const data = new Uint8Array(chunk.byteLength);
      chunk.copyTo(data);
      frames.push({ ms: chunk.timestamp / 1000, key: chunk.type === 'key', data });
    },
    error: (error) => (failure = error),
  });
  encoder.configure(config(codec, width, height));
  const step = range.speed / mp4Fps;
  const count = Math.max(1, Math.round((range.to - range.from) / step)) + 1;
  try {
    for (let i = 0; i < count; i++) {
      if (progress.cancelled()) throw new Cancelled();
      if (failure) throw failure;
      await drawer.draw(Math.min(range.to, range.from + i * step));
      const frame = new VideoFrame(canvas, { timestamp: Math.round((i * 1e6) / mp4Fps) });
      // A key frame every second, so a player can seek to any second.
      encoder.encode(frame, { keyFrame: i % mp4Fps === 0 });
      frame.close();
      progress.onProgress((i + 1) / count);
      while (encoder.encodeQueueSize > 4) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await encoder.flush();
  } finally {
    if (encoder.state !== 'closed') encoder.close();
  }
  if (failure) throw failure;
  if (!avcC) throw new Error('the H.264 encoder gave no decoder configuration');
  return new Blob([muxMp4(frames, avcC, width, height, (count * 1000) / mp4Fps).slice().buffer], {
    type: 'video/mp4',
  });
}
