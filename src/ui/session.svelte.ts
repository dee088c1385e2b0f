import { isInputError, type InputError, type SimEvent } from '../engine';
import { playScenario, type PlayResult } from '../scenarios/play';
import type { ParsedObject } from '../scenarios/manifests';
import { loadReader, reader, type Reader } from '../scenarios/reader';
import { loadScenario, scenarioCatalog, scenarioFiles } from '../scenarios/registry';
import type { Scenario } from '../scenarios/scenario';
import { calloutFor } from './state/calloutFor';
import { explainWaiting, syncFailHooksOf } from './state/explainWaiting';
import { frameAt } from './state/frameAt';
import { lanesOf } from './state/lanesOf';
import { stackAt } from './state/stackAt';
import { stackLayout } from './state/stackLayout';
import { eventTimes, momentTimes, stepFrom, waveTimes } from './state/stepTargets';
import { tierHintsOf } from './state/tierHintsOf';
import type { Speed } from './state/urlState';
// Added for several Applications (src/ui/platform, issue 7).
import { appTreeAt } from './platform/appTreeAt';
import { appNamesOf, isPlatform } from './platform/appLog';
import { explainPlatform } from './platform/explainPlatform';
import { viewedLog } from './platform/viewedLog';
// Added for the manifest editor (src/ui/manifests): the order table's plan of an edited text.
import { planManifests, type ManifestPlan } from './manifests/planManifests';

/** A scenario the session offers: compiled at build time (`scenario` set), or text to parse with the reader. */
export interface ScenarioFile {
  id: string;
  /** The scenario file's text, to parse with the reader when `scenario` is not given. */
  text?: string;
  file?: string;
  scenario?: Scenario;
}

export interface SessionOptions {
  /** The scenario files to offer; the repository's scenarios/ folder, compiled at build time, by default. */
  files?: readonly ScenarioFile[];
  /** A YAML reader to use at once (tests, Node); the page loads it lazily when someone edits. */
  reader?: Reader;
  /** The animation-frame scheduler; tests pass their own, the page uses the browser's. */
  requestFrame?: (callback: (now: number) => void) => number;
  cancelFrame?: (handle: number) => void;
}

/** What `load` may set at once, so a link restores its state with one run of the engine. */
export interface LoadOptions {
  t?: number;
  waveDelay?: number;
  seed?: number;
  toggles?: readonly string[];
  /** In a run of several Applications, the one whose own view is open (URL `app=NAME`). */
  app?: string;
}

/** The longest real-time gap one animation frame may advance, so a tab switch does not leap. */
const MAX_FRAME_SECONDS = 0.25;

/**
 * The page's state, and the only module that calls the scenario and engine code (style.md rule 12).
 *
 * The engine is deterministic and fast, so a (re-)run plays the whole scenario at once and keeps the complete
 * event log. Playing, stepping and scrubbing then only move the cursor `t` over that log, and everything on
 * screen is derived from (events, t): step and scrub land on exactly the state playing reaches.
 */
export class SimulationSession {
  readonly catalog: { id: string; title: string }[];
  scenario = $state.raw<Scenario | undefined>(undefined);
  result = $state.raw<PlayResult | undefined>(undefined);
  /** The cursor, in virtual seconds since the operation started. */
  t = $state.raw(0);
  playing = $state.raw(false);
  speed = $state.raw<Speed>(1);
  /** ARGOCD_SYNC_WAVE_DELAY of the run, in seconds. */
  waveDelay = $state.raw(2);
  seed = $state.raw(1);
  /** Ids of the scenario's failure toggles that are on. */
  toggles = $state.raw<string[]>([]);
  /** The edited text of the synced revision, when the editor changed it. */
  manifests = $state.raw<string | undefined>(undefined);
  /** A problem with the input (a scenario or the edited manifests), shown to the user. */
  error = $state.raw<InputError | undefined>(undefined);
  /** A run that stopped on an unexpected exception (a bug in the sandbox), shown while the last good run stays. */
  failure = $state.raw<string | undefined>(undefined);
  /** Whether the YAML reader is loaded, so plans of edited text can be made synchronously. */
  readerReady = $state.raw(false);
  /** The objects of the edited manifests, once parsed. */
  private edited = $state.raw<ParsedObject[] | undefined>(undefined);

