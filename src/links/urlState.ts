import { limits } from '../engine';

/** Playback speeds offered by the page: virtual seconds per real second, or 'max' to jump to the end. */
export const speeds = [0.25, 0.5, 1, 2, 4, 8, 'max'] as const;
export type Speed = (typeof speeds)[number];

/** What a link restores (contract.md §2): the scenario, its knobs and the moment on screen. */
export interface UrlState {
  scenario?: string;
  speed?: Speed;
  autoplay?: boolean;
  waveDelay?: number;
  t?: number;
  /** Ids of the scenario's failure toggles that are on. */
  fail?: string[];
  seed?: number;
  /** Presenter mode (`present=1`, contract.md §2). */
  present?: boolean;
  /** Predict, then watch (`predict=1`): the future stays hidden until the learner has answered. */
  predict?: boolean;
  /** Reveal as you go (`reveal=1`): the timeline draws only what the cursor has passed. */
  reveal?: boolean;
  /**
   * The timeline's zoom as the virtual times at the plot's two edges (`zoom=T0,T1`); absent: the whole sync.
   * The level follows from it (the sync's length over the window's).
   */
  zoom?: [number, number];
  /** Rows grouped by (phase, wave) (`group=1`) or not (`group=0`); absent: the page's automatic choice. */
  grouped?: boolean;
  /** The groups opened while grouped, as `PHASE:WAVE` (`open=Sync:3,PostSync:-`). */
  open?: string[];
  /** The edited manifests of the synced revision, compressed (editLink.ts): written and read as is. */
  edit?: string;
  /** Interventions typed in the terminal (interventionLink.ts `do=`): written and read as is. */
  do?: string;
}

export function parseSpeed(text: string | null | undefined): Speed | undefined {
  if (text === 'max') return 'max';
  const n = Number(text);
  return speeds.find((s) => s === n);
}

/**
 * Read the state from a URL's query string and hash; both are accepted (contract.md §2) and the hash wins,
 * because it is what a static host never strips. Unusable values are ignored rather than refused.
 */
export function parseUrlState(search: string, hash: string): UrlState {
  const params = new URLSearchParams(search.replace(/^\?/, ''));
  for (const [key, value] of new URLSearchParams(hash.replace(/^#\??/, ''))) params.set(key, value);
  const state: UrlState = {};
  const scenario = params.get('scenario');
  if (scenario && /^[\w.-]+$/.test(scenario)) state.scenario = scenario;
  const speed = parseSpeed(params.get('speed'));
  if (speed !== undefined) state.speed = speed;
  if (params.get('autoplay') === '1') state.autoplay = true;
  const waveDelay = number(params.get('waveDelay'));
  // The engine's bounds (README "Limits"): past them a run is refused, so such a link opens the default instead.
  if (waveDelay !== undefined && waveDelay >= 0 && waveDelay <= limits.maxVirtualSeconds)
    state.waveDelay = waveDelay;
  const t = number(params.get('t'));
  if (t !== undefined && t >= 0) state.t = t;
  const fail = params.get('fail');
  if (fail !== null) state.fail = fail.split(',').filter((id) => id !== '');
  const seed = number(params.get('seed'));
  if (seed !== undefined && Number.isInteger(seed) && seed >= 0 && seed <= 0xffffffff) state.seed = seed;
  if (params.get('present') === '1') state.present = true;
  if (params.get('predict') === '1') state.predict = true;
  if (params.get('reveal') === '1') state.reveal = true;
  const zoom = params.get('zoom')?.split(',').map(number);
  if (
    zoom?.length === 2 &&
    zoom[0] !== undefined &&
    zoom[1] !== undefined &&
    zoom[0] >= 0 &&
    zoom[1] > zoom[0] &&
    // No run is longer than the engine's limit, and past it the timeline's arithmetic overflowed:
    // zoom=1e308,1.7e308 put the plot at an infinite offset and logged NaN errors (issue 31).
    zoom[1] <= limits.maxVirtualSeconds
  )
    state.zoom = [zoom[0], zoom[1]];
  const group = params.get('group');
  if (group === '1' || group === '0') state.grouped = group === '1';
  const open = params
    .get('open')
    ?.split(',')
    .filter((key) => /^[A-Za-z]+:(-?\d+|-)$/.test(key));
  if (open && open.length > 0) state.open = open;
  const edit = params.get('edit');
  if (edit) state.edit = edit;
  const interventions = params.get('do');
  // Kept as written, even when it is not base64url: the page reads it (interventionLink.ts) and says why it
  // could not, rather than dropping it with no word (issue 31).
  if (interventions) state.do = interventions;
  return state;
}

/** The query string for a state, in a fixed order so the same state always gives the same link. */
export function formatUrlState(state: UrlState): string {
  const params = new URLSearchParams();
  if (state.scenario) params.set('scenario', state.scenario);
  if (state.speed !== undefined) params.set('speed', String(state.speed));
  if (state.autoplay) params.set('autoplay', '1');
  if (state.waveDelay !== undefined) params.set('waveDelay', String(state.waveDelay));
  if (state.t !== undefined) params.set('t', String(Math.round(state.t * 1000) / 1000));
  if (state.fail && state.fail.length > 0) params.set('fail', state.fail.join(','));
  if (state.seed !== undefined) params.set('seed', String(state.seed));
  if (state.present) params.set('present', '1');
  if (state.predict) params.set('predict', '1');
  if (state.reveal) params.set('reveal', '1');
  if (state.zoom) params.set('zoom', state.zoom.map((t) => Math.round(t * 1000) / 1000).join(','));
  if (state.grouped !== undefined) params.set('group', state.grouped ? '1' : '0');
  if (state.open && state.open.length > 0) params.set('open', state.open.join(','));
  if (state.do) params.set('do', state.do);
  // Last, as it is by far the longest; base64url needs no escaping.
  if (state.edit) params.set('edit', state.edit);
  return `?${params.toString().replaceAll('%2C', ',').replaceAll('%3A', ':')}`;
}

function number(text: string | null): number | undefined {
  if (text === null || text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * The longest link the page writes into the address bar: 8,000 characters, whole URL. Browsers take far longer
 * ones (Chromium 2 MB, Firefox and Safari tens of thousands), but a link is for sharing, and the servers and
 * tools it passes through are stricter: RFC 9110 §4.1 asks only that URIs of 8,000 octets be supported, nginx
 * refuses request lines over its 8 kB header buffer (414), Apache's LimitRequestLine is 8,190, and a CDN such
 * as CloudFront caps the URL at 8,192. A static host of this page answers a longer link with an error.
 */
export const maxLinkLength = 8000;

/** Whether `url` (absolute) is short enough to share (`maxLinkLength`). */
export function linkFits(url: string): boolean {
  return url.length <= maxLinkLength;
}
