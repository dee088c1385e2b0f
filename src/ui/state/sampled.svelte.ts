import { untrack } from 'svelte';

/**
 * A value that follows its source at once while the page is paused and at most `intervalMs` apart while it
 * plays (issue 8: per frame, update off-screen and non-essential parts at a lower rate). Playing many-resources
 * at 8×, the result table, the stack and the history changed on nearly every frame: rebuilding their rows and
 * status icons took a fifth of the main thread, for parts that are below the fold or read only once paused.
 *
 * While playing the source is not read between samples, so a `$derived` behind it (the result table's
 * operationAt, the stack's stackAt) is not recomputed either: Svelte's deriveds are computed when read. A pause,
 * a step or a seek while paused shows the exact value at once. Create it while a component is being set up.
 *
 * @example
 * const op = new Sampled(() => session.operationView, () => session.playing);
 * // <ResultTable op={op.value} />
 */
export class Sampled<T> {
  /** The value shown: the source's, at most `intervalMs` old while playing. */
  value: T = $state.raw() as T;
  /** Bumped by the timer while playing: the effect below then reads the source again. */
  private tick = $state(0);

  constructor(
    read: () => T,
    playing: () => boolean,
    intervalMs = 250,
    timers: {
      setTimeout: (f: () => void, ms: number) => unknown;
      clearTimeout: (id: unknown) => void;
    } = {
      setTimeout: (f, ms) => globalThis.setTimeout(f, ms),
      clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
    },
  ) {
    this.value = read();
    $effect.pre(() => {
      if (!playing()) {
        this.value = read();
        return;
      }
      // Playing: take one sample now, and the next one `intervalMs` later (the tick re-runs this effect).
      // The source is read untracked, so its changes on every frame do not re-run this effect.
      void this.tick;
      this.value = untrack(read);
      const id = timers.setTimeout(() => this.tick++, intervalMs);
      return () => timers.clearTimeout(id);
    });
  }
}
