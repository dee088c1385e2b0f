import type { Speed } from '../links/urlState';

/** The longest real-time gap one animation frame may advance, so a tab switch does not leap. */
const MAX_FRAME_SECONDS = 0.25;

/** What the loop moves: the session's cursor, read and written through it. */
export interface PlayHost {
  t: number;
  readonly playing: boolean;
  /** Virtual seconds per real second: one of the page's speeds, or the compare view's own (compareState). */
  readonly speed: Speed | number;
  readonly endT: number;
  pause(): void;
}

/**
 * Playing, frame by frame: each animation frame moves the cursor by the real time since the last one times the
 * speed, until the end of the run. Tests and Node pass their own `requestFrame` (SessionOptions).
 */
export class PlayLoop {
  private handle: number | undefined;
  private lastNow: number | undefined;

  constructor(
    private readonly host: PlayHost,
    private readonly requestFrame: (callback: (now: number) => void) => number = (cb) =>
      requestAnimationFrame(cb),
    private readonly cancelFrame: (handle: number) => void = (handle) => cancelAnimationFrame(handle),
  ) {}

  /** Start asking for frames (once; a second start while running changes nothing). */
  start(): void {
    this.lastNow = undefined;
    this.handle ??= this.requestFrame(this.tick);
  }

  stop(): void {
    if (this.handle !== undefined) this.cancelFrame(this.handle);
    this.handle = undefined;
  }

  private readonly tick = (now: number): void => {
    this.handle = undefined;
    const host = this.host;
    if (!host.playing) return;
    const dt = this.lastNow === undefined ? 0 : Math.min(MAX_FRAME_SECONDS, (now - this.lastNow) / 1000);
    this.lastNow = now;
    const next = host.t + dt * (host.speed === 'max' ? Infinity : host.speed);
    if (next >= host.endT) {
      host.t = host.endT;
      host.pause();
      return;
    }
    host.t = next;
    this.handle = this.requestFrame(this.tick);
  };
}
