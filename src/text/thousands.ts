/**
 * A whole number with a comma between each group of three digits, as `toLocaleString('en')` writes it ("12,345").
 * Written out rather than asked of the browser: the first `toLocaleString` of a page loads its number formats, a
 * task of 40–60 ms on a fast CPU (measured in Chromium), and the manifest editor's "… more lines" paid it as the
 * page started (issue 32, interactive on a phone).
 */
export function thousands(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const whole = Math.trunc(Math.abs(n)).toString();
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 && whole !== '0' ? `-${grouped}` : grouped;
}
