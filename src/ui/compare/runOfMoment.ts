import type { RunMilestones } from './milestones';

/**
 * The run a step of the comparison (PageDown, →) lands in: the first run, in the link's order, with a milestone at
 * `t` (a workload, hook or Application created, Healthy or Degraded, or its operation's end). The compare view
 * scrolls that run into view, so a speaker stepping through four runs taller than a projector's screen sees each
 * moment where it happens (issue 32: PageDown never reached the ApplicationSet's run, the fourth). Undefined when
 * no run has a milestone at `t` (the divergence's time, or the start).
 */
export function runOfMoment(milestones: readonly RunMilestones[], t: number): number | undefined {
  // The moments are rounded to the millisecond (compareState.svelte.ts), so the milestones are matched to it.
  const at = (x: number | undefined) => x !== undefined && Math.abs(x - t) < 5e-4;
  const i = milestones.findIndex(
    (run) =>
      at(run.end?.t) || run.subjects.some((s) => at(s.createdAt) || at(s.healthyAt) || at(s.degradedAt)),
  );
  return i < 0 ? undefined : i;
}
