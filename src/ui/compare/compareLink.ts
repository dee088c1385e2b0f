import { seedParam, waveDelayParam } from '../../links/linkTable';
import { scenarioIdPattern } from '../../links/scenarioParam';

/**
 * The `compare=` link parameter: the runs a comparison shows, as a comma-separated list of
 * scenario ids, each with its changed knobs after `~`:
 *
 *   compare=three-tier,app-of-apps-without-health,app-of-apps,progressive-sync
 *   compare=three-tier,three-tier~migration          (a failure toggle switched on)
 *   compare=three-tier,three-tier~waveDelay=0        (ARGOCD_SYNC_WAVE_DELAY)
 *   compare=app-of-apps,app-of-apps~healthCheck      (a platform switch: the Application health check)
 *   compare=sync-timeout,sync-timeout~noTimeout      (the controller's sync timeout beside a terminate by hand)
 *   compare=sync-timeout~syncTimeout=60,sync-timeout~noTimeout   (controller.sync.timeout.seconds set for one run)
 *   compare=article                                  (the article's choice point, the first line above)
 *
 * A bare word after `~` is a toggle id (the scenario's `toggles`: failures, the health check, progressive
 * syncs, maxUpdate); `waveDelay=N` and `seed=N` set those knobs, and `syncTimeout=N` the controller's
 * `controller.sync.timeout.seconds` (argocd-cmd-params-cm; 0 is none) for a scenario with Argo CD objects. Pure: the view and the tests share it.
 */

/** One run of a comparison as the link names it. */
export interface CompareItem {
  scenario: string;
  toggles: string[];
  waveDelay?: number;
  seed?: number;
  /** `controller.sync.timeout.seconds` for this run (0: none), over the scenario's own and its toggles'. */
  syncTimeout?: number;
}

/** At most this many runs: four lanes of runs still fit a projected 1024×768 screen. */
export const maxCompared = 4;

/** The article's choice point: the same three tiers in waves, as an app of apps without and with the health
 *  check, and as an ApplicationSet with Progressive Syncs ("when do I use which?"). */
export const articleRuns = 'three-tier,app-of-apps-without-health,app-of-apps,progressive-sync';

export type CompareParse = { items: CompareItem[]; problems: string[] };

/** Read a `compare=` value; what cannot be read is said in `problems` (the page shows them) and left out. */
export function parseCompare(value: string): CompareParse {
  const problems: string[] = [];
  const items: CompareItem[] = [];
  const text = value.trim() === 'article' ? articleRuns : value;
  for (const part of text.split(',').map((p) => p.trim())) {
    if (part === '') continue;
    const [scenario, ...knobs] = part.split('~');
    if (!scenarioIdPattern.test(scenario)) {
      problems.push(`"${part}" does not start with a scenario id`);
      continue;
    }
    const item: CompareItem = { scenario, toggles: [] };
    for (const knob of knobs) {
      const [key, raw] = knob.split('=');
      // The knobs read as the link's own `waveDelay=` and `seed=` do (src/links/linkTable.ts), bounds included.
      const waveDelay =
        key === waveDelayParam.key && raw !== undefined ? waveDelayParam.read(raw) : undefined;
      const seed = key === seedParam.key && raw !== undefined ? seedParam.read(raw) : undefined;
      if (raw === undefined && /^\w+$/.test(key)) item.toggles.push(key);
      else if (waveDelay !== undefined) item.waveDelay = waveDelay;
      else if (seed !== undefined) item.seed = seed;
      else if (
        key === 'syncTimeout' &&
        raw !== undefined &&
        raw !== '' &&
        Number.isInteger(Number(raw)) &&
        Number(raw) >= 0 &&
        Number(raw) <= 86400
      )
        item.syncTimeout = Number(raw);
      else
        problems.push(
          `"~${knob}" in "${part}" is not a toggle id, waveDelay=SECONDS, seed=N or syncTimeout=SECONDS`,
        );
    }
    items.push(item);
  }
  if (items.length > maxCompared) {
    problems.push(`only the first ${maxCompared} runs are compared`);
    items.length = maxCompared;
  }
  if (items.length < 2)
    problems.push('a comparison needs two runs or more, e.g. compare=three-tier,three-tier~migration');
  return { items, problems };
}

/** One run's part of the link, which is also its label on the page: `three-tier~waveDelay=0`. */
export function formatItem(item: CompareItem): string {
  const knobs = [
    ...item.toggles,
    ...(item.waveDelay !== undefined ? [`waveDelay=${item.waveDelay}`] : []),
    ...(item.seed !== undefined ? [`seed=${item.seed}`] : []),
    ...(item.syncTimeout !== undefined ? [`syncTimeout=${item.syncTimeout}`] : []),
  ];
  return [item.scenario, ...knobs].join('~');
}

/** The whole `compare=` value. */
export function formatCompare(items: readonly CompareItem[]): string {
  return items.map(formatItem).join(',');
}

/**
 * What the Compare button of the one-run page opens: the run on screen against the scenario's own run when a
 * knob was changed; else against its first toggle switched on; else the article's choice point.
 */
export function compareFrom(current: CompareItem, firstToggle: string | undefined): string {
  const changed =
    current.toggles.length > 0 ||
    current.waveDelay !== undefined ||
    current.seed !== undefined ||
    current.syncTimeout !== undefined;
  if (changed) return formatCompare([{ scenario: current.scenario, toggles: [] }, current]);
  if (firstToggle) return formatCompare([current, { scenario: current.scenario, toggles: [firstToggle] }]);
  return articleRuns;
}
