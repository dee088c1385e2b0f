import type { planManifests } from '../manifests/planManifests';

/** The order table's planner (src/ui/manifests/planManifests.ts): a dry run of the manifests, as `argocd app sync --dry-run`. */
export type Planner = typeof planManifests;

/**
 * The session's planner of the order table, given at once (tests, Node) or loaded when the table is first asked
 * for: it carries the engine's sync planner (tasks, waves, kinds), about 7.5 kB gzip the first paint does not
 * draw (issue 32, "Budget"), so the page's first JavaScript leaves it out as it leaves out the YAML reader
 * (yamlReader.svelte.ts). `ready` turns true when it has loaded, so a derived plan is made again then.
 */
export class PlanLoader {
  /** Whether the planner is loaded. */
  ready = $state.raw(false);
  private planner: Planner | undefined;
  private loading: Promise<Planner> | undefined;

  constructor(given?: Planner) {
    this.planner = given;
    this.ready = given !== undefined;
  }

  /** The planner if it is loaded; undefined until `load` has resolved. */
  get loaded(): Planner | undefined {
    return this.planner;
  }

  /** Load the planner (once). */
  load(): Promise<Planner> {
    this.loading ??= import('../manifests/planManifests').then((module) => {
      this.planner = module.planManifests;
      this.ready = true;
      return module.planManifests;
    });
    return this.loading;
  }
}
