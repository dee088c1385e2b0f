import type { ManifestPlan } from '../manifests/planManifests';
import type { Scenario } from '../../scenarios/scenario';
import type { PlanLoader } from './planLoader.svelte';
import type { YamlReader } from './yamlReader.svelte';
import { knownPlan } from './knownPlans';

/**
 * The order table's plan (the manifest editor's, src/ui/manifests): what a dry run of `text`, the synced
 * revision's manifests as edited, would do, or the InputError that stops it. Nothing runs. The scenario's own text
 * is planned from its parsed objects at once; an edited text waits for the YAML reader, which this starts loading,
 * and is read under `file` so that errors name it. Duplicate keys are read as Argo CD reads them (the last value
 * wins), and the plan's warnings say so. Both wait for the planner (planLoader.svelte.ts), which this starts
 * loading too: undefined until it is there.
 */
export function editedPlan(
  scenario: Scenario,
  text: string,
  yaml: YamlReader,
  planner: PlanLoader,
  file: string,
): ManifestPlan | undefined {
  const planManifests = planner.ready ? planner.loaded : undefined;
  if (!planManifests) void planner.load();
  const own = scenario.revisions[scenario.revisions.length - 1];
  if (text === own.manifests)
    return knownPlan(scenario) ?? planManifests?.(own.objects, scenario, scenario.warnings);
  if (!yaml.ready || !yaml.loaded) {
    void yaml.load();
    return undefined;
  }
  if (!planManifests) return undefined;
  const warnings: string[] = [];
  return planManifests(yaml.parseEdited(text, file, warnings), scenario, warnings);
}
