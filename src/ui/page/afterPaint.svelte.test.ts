import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.resetModules();
});

it('holds each part until a frame has been painted, then lets one through per task; later parts at once', async () => {
  vi.useFakeTimers();
  const frames: (() => void)[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 Chrome/140' });
  // A fresh module: the page's start is module state.
  const { AfterPaint } = await import('./afterPaint.svelte');
  const parts = [new AfterPaint(), new AfterPaint(), new AfterPaint()];
  expect(parts.map((p) => p.ready)).toEqual([false, false, false]);
  vi.runOnlyPendingTimers();
  expect(parts.map((p) => p.ready)).toEqual([false, false, false]);
  // The frame is painted; the first part comes in the task after it, the others in tasks of their own.
  frames.splice(0).forEach((frame) => frame());
  vi.runOnlyPendingTimers();
  expect(parts.map((p) => p.ready)).toEqual([true, false, false]);
  vi.runOnlyPendingTimers();
  expect(parts.map((p) => p.ready)).toEqual([true, true, false]);
  vi.runOnlyPendingTimers();
  expect(parts.map((p) => p.ready)).toEqual([true, true, true]);
  expect(new AfterPaint().ready).toBe(true);
});

it('renders at once where nothing paints (no requestAnimationFrame)', async () => {
  vi.stubGlobal('requestAnimationFrame', undefined);
  const { AfterPaint } = await import('./afterPaint.svelte');
  expect(new AfterPaint().ready).toBe(true);
});

it('tells when every waiting part has rendered, so a jump to a part below scrolls once nothing above it will grow', async () => {
  vi.useFakeTimers();
  const frames: (() => void)[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 Chrome/140' });
  const { AfterPaint, partsRendered } = await import('./afterPaint.svelte');
  const parts = [new AfterPaint(), new AfterPaint()];
  let rendered = false;
  void partsRendered().then(() => (rendered = true));
  frames.splice(0).forEach((frame) => frame());
  await vi.runOnlyPendingTimersAsync();
  expect([parts[0]!.ready, parts[1]!.ready, rendered]).toEqual([true, false, false]);
  await vi.runOnlyPendingTimersAsync();
  expect([parts[1]!.ready, rendered]).toEqual([true, true]);
  // Once the page has started, nothing waits.
  await expect(partsRendered()).resolves.toBeUndefined();
});
