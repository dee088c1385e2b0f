import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('followWidth', () => {
  it("takes each width from the ResizeObserver's answer and never reads clientWidth, which would lay the page out again", async () => {
    // A stand-in observer: the test hands it answers as the browser would, after a layout.
    let answer: ((entries: { target: unknown; contentRect: { width: number } }[]) => void) | undefined;
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
    answer!([{ target: el, contentRect: { width: 358.6 } }]);
    answer!([{ target: el, contentRect: { width: 1024 } }]);
    stop();
    expect(widths).toEqual([358, 1024]);
    expect(reads).toBe(0);
  });

  it('follows several elements through one observer: their first widths come in one call, so a drawing is laid out once', async () => {
    let answer: ((entries: { target: unknown; contentRect: { width: number } }[]) => void) | undefined;
    const observed: unknown[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: typeof answer) {
          answer = callback;
        }
        observe(el: unknown) {
          observed.push(el);
        }
        disconnect() {}
      },
    );
    const { followWidths } = await import('./followWidth');
    const drawing = {} as HTMLElement;
    const view = {} as HTMLElement;
    const calls: number[][] = [];
    followWidths([drawing, view], (widths) => calls.push(widths));
    expect(observed).toEqual([drawing, view]);
    // The browser's first answer holds every observed element; a later one only those whose size changed.
    answer!([
      { target: view, contentRect: { width: 358.6 } },
      { target: drawing, contentRect: { width: 640 } },
    ]);
    answer!([{ target: view, contentRect: { width: 370 } }]);
    expect(calls).toEqual([
      [640, 358],
      [640, 370],
    ]);
  });
});
