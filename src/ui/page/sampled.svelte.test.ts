// @vitest-environment jsdom
import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import { Sampled } from './sampled.svelte';

/** A source and a play switch, with a timer the test fires by hand. */
function setup() {
  const source = $state({ t: 0, playing: false, shown: true });
  // Counted outside the state, so counting does not itself re-run the effect that reads.
  const counter = { reads: 0 };
  const timers = new Map<number, () => void>();
  let next = 0;
  const fake = {
    setTimeout: (f: () => void) => (timers.set(++next, f), next),
    clearTimeout: (id: unknown) => void timers.delete(id as number),
  };
  let sampled!: Sampled<number>;
  const stop = $effect.root(() => {
    sampled = new Sampled(
      () => {
        counter.reads++;
        return source.t;
      },
      () => source.playing,
      { intervalMs: 250, timers: fake, shown: () => source.shown },
    );
  });
  flushSync();
  const fire = () => {
    const pending = [...timers.values()];
    timers.clear();
    for (const f of pending) f();
    flushSync();
  };
  return {
    source,
    counter,
    get sampled() {
      return sampled;
    },
    fire,
    stop,
  };
}

describe('Sampled', () => {
  it('follows its source at once while paused (a step or a seek shows the exact moment)', () => {
    const s = setup();
    const { source, stop } = s;
    source.t = 5;
    flushSync();
    expect(s.sampled.value).toBe(5);
    source.t = 7.5;
    flushSync();
    expect(s.sampled.value).toBe(7.5);
    stop();
  });

  it('while playing, keeps its value between samples and takes the latest at each tick', () => {
    const s = setup();
    const { source, fire, stop } = s;
    source.playing = true;
    flushSync();
    const reads = s.counter.reads;
    for (let frame = 1; frame <= 10; frame++) {
      source.t = frame / 10;
      flushSync();
    }
    // Ten frames passed without a read: a derived behind the source would not have been recomputed.
    expect(s.counter.reads).toBe(reads);
    expect(s.sampled.value).toBe(0);
    fire();
    expect(s.sampled.value).toBe(1);
    source.t = 2;
    flushSync();
    expect(s.sampled.value).toBe(1);
    stop();
  });

  it('shows the exact value as soon as playing stops', () => {
    const s = setup();
    const { source, stop } = s;
    source.playing = true;
    flushSync();
    source.t = 3.3;
    flushSync();
    expect(s.sampled.value).toBe(0);
    source.playing = false;
    flushSync();
    expect(s.sampled.value).toBe(3.3);
    stop();
  });

  it('while playing out of view, reads nothing and samples as soon as it comes into view', () => {
    const s = setup();
    const { source, fire, stop } = s;
    source.shown = false;
    source.playing = true;
    flushSync();
    const reads = s.counter.reads;
    source.t = 4;
    flushSync();
    fire();
    expect(s.counter.reads).toBe(reads);
    expect(s.sampled.value).toBe(0);
    source.shown = true;
    flushSync();
    expect(s.sampled.value).toBe(4);
    source.t = 5;
    fire();
    expect(s.sampled.value).toBe(5);
    // Paused, it shows the exact moment whether in view or not.
    source.shown = false;
    source.t = 6;
    source.playing = false;
    flushSync();
    expect(s.sampled.value).toBe(6);
    stop();
  });
});
