import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.resetModules();
});

it('draws no row before the first paint, then 25 more per task, then every row however many come later', async () => {
  vi.useFakeTimers();
  const frames: (() => void)[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 Chrome/140' });
  // Fresh modules: the page's start (AfterPaint's queue) is module state.
  const { RowsInTasks } = await import('./rowsInTasks.svelte');
  let length = 60;
  const rows = new RowsInTasks(() => length);
  vi.runOnlyPendingTimers();
  expect(rows.shown).toBe(0);
  frames.splice(0).forEach((frame) => frame());
  const seen = [];
  for (let task = 0; task < 5; task++) {
    vi.runOnlyPendingTimers();
    seen.push(rows.shown);
  }
  // 25, 50, 75 ≥ 60: the table is whole, and from then on every row is drawn (a run that grows to 500 rows).
  expect(seen).toEqual([25, 50, 75, Infinity, Infinity]);
  length = 500;
  expect(rows.shown).toBe(Infinity);
});

it('draws every row at once where nothing paints (jsdom, no requestAnimationFrame)', async () => {
  vi.stubGlobal('requestAnimationFrame', undefined);
  const { RowsInTasks } = await import('./rowsInTasks.svelte');
  expect(new RowsInTasks(() => 200).shown).toBe(Infinity);
});
