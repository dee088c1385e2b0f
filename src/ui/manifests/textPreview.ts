/**
 * The start of `text` for the read-only view shown until the editor loads: its first `maxLines` lines, cut at
 * `maxChars` characters at most, and how many lines are not shown in full. The view is a plain <pre>, which the
 * browser lays out in full: a dropped app's 2 MiB of YAML there took one main-thread task of over 300 ms of CPU
 * (issue 31, "Freezes"), where the editor (CodeMirror) draws only the lines on screen.
 */
export function textPreview(
  text: string,
  maxLines = 200,
  maxChars = 20_000,
): { shown: string; moreLines: number } {
  let cut = 0;
  for (let lines = 0; lines < maxLines && cut < text.length; lines++) {
    const newline = text.indexOf('\n', cut);
    cut = newline === -1 ? text.length : newline + 1;
  }
  cut = Math.min(cut, maxChars);
  if (cut >= text.length) return { shown: text, moreLines: 0 };
  // The lines from the cut on (the rest of a line it cuts through counts as one).
  let moreLines = 0;
  for (let at = cut; at < text.length;) {
    moreLines++;
    const newline = text.indexOf('\n', at);
    if (newline === -1) break;
    at = newline + 1;
  }
  return { shown: text.slice(0, cut), moreLines };
}
