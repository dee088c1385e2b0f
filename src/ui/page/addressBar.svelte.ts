import { appParam } from '../../links/appParam';
import { encodeInterventions } from '../../links/interventionLink';
import type { SimulationSession } from './session.svelte';
import type { ShareLink } from './shareLink.svelte';
import { UrlWriter } from './urlWriter';
import { Sampled } from './sampled.svelte';
import { formatUrlState, type UrlState } from '../../links/urlState';

/**
 * Keep the address bar a link to what is on screen (contract.md §2), in one form: the query string. A hash that
 * came with the link is read once and dropped, or it would win over the query on a reload and reopen the old
 * scenario. While playing, t changes every frame, so the writer throttles replaceState (browsers
 * refuse very frequent calls). Call it while the page's component is being set up: it runs as an effect, once
 * `ready()` says the link the page was opened with has been read. `timeline()` gives the timeline's part of the
 * link (its zoom and grouping, timelineLink.svelte.ts).
 */
export function keepAddressBar(
  session: SimulationSession,
  shareLink: ShareLink,
  ready: () => boolean,
  timeline: () => Pick<UrlState, 'zoom' | 'grouped' | 'open'> = () => ({}),
): void {
  const urlWriter = new UrlWriter((search) =>
    history.replaceState(history.state, '', location.pathname + search),
  );
  // While playing the cursor is read as often as the writer writes, not on every frame: building the link
  // 60 times a second for a write every half second was a tenth of the script time of a frame.
  const t = new Sampled(
    () => session.t,
    () => session.playing,
    { intervalMs: urlWriter.intervalMs },
  );
  $effect(() => {
    if (!ready() || !session.scenario) return;
    const defaults = session.scenario.options;
    const edit = shareLink.edit;
    if (edit === null) return;
    const search =
      formatUrlState({
        scenario: session.scenario.id,
        speed: session.speed === 1 ? undefined : session.speed,
        autoplay: session.playing || undefined,
        waveDelay: session.waveDelay === defaults.waveDelay ? undefined : session.waveDelay,
        t: t.value > 0 ? t.value : undefined,
        // At the punchline with its caption shown, the link says so, so a reload shows the caption again.
        punchline: session.punchline.shown ? true : undefined,
        fail: session.toggles,
        seed: session.seed === defaults.seed ? undefined : session.seed,
        present: session.presenter.on || undefined,
        predict: session.predict.on || undefined,
        reveal: session.presenter.reveal || undefined,
        ...timeline(),
        edit,
        do:
          session.interventions.list.length > 0 ? encodeInterventions(session.interventions.list) : undefined,
      }) + appParam(session.apps.openedApp);
    if (shareLink.admit(search, location.href.replace(/[?#].*$/, '')))
      urlWriter.write(search, !session.playing);
  });
}
