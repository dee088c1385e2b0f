/** How long after the reader pans the box by hand it stays where they put it. */
const HOLD_MS = 3000;
/** How close to an edge of the box the cursor may come before the box pans. */
const MARGIN_PX = 24;

/**
 * On a phone the timeline and the lanes above it are wider than the screen and pan inside their own box
 * (TimeSection.svelte), so the page never scrolls sideways. As the cursor moves (playing, a key, a
 * link's `t`) the box follows it, putting it a third of the way into the plot right of the pinned labels when it
 * nears an edge (or back at the box's start, when the cursor shows there), so the moment being told is on screen. A reader who has just panned by hand is looking at something else: the box stays put for a few
 * seconds after their last pan.
 *
 * It reads the cursor's drawn position, so it works for both drawings that carry the shared cursor mark
 * (`g.tl-now`, src/timeline/marks/cursor.ts): the resource timeline, which draws it in an overlay over its `<svg>`
 * (`.tl-now-line`, marks/cursorOverlay.ts), and the Applications' lanes.
 */
export class CursorFollower {
  /** Where this follower last put the box, to tell its own scrolls from the reader's. */
  private placedAt: number | undefined;
  private pannedAt = -Infinity;

  constructor(
    private readonly box: HTMLElement,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The box scrolled: by the follower (ignored) or by the reader (they hold it for a while). */
  onScroll(): void {
    if (this.placedAt !== undefined && Math.abs(this.box.scrollLeft - this.placedAt) <= 1) return;
    this.placedAt = undefined;
    this.pannedAt = this.now();
  }

  /** Bring the cursor into view if the box pans and the cursor is near or past one of its edges. */
  follow(): void {
    const box = this.box;
    const room = box.scrollWidth - box.clientWidth;
    if (room <= 1 || this.now() - this.pannedAt < HOLD_MS) return;
    const line = box.querySelector('g.tl-now line, .tl-now-line');
    if (!line) return;
    const origin = box.getBoundingClientRect().left + box.clientLeft;
    const x = line.getBoundingClientRect().left - origin;
    // The row labels are pinned over the drawing's left part (TimeSection's pin): a cursor under them is hidden,
    // so the visible plot begins at their edge (the drawing's `data-plot-left`), not at the box's (issue 32).
    // The overlay over the resource timeline carries the drawing's plot edge too, and lies at its top left.
    const svg = line.closest('svg, [data-plot-left]');
    const plotLeft = Number(svg?.getAttribute('data-plot-left') ?? 0);
    const edge = svg ? svg.getBoundingClientRect().left - origin + box.scrollLeft + plotLeft : 0;
    if (x >= edge + MARGIN_PX && x <= box.clientWidth - MARGIN_PX) return;
    // Where the box is unpanned the cursor shows with the run's first seconds: then the box goes back to its start.
    const fromStart = box.scrollLeft + x;
    const third = box.scrollLeft + x - edge - (box.clientWidth - edge) / 3;
    const target = fromStart <= box.clientWidth - MARGIN_PX ? 0 : third;
    const left = Math.round(Math.min(room, Math.max(0, target)));
    if (Math.abs(left - box.scrollLeft) <= 1) return;
    this.placedAt = left;
    box.scrollLeft = left;
  }
}
