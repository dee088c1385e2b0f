/** Playback speeds offered by the page: virtual seconds per real second, or 'max' to jump to the end. */
export const speeds = [0.25, 0.5, 1, 2, 4, 8, 'max'] as const;
export type Speed = (typeof speeds)[number];

/** The speed a link's `speed=` names, or undefined when it names none of `speeds`. */
export function parseSpeed(text: string | null | undefined): Speed | undefined {
  if (text === 'max') return 'max';
  const n = Number(text);
  return speeds.find((s) => s === n);
}

/** What a link restores of a run (contract.md §2): the scenario, its knobs and the moment on screen. */
export interface UrlState {
  scenario?: string;
  speed?: Speed;
  autoplay?: boolean;
  waveDelay?: number;
  t?: number;
  /** Open at the scenario's punchline, its caption shown (`punchline=1`); wins over `t`. */
  punchline?: boolean;
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

/**
 * Everything a link can say (linkTable.ts has one row per parameter): a run's state, and what the page around it
 * reads: which Application is open, which view the link opens, and how long a run may take in the worker.
 */
export interface LinkState extends UrlState {
  /** The Application whose own view is open in a run of several (`app=NAME`). */
  app?: string;
  /** The compare view's runs (`compare=RUN,RUN[,…]`), as written. */
  compare?: string;
  /** The compact view for an `<iframe>` (`embed=1`). */
  embed?: boolean;
  /** The wall time a run may take in the worker before it is stopped, in seconds (`runLimit=SECONDS`). */
  runLimit?: number;
}

/** A run's part of what a link says: LinkState without what the page around the run reads. */
export function urlStateOf(link: LinkState): UrlState {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { app, compare, embed, runLimit, ...state } = link;
  return state;
}
