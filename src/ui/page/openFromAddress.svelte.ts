import { browserStorage, isUnfinishedHere } from '../../browser/editStore';
import { readInterventions } from '../../links/interventionLink';
import { readAppParam } from '../../links/appParam';
import type { SimulationSession } from './session.svelte';
import { parseUrlState } from '../../links/urlState';
import { defaultScenarioId } from '../../scenarios/defaultScenario';

export interface OpenFromAddressOptions {
  /**
   * Called when the link's edited manifests cannot be read, or inflate past the size limit (the scenario's own
   * are shown instead).
   */
  onBroken: (reason: 'unreadable' | 'too-big') => void;
  /**
   * Called when the link's terminal commands (`do=`) cannot be read, with the reason: none of them is run, and the
   * page says so (issue 31: they were dropped with no word).
   */
  onInterventionsBroken?: (reason: string) => void;
  /** Called when the link names a scenario the sandbox does not have (the default one is shown instead). */
  onUnknownScenario?: (name: string) => void;
  /** Called once the link's settings are applied, so the address bar may be written from then on. */
  onReady: () => void;
  /**
   * Called, before the scenario loads, when the link's edit is one this browser saved and whose run never
   * finished: the scenario opens without it, and the manifest panel restores it and asks before running it.
   */
  onUnfinished: () => void;
  /**
   * Called when the link names your own app (`scenario=your-app`): it opens the app this browser kept at `t`, or
   * returns undefined when none is kept here (the default scenario is then shown, as for an unknown one).
   */
  onOwnApp?: (id: string, t: number | undefined) => Promise<unknown> | undefined;
}

/**
 * Open what the page's address says (contract.md §2): its scenario (defaultScenarioId when it names none or an
 * unknown one), its settings and cursor, its edited manifests, and then its speed, autoplay, presenter and predict
 * modes. Returns whether the page was opened from a link that names a scenario (a link never mixes in
 * saved edits).
 */
export function openFromAddress(
  session: SimulationSession,
  {
    onBroken,
    onReady,
    onUnfinished,
    onUnknownScenario,
    onOwnApp,
    onInterventionsBroken,
  }: OpenFromAddressOptions,
): boolean {
  const url = parseUrlState(location.search, location.hash);
  // A reload or a step back in history continues this browser's visit, edits included; a link opened
  // afresh shows only what it says.
  const navigation = performance.getEntriesByType?.('navigation')[0] as
    PerformanceNavigationTiming | undefined;
  // A link with edits shows them, and never edits saved here, even on a reload.
  const fromLink =
    (url.scenario !== undefined && (navigation?.type ?? 'navigate') === 'navigate') || url.edit !== undefined;
  const fallback = session.catalog.find((s) => s.id === defaultScenarioId) ?? session.catalog[0];
  const known = session.catalog.some((s) => s.id === url.scenario);
  const own = !known && url.scenario !== undefined ? onOwnApp?.(url.scenario, url.t) : undefined;
  const id = known ? url.scenario! : fallback?.id;
  if (!known && url.scenario !== undefined && !own) onUnknownScenario?.(url.scenario);
  const app = readAppParam(location.search, location.hash);
  const reading = url.do ? readInterventions(url.do) : undefined;
  if (reading && !reading.ok) onInterventionsBroken?.(reading.reason);
  const interventions = reading?.ok ? reading.list : undefined;
  const options = {
    t: url.t,
    waveDelay: url.waveDelay,
    seed: url.seed,
    toggles: url.fail,
    app,
    interventions,
  };
  const start = (loaded?: Promise<unknown>) => {
    if (url.speed !== undefined) session.setSpeed(url.speed);
    // A link's run may come from the worker a moment later: play once it is there.
    // The punchline's moment is known once the run is there (punchlineMark.svelte.ts); it wins over t=.
    if (url.punchline) void (loaded ?? Promise.resolve()).then(() => session.punchline.jump());
    if (url.autoplay) void (loaded ?? Promise.resolve()).then(() => session.play());
    if (url.present) session.presenter.set(true);
    if (url.predict) session.predict.setOn(true);
    if (url.reveal) session.presenter.setReveal(true);
    onReady();
  };
  if (own) {
    start(own);
    return fromLink;
  }
  if (id && url.edit) {
    // The address bar keeps the link as it came until its edit has run at its t.
    void import('../../links/editLink').then(async ({ readEdit }) => {
      const reading = readEdit(url.edit!);
      if (!reading.ok) {
        onBroken(reading.reason);
        session.load(id, options);
        start();
        return;
      }
      const text = reading.text;
      if (isUnfinishedHere(browserStorage(), id, text)) {
        // The address bar carried the edit while it ran; after the run hung the tab, a reload must not run it
        // again without asking.
        onUnfinished();
        await session.load(id, options);
      } else await session.loadEdited(id, options, text);
      start();
    });
    return fromLink;
  }
  start(id ? session.load(id, options) : undefined);
  return fromLink;
}
