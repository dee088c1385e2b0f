/**
 * Follow an element's width (its `clientWidth`, in whole px) with a ResizeObserver, for a drawing that lays itself
 * out at its box's real width (the timeline, the status lanes, the app lanes). The observer's first answer comes
 * after the page's first layout and before its first paint; reading the width at mount instead forced a layout of
 * the half-built page in the middle of the page's first task (issue 32, interactive on a phone). So a drawing waits
 * for the first answer (`observesWidth`: 0 until then). Where there is no ResizeObserver (jsdom in tests), the
 * width is read once.
 *
 * @example
 * $effect(() => (box ? followWidth(box, (w) => (width = w)) : undefined));
 * // draw when width > 0 || !observesWidth
 */
export function followWidth(el: HTMLElement, set: (width: number) => void): () => void {
  const measure = () => set(Math.floor(el.clientWidth));
  if (!observesWidth) {
    measure();
    return () => {};
  }
  const observer = new ResizeObserver(measure);
  observer.observe(el);
  return () => observer.disconnect();
}

/** Whether widths arrive from a ResizeObserver (after the first layout), rather than at once. */
export const observesWidth = typeof ResizeObserver !== 'undefined';
