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

/** A page of `requestAnimationFrame`, window listeners and an IntersectionObserver that says `inView`. */
function stubPage(inView: boolean) {
  vi.useFakeTimers();
  const frames: (() => void)[] = [];
  const listeners = new Map<string, () => void>();
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 Chrome/140' });
  vi.stubGlobal('addEventListener', (type: string, listener: () => void) => listeners.set(type, listener));
  vi.stubGlobal('removeEventListener', (type: string) => listeners.delete(type));
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(max-width: 700px)' }));
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly seen: (entries: { isIntersecting: boolean }[]) => void) {}
      observe() {
        queueMicrotask(() => this.seen([{ isIntersecting: inView }]));
      }
      disconnect() {}
    },
  );
  return { frames, listeners };
}

it('holds the parts below the fold while the first screen ends out of view (a phone), until the page is scrolled', async () => {
  const { frames, listeners } = stubPage(false);
  const { AfterPaint, holdBelowFold } = await import('./afterPaint.svelte');
  const first = new AfterPaint();
  const below = [
    new AfterPaint(undefined, { belowFold: true }),
    new AfterPaint(undefined, { belowFold: true }),
  ];
  holdBelowFold({} as Element);
  await Promise.resolve();
  frames.splice(0).forEach((frame) => frame());
  vi.advanceTimersByTime(1000);
  // The first paint's part came; those below the fold wait, a second later still.
  expect([first.ready, ...below.map((p) => p.ready)]).toEqual([true, false, false]);
  listeners.get('scroll')!();
  expect(below.map((p) => p.ready)).toEqual([false, false]);
  vi.advanceTimersToNextTimer();
  expect(below.map((p) => p.ready)).toEqual([true, false]);
  vi.advanceTimersToNextTimer();
  expect(below.map((p) => p.ready)).toEqual([true, true]);
  // Nothing is held any more: the page stopped listening.
  expect(listeners.has('scroll')).toBe(false);
});

it('lets the parts below the fold through once the start has settled, so find-in-page finds them unscrolled', async () => {
  const { frames } = stubPage(false);
  const { AfterPaint, holdBelowFold } = await import('./afterPaint.svelte');
  const below = new AfterPaint(undefined, { belowFold: true });
  holdBelowFold({} as Element);
  await Promise.resolve();
  frames.splice(0).forEach((frame) => frame());
  vi.advanceTimersByTime(1400);
  expect(below.ready).toBe(false);
  // No long task for 1.5 s (this Node has no long-task reports: the quiet time from the start stands in).
  vi.advanceTimersByTime(200);
  await Promise.resolve();
  frames.splice(0).forEach((frame) => frame());
  vi.advanceTimersToNextTimer();
  expect(below.ready).toBe(true);
});

it('holds nothing where the first screen ends in view (a desktop)', async () => {
  const { frames } = stubPage(true);
  const { AfterPaint, holdBelowFold } = await import('./afterPaint.svelte');
  const below = new AfterPaint(undefined, { belowFold: true });
  holdBelowFold({} as Element);
  await Promise.resolve();
  frames.splice(0).forEach((frame) => frame());
  vi.advanceTimersToNextTimer();
  expect(below.ready).toBe(true);
});
