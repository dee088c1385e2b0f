/**
 * The timeline's text size in presenter mode, from the window: type a room can read (at least 18 px, the
 * goal of issue 8 at 1280×720) that grows with a larger screen, up to 22 px on a 1920×1080 screen (larger would push the rows off it).
 */
export function presenterFontSize(width: number, height: number): number {
  if (!(width > 0) || !(height > 0)) return 18;
  return Math.min(22, Math.max(18, Math.round(Math.min(width / 64, height / 40))));
}

/**
 * Row height for a text size: tighter than the page's (2×), so that the rows of the default scenarios fit a
 * 1280×720 or 1024×768 screen without scrolling (issue 8); 1.3× still leaves a gap between lines of 18 px text.
 */
export function presenterRowHeight(fontSize: number): number {
  return Math.round(fontSize * 1.3);
}
