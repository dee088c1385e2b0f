/**
 * Text measuring without a DOM. The layout is pure, so it cannot ask the browser how wide a label is; it
 * estimates instead, with an average glyph width of 0.6 em for the sans-serif faces the page uses. The
 * estimate errs wide, so labels it places do not collide.
 */
export const fontSize = 12;

/** A length drawn for 12 px text, at the layout's text size (presenter mode draws larger type, not a zoom). */
export function sized(layout: { fontSize: number }, px: number): number {
  return Math.round((px * layout.fontSize) / fontSize);
}

/** Bold type is wider than textWidth's estimate for regular type (84 px drawn for 79 estimated): multiply by this. */
export const boldWidth = 1.1;

/** Estimated width in pixels of `text` at `size` px. */
export function textWidth(text: string, size = fontSize): number {
  return text.length * size * 0.6;
}

/** `text` cut to fit `width` pixels, with an ellipsis when it was cut. */
export function truncate(text: string, width: number, size = fontSize): string {
  if (textWidth(text, size) <= width) return text;
  const chars = Math.max(1, Math.floor(width / (size * 0.6)) - 1);
  return text.slice(0, chars) + '…';
}

/**
 * Puts labels (sorted by x, each `width` wide, starting at x) into `lanes` text lanes, first lane first, so
 * that labels in one lane keep `gap` pixels apart. Returns each label's lane, or -1 when none had room.
 *
 * A label goes under every earlier label still running over its x, not into a free lane above them: each label
 * hangs from a line drawn down from it over the rows, and that line crossed the words of an earlier label in a
 * lower lane (app-of-apps-update at 1m 13s in presenter mode: `shop wave 2`'s line through `shop wave 1`). So
 * close labels step down in the order of their times, and one with no lane left is thinned (its title still
 * says it, and a closer zoom shows it).
 */
export function assignLanes(items: { x: number; width: number }[], lanes: number, gap = 6): number[] {
  const ends = new Array<number>(lanes).fill(-Infinity);
  return items.map(({ x, width }) => {
    let lane = 0;
    for (let l = 0; l < lanes; l++) if (ends[l] + gap > x) lane = l + 1;
    if (lane >= lanes) return -1;
    ends[lane] = x + width;
    return lane;
  });
}

/** `text` broken at spaces into lines of at most `width` pixels; a word longer than a line is cut. */
export function wrap(text: string, width: number, size = fontSize): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size) > width) {
      lines.push(line);
      line = truncate(word, width, size);
    } else line = truncate(next, width, size);
  }
  if (line) lines.push(line);
  return lines;
}
