import { appParam } from '../../links/appParam';
import { encodeInterventions } from '../../links/interventionLink';
import type { SimulationSession } from './session.svelte';
import type { ShareLink } from './shareLink.svelte';
import { UrlWriter } from './urlWriter';
import { untrack } from 'svelte';
import { formatUrlState, type UrlState } from '../../links/urlState';

/**
 * Keep the address bar a link to what is on screen (contract.md §2), in one form: the query string. A hash that
 * came with the link is read once and dropped, or it would win over the query on a reload and reopen the old
 * scenario. While playing, t changes every frame, and a write cost a sixth of a frame (urlWriter.ts), so the link
 * is written when playing stops, and while playing once in five seconds and, with the cursor's time of that moment,
 * when the page is hidden or left (a restored tab opens at that time), when the window loses focus (the reader went
 * to the address bar), on a key (F5 or Ctrl+R reloads the address bar's link, so it must be written before) and on
 * a press of the pointer (a "copy the link" button reads location.href). Call it while the page's component is
 * being set up: it runs as an effect, once
 * `ready()` says the link the page was opened with has been read. `timeline()` gives the timeline's part of the
 * link (its zoom and grouping, timelineLink.svelte.ts).
 */
export function keepAddressBar(
  session: SimulationSession,
  shareLink: ShareLink,
  ready: () => boolean,
  timeline: () => Pick<UrlState, 'zoom' | 'grouped' | 'open'> = () => ({}),
): void {
  // A link in the hash form (`#scenario=…`) is written once as a query, which drops the hash: only a query with no
  // hash counts as the link the address bar shows already.
  const urlWriter = new UrlWriter(
    (search) => history.replaceState(history.state, '', location.pathname + search),
    undefined,
    location.hash ? '' : location.search,
  );
  /** The link to the page with the cursor at `t`, or undefined while it cannot be written yet. */
  const linkAt = (t: number): string | undefined => {
    if (!ready() || !session.scenario) return undefined;
    const defaults = session.scenario.options;
    const edit = shareLink.edit;
    if (edit === null) return undefined;
    return (
      formatUrlState({
        scenario: session.scenario.id,
        speed: session.speed === 1 ? undefined : session.speed,
        autoplay: session.playing || undefined,
        waveDelay: session.waveDelay === defaults.waveDelay ? undefined : session.waveDelay,
        t: t > 0 ? t : undefined,
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
      }) + appParam(session.apps.openedApp)
    );
  };
  const write = (search: string | undefined) => {
    if (search !== undefined && shareLink.admit(search, location.href.replace(/[?#].*$/, '')))
      urlWriter.write(search);
  };
  $effect(() => {
    // While playing this effect reads nothing but `playing`: the cursor's change on every frame does not run it
    // (building the link 60 times a second was a tenth of a frame's script time). A pause writes the exact time.
    if (session.playing) return;
    write(linkAt(session.t));
  });
  // While playing, the link is written with the cursor's time once in five seconds (not kept from the moment
  // playing started, which a write five seconds later would have carried).
  $effect(() => {
    if (!session.playing) return;
    const timer = setInterval(() => write(untrack(() => linkAt(session.t))), urlWriter.intervalMs);
    return () => clearInterval(timer);
  });
  $effect(() => {
    // The link may be read or reloaded now: while playing, write the cursor's time of this moment.
    const flush = () => {
      if (untrack(() => session.playing)) write(untrack(() => linkAt(session.t)));
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    addEventListener('pagehide', flush);
    addEventListener('blur', flush);
    addEventListener('pointerdown', flush, true);
    addEventListener('keydown', flush, true);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      removeEventListener('pagehide', flush);
      removeEventListener('blur', flush);
      removeEventListener('pointerdown', flush, true);
      removeEventListener('keydown', flush, true);
      document.removeEventListener('visibilitychange', hidden);
    };
  });
}
