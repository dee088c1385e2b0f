import type { Scenario } from '../../scenarios/scenario';
import { planManifests, type ManifestPlan } from '../manifests/planManifests';

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
