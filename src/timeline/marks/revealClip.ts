/**
 * Where the clip of a drawing's marks placed in time ends: at `until`'s x when the page hides the future
 * (src/cursor/revealedTime.ts), else at the plot's right edge. The resource timeline, the status lanes
 * and the Applications' lanes all cut their marks at this x, so the three hide the future alike.
 */
export function revealedRight(
  x: (t: number) => number,
  plot: { right: number },
  until: number | undefined,
): number {
  return until === undefined ? plot.right : Math.min(plot.right, x(until));
}