  /** The whole log, with the history before the sync at negative t (the cluster the sync starts from). */
  readonly events: SimEvent[] = $derived(viewedLog(this.result?.events ?? [], this.viewedApp()));
  /** The sync itself, t ≥ 0: what the timeline draws. */
  readonly syncEvents: SimEvent[] = $derived(this.events.filter((e) => e.t >= 0));
  /**
   * The end of the axis: the end of the run plus a short tail (2 s, or 5 % of a long run), so the final
   * state, often reached in the run's last instant, stays on screen and shows in the lanes.
   */
  readonly endT: number = $derived(this.result ? tailed(this.result.endT) : 0);
  readonly frame = $derived(frameAt(this.events, this.t));
  readonly lanes = $derived(lanesOf(this.events, this.endT));
  readonly columns = $derived(stackLayout(this.events, this.tierHints()));
  readonly stack = $derived(stackAt(this.columns, this.frame));
  readonly waiting = $derived(explainWaiting(this.frame, syncFailHooksOf(this.syncEvents)));
  readonly callout = $derived(calloutFor(this.frame));

  private readonly files: readonly ScenarioFile[];
  private yaml: Reader | undefined;
  private readonly requestFrame: (callback: (now: number) => void) => number;
  private readonly cancelFrame: (handle: number) => void;
  private frameHandle: number | undefined;
  private lastNow: number | undefined;
  private eventTimes: number[] = [];
  private waveTimes: number[] = [];
  private momentTimes: number[] = [];

  constructor(options: SessionOptions = {}) {
    this.files = options.files ?? scenarioFiles;
    this.yaml = options.reader ?? reader();
    this.readerReady = this.yaml !== undefined;
    this.requestFrame = options.requestFrame ?? ((cb) => requestAnimationFrame(cb));
    this.cancelFrame = options.cancelFrame ?? ((handle) => cancelAnimationFrame(handle));
    this.catalog = options.files
      ? options.files.map((f) => ({ id: f.id, title: f.scenario?.title ?? titleOf(f.text ?? '') ?? f.id }))
      : scenarioCatalog;
  }

  /** Open a scenario with its own settings, or the ones given (from a link). Unknown ids are an error. */
  load(id: string, options: LoadOptions = {}): void {
    this.pause();
    const file = this.files.find((f) => f.id === id);
    if (!file && this.files === scenarioFiles && scenarioCatalog.some((s) => s.id === id)) {
      // A shipped scenario not loaded yet: its data chunk loads, then the same call goes on.
      void loadScenario(id).then(() => this.load(id, options));
      return;
    }
    if (!file) {
      this.error = undefined;
      throw new Error(`no scenario "${id}"; known: ${this.files.map((f) => f.id).join(', ')}`);
    }
    try {
      this.scenario =
        file.scenario ??
        this.requireReader().parseScenario(file.text ?? '', file.file ?? `scenarios/${id}.yaml`);
    } catch (error) {
      if (!isInputError(error)) throw error;
      this.error = error;
      this.scenario = undefined;
      this.result = undefined;
      return;
    }
    const known = this.scenario.toggles.map((toggle) => toggle.id);
    this.waveDelay = options.waveDelay ?? this.scenario.options.waveDelay;
    this.seed = options.seed ?? this.scenario.options.seed;
    this.toggles = (options.toggles ?? []).filter((toggle) => known.includes(toggle));
    this.manifests = undefined;
    this.edited = undefined;
    this.selectedApp = options.app;
    this.run();
    this.t = this.clamp(options.t ?? 0);
  }

  play(): void {
    if (!this.result) return;
    if (this.speed === 'max') {
      this.t = this.endT;
      this.pause();
      return;
    }
    if (this.t >= this.endT) this.t = 0;
    this.playing = true;
    this.lastNow = undefined;
    this.frameHandle ??= this.requestFrame(this.tick);
  }

  pause(): void {
    this.playing = false;
    if (this.frameHandle !== undefined) this.cancelFrame(this.frameHandle);
    this.frameHandle = undefined;
  }

  /** Move to the next (+1) or previous (-1) event time. */
  stepEvent(direction: 1 | -1): void {
    this.pause();
    this.t = stepFrom(this.eventTimes, this.t, direction);
  }

