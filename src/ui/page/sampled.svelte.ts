import { untrack } from 'svelte';

/** How a Sampled value samples while playing. */
export interface SampleOptions {
  /** The longest time between two samples while playing, in ms (default 250: 4 times a second). */
  intervalMs?: number;
  timers?: {
    setTimeout: (f: () => void, ms: number) => unknown;
    clearTimeout: (id: unknown) => void;
  };
  /**
   * Whether anyone can see the part that shows the value (OnScreen). While playing, a part out of view is not
   * sampled at all; it takes a sample as soon as it comes into view. Default: always seen.
   */
  shown?: () => boolean;
}

/**
 * A value that follows its source at once while the page is paused and at most `intervalMs` apart while it
 * plays (per frame, update off-screen and non-essential parts at a lower rate). Playing many-resources
 * at 8×, the result table, the stack and the history changed on nearly every frame: rebuilding their rows and
 * status icons took a fifth of the main thread, for parts that are below the fold or read only once paused.
 * Out of view (`shown`), they are not rebuilt at all while playing: even four times a second, rebuilding them
 * and restyling what changed took about a fifth of the renderer's time.
 *
 * While playing the source is not read between samples, so a `$derived` behind it (the result table's
 * operationAt, the stack's stackAt) is not recomputed either: Svelte's deriveds are computed when read. A pause,
 * a step or a seek while paused shows the exact value at once. Create it while a component is being set up.
 *
 * @example
 * const op = new Sampled(() => session.explain.operationView, () => session.playing);
 * // <ResultTable op={op.value} />
 */
export class Sampled<T> {
  /** The value shown: the source's, at most `intervalMs` old while playing (and in view). */
  value: T = $state.raw() as T;
  /** Bumped by the timer while playing: the effect below then reads the source again. */
  private tick = $state(0);

  constructor(read: () => T, playing: () => boolean, options: SampleOptions = {}) {
    const {
      intervalMs = 250,
      timers = {
        setTimeout: (f, ms) => globalThis.setTimeout(f, ms),
        clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
      },
      shown = () => true,
    } = options;
    this.value = read();
    $effect.pre(() => {
      if (!playing()) {
        this.value = read();
        return;
      }
      // Out of view while playing: nothing to show, so nothing is read until it comes into view.
      if (!shown()) return;
      // Playing: take one sample now, and the next one `intervalMs` later (the tick re-runs this effect).
      // The source is read untracked, so its changes on every frame do not re-run this effect.
      void this.tick;
      this.value = untrack(read);
      const id = timers.setTimeout(() => this.tick++, intervalMs);
      return () => timers.clearTimeout(id);
    });
  }
}
