import type { Scenario } from '../../scenarios/scenario';
import { planManifests, type ManifestPlan } from '../manifests/planManifests';

export type { ManifestPlan };

/**
 * Plans of a scenario's own manifests worked out off the page's main thread: your own app's, by the worker that
 * read it (ownAppWorker.ts). For four dropped files of 3.9 MiB, planning them on the page (planSync copies every
 * object) took a main-thread task of about 300 ms of CPU as the app opened (issue 31).
 */
const plans = new WeakMap<Scenario, ManifestPlan>();

/** Keep `plan` as the plan of `scenario`'s own (last) revision, unedited. */
export function knowPlan(scenario: Scenario, plan: ManifestPlan): void {
  plans.set(scenario, plan);
}

/** The plan of `scenario`'s own manifests, when it was worked out elsewhere. */
export function knownPlan(scenario: Scenario): ManifestPlan | undefined {
  return plans.get(scenario);
}

/**
 * The plan of `scenario`'s own (last) revision as editedPlan.svelte.ts works it out, for a worker to work out
 * ahead of the page. Only a plan crosses to the page, not the InputError of one that failed (a structured clone
 * drops its class): the page works that one out again.
 */
export function planOfOwn(scenario: Scenario): ManifestPlan | undefined {
  const own = scenario.revisions.at(-1);
  if (!own) return undefined;
  const plan = planManifests(own.objects, scenario, scenario.warnings);
  return plan.ok ? plan : undefined;
}
