import type { PageRun } from '../../scenarios/pageRun';
import type { PageIntervention } from '../../links/interventionLink';
import type { InlinePlayer } from '../../scenarios/inlinePlayer';
import type { PageRunner } from '../../scenarios/workerRunner';
import type { Reader } from '../../scenarios/reader';
import type { Scenario } from '../../scenarios/scenario';
import type { planManifests } from '../manifests/planManifests';

// The session's option and answer types (src/ui/page/session.svelte.ts re-exports them): what a page or a test gives
// the session, and what its requests answer.

/** A scenario the session offers: compiled at build time (`scenario` set), or text to parse with the reader. */
export interface ScenarioFile {
  id: string;
  /** The scenario file's text, to parse with the reader when `scenario` is not given. */
  text?: string;
  file?: string;
  scenario?: Scenario;
  /** The run with the scenario's own settings, precomputed at build time (compileScenariosPlugin). */
  defaultRun?: PageRun;
}

export interface SessionOptions {
  /** The scenario files to offer; the repository's scenarios/ folder, compiled at build time, by default. */
  files?: readonly ScenarioFile[];
  /** A YAML reader to use at once (tests, Node); the page loads it lazily when someone edits. */
  reader?: Reader;
  /** The order table's planner to use at once (tests, Node); the page loads it when the table first asks. */
  planner?: typeof planManifests;
  /** The animation-frame scheduler; tests pass their own, the page uses the browser's. */
  requestFrame?: (callback: (now: number) => void) => number;
  cancelFrame?: (handle: number) => void;
  /**
   * Where runs happen: a Web Worker with a time limit on the page (the default where `Worker` exists), or, with
   * `'inline'` or where there is no Worker (jsdom, Node), synchronously in this thread, as tests expect.
   */
  runner?: PageRunner | 'inline';
  /**
   * The in-thread player (src/scenarios/inlinePlayer.ts), for runs without a worker. Tests pass it to run
   * synchronously; the page leaves it out and loads it only if a browser has no Worker, so the engine is not in
   * the page's first JavaScript (it runs in the worker, and the default runs come precomputed).
   */
  inline?: InlinePlayer;
  /** The wall time a run in the worker may take before it is stopped (URL `runLimit=SECONDS`; default 10 s). */
  runTimeLimitMs?: number;
}

/** How a requested run ended, for the caller that must know (the editor's unfinished-edit marker). */
export type RunEnd = 'finished' | 'input-error' | 'failure' | 'stopped' | 'superseded';

/** What `load` may set at once, so a link restores its state with one run of the engine. */
export interface LoadOptions {
  t?: number;
  waveDelay?: number;
  seed?: number;
  toggles?: readonly string[];
  /** In a run of several Applications, the one whose own view is open (URL `app=NAME`). */
  app?: string;
  /** Interventions typed in the terminal (URL `do=`). */
  interventions?: readonly PageIntervention[];
  /** The controller's sync timeout in seconds over the scenario's own (the compare view's knob). */
  syncTimeout?: number;
}
