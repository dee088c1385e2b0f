import type { PageSettings } from '../../scenarios/pageSettings';

// Small pure helpers of the page's session (src/ui/page/session.svelte.ts): the axis end, a scenario's title for the
// picker, and whether two runs' settings are the same.

/**
 * The end of the axis: the end of the run plus a short tail (2 s, or 5 % of a long run), so the final state, often
 * reached in the run's last instant, stays on screen and shows in the lanes.
 */
export function tailed(endT: number): number {
  return Math.ceil((endT + Math.max(2, endT * 0.05)) * 10) / 10;
}

/** The title of a scenario file without parsing all of it, for the picker. */
export function scenarioTitle(text: string): string | undefined {
  return /^title:\s*(.+)$/m
    .exec(text)?.[1]
    ?.trim()
    .replace(/^(['"])(.*)\1$/, '$2');
}

/** Whether two runs' settings are the same run (the build's precomputed default run can stand for it). */
export function sameSettings(a: PageSettings, b: PageSettings): boolean {
  return (
    a.waveDelay === b.waveDelay &&
    a.seed === b.seed &&
    a.syncTimeout === b.syncTimeout &&
    a.edited === b.edited &&
    (a.interventions?.length ?? 0) === (b.interventions?.length ?? 0) &&
    a.toggles.length === b.toggles.length &&
    a.toggles.every((toggle) => b.toggles.includes(toggle))
  );
}
