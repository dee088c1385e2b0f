import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.resetModules();
});

/**
 * A stand-in for the browser's long-task observer: `report` delivers entries as the browser does, late;
 * `pending` holds those the browser has seen and not yet delivered (what takeRecords() returns).
 */
function stubLongTasks() {
  const observer = { report: (() => {}) as () => void, pending: [] as unknown[] };
  vi.stubGlobal(
    'PerformanceObserver',
    Object.assign(
      class {
        constructor(callback: () => void) {
          observer.report = callback;
        }
        observe() {}
        disconnect() {}
        takeRecords() {
          return observer.pending.splice(0);
        }
      },
      { supportedEntryTypes: ['longtask'] },
    ),
  );
  return observer;
}

describe('whenSettled', () => {
  it('settles after the quiet spell, restarted by every long task reported', async () => {
    vi.useFakeTimers();
    const observer = stubLongTasks();
    const { whenSettled } = await import('./whenSettled');
    let settled = false;
    void whenSettled(1500, 8000).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(1000);
    observer.report();
    await vi.advanceTimersByTimeAsync(1400);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(settled).toBe(true);
  });

  it('a long task not yet reported when the spell ends restarts it instead of ending it', async () => {
    vi.useFakeTimers();
    const observer = stubLongTasks();
    const { whenSettled } = await import('./whenSettled');
    let settled = false;
    void whenSettled(1500, 8000).then(() => (settled = true));
    // A long task ran just before the timer fired; the browser has not delivered its entry yet.
    await vi.advanceTimersByTimeAsync(1400);
    observer.pending.push({ entryType: 'longtask' });
    await vi.advanceTimersByTimeAsync(200);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1500);
    expect(settled).toBe(true);
  });

  it('a page that is never quiet still settles at the latest moment given', async () => {
    vi.useFakeTimers();
    const observer = stubLongTasks();
    const { whenSettled } = await import('./whenSettled');
    let settled = false;
    void whenSettled(1500, 8000).then(() => (settled = true));
    for (let t = 1000; t < 8000; t += 1000) {
      await vi.advanceTimersByTimeAsync(1000);
      observer.report();
    }
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(settled).toBe(true);
  });
});
