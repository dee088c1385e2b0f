/**
 * A recording's file name: the scenario and the range of virtual time it shows, whole seconds rounded out, as
 * `three-tier-0s-45s.webm`, so a folder of recordings says what each one is.
 */
export function recordFileName(
  scenario: string,
  from: number,
  to: number,
  ext: 'webm' | 'mp4' | 'gif',
): string {
  const safe = scenario.replace(/[^\w.-]+/g, '-') || 'run';
  return `${safe}-${Math.floor(from)}s-${Math.ceil(to)}s.${ext}`;
}
