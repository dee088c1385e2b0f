import { layoutTimeline } from '../../timeline/layout';

/** The smallest text presenter mode draws the timeline in: the goal for the back of a room at 1280×720. */
export const minPresenterFont = 18;

/**
 * The timeline's text size in presenter mode, from the window: type a room can read (at least 18 px, the goal
 * of the presenter goal at 1280×720) that grows with a larger screen, up to 24 px on a 1920×1080 screen and larger.
 * presenterFit takes it down again, to 18 px at the least, when the rows would not fit the screen.
 */
export function presenterFontSize(width: number, height: number): number {
  if (!(width > 0) || !(height > 0)) return minPresenterFont;
  return Math.min(24, Math.max(minPresenterFont, Math.round(Math.min(width / 64, height / 40))));
}

/** A status lane's height for the timeline's text size: 26 px on the page (12 px), a little over the text in presenter mode. */
export function laneHeight(fontSize: number): number {
  return fontSize === 12 ? 26 : Math.round(fontSize * 1.25);
}

/**
 * The page's small print in px: `--type-small` (shell/tokens.css) of the root's 17 px. Written as a number for what
 * lays text out in script (the status lanes' widths), where reading the computed size would lay the page out while it
 * mounts; typeScale.test.ts checks that it is still the token's size.
 */
export const smallPrintPx = 14.45;

/** A status lane's text size for the timeline's: the page's small print on the page (12 px), the timeline's in presenter mode. */
export function laneFontSize(fontSize: number): number {
  return fontSize === 12 ? smallPrintPx : fontSize;
}

/** The space between two status lanes, in px. */
export const laneGap = 5;

/** The tightest rows that still keep a line of text apart from the next (about 2 px between 18 px lines). */
export function minRowHeight(fontSize: number): number {
  return Math.round(fontSize * 1.12);
}

/**
 * The tallest rows presenter mode draws, where the screen has room for them: a few rows then fill the screen
 * with bars a room can see, yet stay tighter than the page's (2×), so the rows still read as one table.
 */
export function roomyRowHeight(fontSize: number): number {
  return Math.round(fontSize * 1.6);
}

/**
 * The timeline's height apart from its rows at a text size, with no legend (presenter mode): the axis, the phase
 * and wave labels above the rows and the end's label below them. It does not depend on the events or the row
 * height (presenterType.test.ts holds a drawn scenario to it), so an empty log measures it.
 */
export function timelineFixedHeight(fontSize: number): number {
  return layoutTimeline([], { width: 960, fontSize, legend: false }).height;
}

/** The box the screen leaves the status lanes and the timeline in presenter mode, as measured (TimeSection). */
export interface PresenterRoom {
  /** The box's inner height in px. */
  height: number;
  /** Its height that is neither the lanes nor the timeline's drawing (the gap between them), in px. */
  between: number;
  /** How many status lanes are drawn above the timeline. */
  lanes: number;
  /** How many rows (phase headings, wave groups, resources) the timeline draws: its grouping, not its type, sets them. */
  rows: number;
}

export interface PresenterFit {
  fontSize: number;
  rowHeight: number;
}

/**
 * The timeline's text size and row height in presenter mode, so that the status lanes and every row fit the box
 * the screen leaves them and nothing scrolls: roomy rows when they fit; else the rows shrink, down to
 * minRowHeight; else the text does too, down to 18 px, before the rows shrink again. Rows a user opens beyond
 * what 18 px text in the tightest rows fits scroll inside the box.
 *
 * Nothing measured depends on the choice (the box's height is the screen's rest, the rows are the grouping's),
 * so the choice from one drawing is the one the next keeps: fitting never goes back and forth.
 */
export function presenterFit(fontSize: number, room?: PresenterRoom): PresenterFit {
  if (!room || room.rows <= 0 || !(room.height > 0)) return { fontSize, rowHeight: roomyRowHeight(fontSize) };
  for (let size = fontSize; size >= Math.min(fontSize, minPresenterFont); size--) {
    const lanes = room.lanes * (laneHeight(size) + laneGap);
    const spare = room.height - room.between - lanes - timelineFixedHeight(size);
    const rowHeight = Math.floor(spare / room.rows);
    if (rowHeight >= minRowHeight(size))
      return { fontSize: size, rowHeight: Math.min(rowHeight, roomyRowHeight(size)) };
  }
  const size = Math.min(fontSize, minPresenterFont);
  return { fontSize: size, rowHeight: minRowHeight(size) };
}

/**
 * How much larger than its layout the Applications' lanes (a run of several) are drawn in presenter mode: their
 * 12 px text at the timeline's presenter size, unless the drawing would then be taller than the box the screen
 * leaves it (`between` is the key under the lanes); never smaller than the page's. In steps of 1/20, so that a
 * layout a pixel taller or shorter at the new width does not move it again.
 */
export function appLanesScale(
  fontSize: number,
  room?: { height: number; between: number; drawn: number },
): number {
  let scale = fontSize / 12;
  if (room && room.drawn > 0 && room.height > 0)
    scale = Math.min(scale, (room.height - room.between) / room.drawn);
  return Math.max(1, Math.floor(scale * 20) / 20);
}
