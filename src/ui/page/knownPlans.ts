import type { Scenario } from '../../scenarios/scenario';
import type { ManifestPlan } from '../manifests/planManifests';

export type { ManifestPlan };

/**
 * Plans of a scenario's own manifests worked out off the page's main thread: your own app's, by the worker that
 * read it (ownAppWorker.ts). For four dropped files of 3.9 MiB, planning them on the page (planSync copies every
 * object) took a main-thread task of about 300 ms of CPU as the app opened (issue 31).
 */
// The planner itself (planOfOwn.ts) is not imported here: the page reads this file at first paint, and the planner
// loads on first use (planLoader.svelte.ts), so a value import would put it back in the first JavaScript.
const plans = new WeakMap<Scenario, ManifestPlan>();

/** Keep `plan` as the plan of `scenario`'s own (last) revision, unedited. */
export function knowPlan(scenario: Scenario, plan: ManifestPlan): void {
  plans.set(scenario, plan);
}

/** The plan of `scenario`'s own manifests, when it was worked out elsewhere. */
export function knownPlan(scenario: Scenario): ManifestPlan | undefined {
  return plans.get(scenario);
}
