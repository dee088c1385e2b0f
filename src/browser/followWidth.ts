/**
 * Follow an element's width (its content box, in whole px) with a ResizeObserver, for a drawing that lays itself
 * out at its box's real width (the timeline, the status lanes, the app lanes). The observer's first answer comes
 * after the page's first layout and before its first paint; reading the width at mount instead forced a layout of
 * the half-built page in the middle of the page's first task (issue 32, interactive on a phone). So a drawing waits
 * for the first answer (`observesWidth`: 0 until then). Where there is no ResizeObserver (jsdom in tests), the
 * width is read once.
 *
 * The width comes with the observer's answer, not from `clientWidth`: the three drawings' answers arrive one after
 * the other, and the timeline drawn after the first made the next one's `clientWidth` lay the page out again, in
 * the page's first frame (traced: 23 ms of a 1× start of many-resources). The boxes have no horizontal padding, so
 * their content box is their `clientWidth` (a scrollbar is outside both).
 *
 * @example
 * $effect(() => (box ? followWidth(box, (w) => (width = w)) : undefined));
 * // draw when width > 0 || !observesWidth
 */
export function followWidth(el: HTMLElement, set: (width: number) => void): () => void {
  return followWidths([el], ([width]) => set(width));
}

/**
 * followWidth for several elements at once, through one observer: their first widths come in one answer, so a
 * drawing laid out from all of them is laid out once, not once per element (the timeline on a phone: its own width
 * and its box's view, where the legend is wrapped). `set` gets every element's last width, in the order given.
 */
export function followWidths(els: HTMLElement[], set: (widths: number[]) => void): () => void {
  if (!observesWidth) {
    set(els.map((el) => Math.floor(el.clientWidth)));
    return () => {};
  }
  const widths = els.map(() => 0);
  const observer = new ResizeObserver((entries) => {
    for (const entry of entries) {
      const i = els.indexOf(entry.target as HTMLElement);
      if (i >= 0) widths[i] = Math.floor(entry.contentRect.width);
    }
    set([...widths]);
  });
  for (const el of els) observer.observe(el);
  return () => observer.disconnect();
}

/** Whether widths arrive from a ResizeObserver (after the first layout), rather than at once. */
export const observesWidth = typeof ResizeObserver !== 'undefined';