  /** Move to the start of the next (+1) or previous (-1) (phase, wave) step. */
  stepWave(direction: 1 | -1): void {
    this.pause();
    this.t = stepFrom(this.waveTimes, this.t, direction);
  }

  /** Move to the next (+1) or previous (-1) meaningful moment (PageDown/PageUp, a clicker's keys). */
  stepMoment(direction: 1 | -1): void {
    this.pause();
    this.t = stepFrom(this.momentTimes, this.t, direction);
  }

  seek(t: number): void {
    this.t = this.clamp(t);
  }

  setSpeed(speed: Speed): void {
    this.speed = speed;
    if (speed === 'max' && this.playing) this.play();
  }

  /** Change ARGOCD_SYNC_WAVE_DELAY and re-run; the cursor stays where it was. */
  setWaveDelay(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0 || seconds === this.waveDelay) return;
    this.waveDelay = seconds;
    this.rerun();
  }

  /** Switch one of the scenario's failure toggles and re-run. */
  toggleFailure(id: string): void {
    this.toggles = this.toggles.includes(id) ? this.toggles.filter((x) => x !== id) : [...this.toggles, id];
    this.rerun();
  }

  /** Run the edited manifests of the synced revision instead of the file's (undefined: the file's again). */
  setManifests(text: string | undefined): void {
    if (text !== undefined && !this.yaml) {
      // The first edit loads the YAML reader; the run follows as soon as it is there.
      void this.loadYamlReader().then(() => this.setManifests(text));
      return;
    }
    this.manifests = text;
    if (text === undefined) {
      this.edited = undefined;
      this.rerun();
      return;
    }
    const parsed = this.parseEdited(text);
    if (isInputError(parsed)) {
      // The last good run stays on screen while the error says what to fix.
      this.error = parsed;
      return;
    }
    this.edited = parsed;
    this.rerun();
  }

  /** Back to the scenario's own settings, at the start. */
  reset(): void {
    if (!this.scenario) return;
    this.load(this.scenario.id);
  }

  private readonly tick = (now: number): void => {
    this.frameHandle = undefined;
    if (!this.playing) return;
    const dt = this.lastNow === undefined ? 0 : Math.min(MAX_FRAME_SECONDS, (now - this.lastNow) / 1000);
    this.lastNow = now;
    const next = this.t + dt * (this.speed === 'max' ? Infinity : this.speed);
    if (next >= this.endT) {
      this.t = this.endT;
      this.pause();
      return;
    }
    this.t = next;
    this.frameHandle = this.requestFrame(this.tick);
  };

  private rerun(): void {
    const t = this.t;
    this.run();
    this.t = this.clamp(t);
  }

  private run(): void {
    const scenario = this.scenario;
    if (!scenario) return;
    const fail = scenario.toggles
      .filter((toggle) => this.toggles.includes(toggle.id))
      .map((toggle) => toggle.fail);
    try {
      this.result = this.simulate(scenario, fail);
      this.error = undefined;
      this.failure = undefined;
    } catch (error) {
      // The last good run stays on screen while the error says what to fix; an unexpected exception is not the
      // user's input to fix, so it is said as such instead of leaving the page half updated.
      if (isInputError(error)) this.error = error;
      else
        this.failure = `The simulation stopped on an internal error: ${errorText(error)}. The last good run is still shown.`;
    }
    this.eventTimes = eventTimes(this.events, this.endT);
    this.waveTimes = waveTimes(this.events, this.endT);
    this.momentTimes = momentTimes(this.events, this.endT);
    this.platformStepTimes();
  }

  /**
   * Play the scenario, recording the history before t = 0 too: the page must show the pods that were running
   * before the sync started, such as the old version a failed PreSync hook leaves in place (argocd-semantics
   * §2.18).
   */
  private simulate(scenario: Scenario, fail: string[]): PlayResult {
    return playScenario(scenario, {
      edited: this.manifests !== undefined ? this.edited : undefined,
      waveDelaySeconds: this.waveDelay,
      fail,
      seed: this.seed,
      recordHistory: true,
    });
  }

  /** Tiers named in the manifests of every revision, the synced (or edited) one last so that it wins. */
  private tierHints(): Map<string, string> {
    const revisions = this.scenario?.revisions.map((revision) => revision.objects) ?? [];
    if (this.manifests !== undefined && this.edited) revisions.splice(-1, 1, this.edited);
    return tierHintsOf(revisions.flat().map((parsed) => parsed.object));
  }

  /** The reader, which must be there (a scenario given as text, in tests). */
  private requireReader(): Reader {
    if (!this.yaml)
      throw new Error('no YAML reader: pass one in SessionOptions.reader or call loadYamlReader()');
    return this.yaml;
  }

  /** Load the YAML reader (the editor calls this when it opens, before anyone types). */
  async loadYamlReader(): Promise<Reader> {
    this.yaml ??= await loadReader();
    this.readerReady = true;
    return this.yaml;
  }

  /** Parse an edited text with the reader; an InputError is returned, not thrown. */
  private parseEdited(text: string): ParsedObject[] | InputError {
    try {
      return this.requireReader().parseManifests(text, `${this.scenario?.id ?? 'manifests'} (edited)`);
    } catch (error) {
      if (isInputError(error)) return error;
      throw error;
    }
  }

  private clamp(t: number): number {
    return Math.min(Math.max(0, Number.isFinite(t) ? t : 0), this.endT);
  }

  // ---- Added for the manifest editor (src/ui/manifests) ----

  /**
   * The order table's plan: what a dry run of `text` (the synced revision's manifests, as edited) would do, or
   * the InputError that stops it. Nothing runs; components ask here so that only the session calls the
   * scenario and engine code (style.md rule 12).
   */
  planManifests(text: string): ManifestPlan | undefined {
    const scenario = this.scenario;
    if (!scenario) return undefined;
    const own = scenario.revisions[scenario.revisions.length - 1];
    if (text === own.manifests) return planManifests(own.objects, scenario);
    if (!this.readerReady || !this.yaml) {
      void this.loadYamlReader();
      return undefined;
    }
    return planManifests(this.parseEdited(text), scenario);
  }

  // ---- platformpage: several Applications (issue 7, contract.md §1.4) ----

  /** The Application whose own view is open, in a run of several (URL `app=NAME`); undefined: all of them. */
  selectedApp = $state.raw<string | undefined>(undefined);
  /** Every Application's events: what the Applications' lanes and tree draw. */
  readonly allEvents: SimEvent[] = $derived(this.result?.events ?? []);
  /** Whether the run has several Applications, so the page shows them all; a single-app run looks as before. */
  readonly platform: boolean = $derived(isPlatform(this.allEvents));
  readonly platformWaiting = $derived(
    this.platform ? explainPlatform(this.allEvents, this.t, this.endT) : undefined,
  );
  /** The open Application, when it is one of the run's; undefined while all of them are shown. */
  readonly openedApp: string | undefined = $derived(
    this.platform && this.selectedApp && appNamesOf(this.allEvents).includes(this.selectedApp)
      ? this.selectedApp
      : undefined,
  );
  /** All Applications on screen: the lanes, the tree and the platform's "why is it waiting?". */
  readonly platformOverview: boolean = $derived(this.platform && this.openedApp === undefined);
  readonly appTree = $derived(this.platform ? appTreeAt(this.allEvents, this.t) : []);

  /** The Application the single-app parts of the page show (a method: `events` is declared above it). */
  private viewedApp(): string | undefined {
    return this.selectedApp;
  }

  /** Open one Application's own view (its resource timeline, stack and result table), or all of them. */
  openApp(name: string | undefined): void {
    if (name === this.selectedApp) return;
    this.selectedApp = name;
    this.eventTimes = eventTimes(this.events, this.endT);
    this.waveTimes = waveTimes(this.events, this.endT);
    this.momentTimes = momentTimes(this.events, this.endT);
    this.platformStepTimes();
  }

  /** With all Applications on screen, stepping goes through every Application's events, not the parent's only. */
  private platformStepTimes(): void {
    if (!this.platform || this.selectedApp !== undefined) return;
    this.eventTimes = eventTimes(this.allEvents, this.endT);
    this.momentTimes = momentTimes(this.allEvents, this.endT);
  }
}

function tailed(endT: number): number {
  return Math.ceil((endT + Math.max(2, endT * 0.05)) * 10) / 10;
}

/** The title of a scenario file without parsing all of it, for the picker. */
function titleOf(text: string): string | undefined {
  return /^title:\s*(.+)$/m
    .exec(text)?.[1]
    ?.trim()
    .replace(/^(['"])(.*)\1$/, '$2');
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
