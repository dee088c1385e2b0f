// @vitest-environment jsdom
import { flushSync } from 'svelte';
import { expect, it } from 'vitest';
import { Settled } from './settled.svelte';

it('its readers run again only when the value is a different one, however often the source changes', () => {
  const source = $state({ t: 0 });
  const steps = [{ name: 'PreSync' }, { name: 'Sync' }];
  const runs = { reader: 0 };
  let seen: { name: string } | undefined;
  const stop = $effect.root(() => {
    const step = new Settled(() => (source.t < 10 ? steps[0] : steps[1]));
    $effect(() => {
      runs.reader++;
      seen = step.value;
    });
  });
  flushSync();
  expect(seen).toBe(steps[0]);
  for (let frame = 1; frame < 10; frame++) {
    source.t = frame;
    flushSync();
  }
  expect(runs.reader).toBe(1);
  source.t = 12;
  flushSync();
  expect(seen).toBe(steps[1]);
  expect(runs.reader).toBe(2);
  stop();
});

it('held, it keeps its value without reading the source, and catches up when let go', () => {
  const source = $state({ t: 0, hold: false });
  const reads = { n: 0 };
  let step!: Settled<string>;
  const stop = $effect.root(() => {
    step = new Settled(
      () => {
        reads.n++;
        return source.t < 10 ? 'PreSync' : 'Sync';
      },
      () => source.hold,
    );
  });
  flushSync();
  source.hold = true;
  flushSync();
  const before = reads.n;
  source.t = 12;
  flushSync();
  expect(step.value).toBe('PreSync');
  expect(reads.n).toBe(before);
  source.hold = false;
  flushSync();
  expect(step.value).toBe('Sync');
  stop();
});
