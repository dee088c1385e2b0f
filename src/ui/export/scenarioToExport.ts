import type { Scenario } from '../../scenarios/scenario';

/**
 * The scenario as the page shows it, for an export: with the editor's text in place of the synced (last)
 * revision's manifests when the user edited them, so what runs on a cluster is what ran on the page.
 */
export function scenarioToExport(scenario: Scenario, editedManifests: string | undefined): Scenario {
  if (editedManifests === undefined || scenario.platform || scenario.revisions.length === 0) return scenario;
  const revisions = scenario.revisions.slice();
  revisions[revisions.length - 1] = { ...revisions[revisions.length - 1], manifests: editedManifests };
  return { ...scenario, revisions };
}
