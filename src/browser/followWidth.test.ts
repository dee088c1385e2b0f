import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('followWidth', () => {
  it("takes each width from the ResizeObserver's answer and never reads clientWidth, which would lay the page out again", async () => {
    // A stand-in observer: the test hands it answers as the browser would, after a layout.
    let answer: ((entries: { contentRect: { width: number } }[]) => void) | undefined;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: typeof answer) {
          answer = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const { followWidth } = await import('./followWidth');
    let reads = 0;
    const el = {
      get clientWidth() {
        reads++;
        return 999;
      },
    } as unknown as HTMLElement;
    const widths: number[] = [];
    const stop = followWidth(el, (w) => widths.push(w));
    expect(widths).toEqual([]);
    answer!([{ contentRect: { width: 358.6 } }]);
    answer!([{ contentRect: { width: 1024 } }]);
    stop();
    expect(widths).toEqual([358, 1024]);
    expect(reads).toBe(0);
  });
});
