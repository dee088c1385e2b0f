import { isInputError, type InputError, type SimEvent } from '../engine';
import type { ParsedObject } from '../scenarios/manifests';
import type { Reader } from '../scenarios/reader';
import { loadScenario, scenarioCatalog, scenarioFiles } from '../scenarios/registry';
import type { Scenario } from '../scenarios/scenario';
import { calloutFor, type Callout } from './state/calloutFor';
import { calloutsOf } from './state/calloutCanAppear';
import { explainWaiting, syncFailHooksOf } from './state/explainWaiting';
import { frameAt } from './state/frameAt';
import { lanesOf } from './state/lanesOf';
import { stackAt } from './state/stackAt';
import { stackLayout } from './state/stackLayout';
import { stepFrom } from './state/stepTargets';
import { StepTimes } from './state/stepTimes';
import { openEditedLink } from './state/openEditedLink';
import { YamlReader } from './state/yamlReader.svelte';
import { knobNote, type Knob } from './state/knobNote';
import { tierHintsOf } from './state/tierHintsOf';
import { withBeatTimes } from './story/beatTimes';
import type { Speed } from './state/urlState';
// Added for several Applications (src/ui/platform).
import { PlatformView } from './platform/platformView.svelte';
import type { AppHistory } from './platform/appHistory';
import { StatusSubject } from './platform/statusSubject.svelte';
import { viewedLog } from './platform/viewedLog';
// Added for the manifest editor (src/ui/manifests): the order table's plan of an edited text.
import { planManifests, type ManifestPlan } from './manifests/planManifests';
import type { PageRun } from './worker/pageRun';
import { defaultSettings, pageRunOptions, type PageSettings } from './worker/pageSettings';
// Added for self-study: explanations computed from the run, the CLI's operation view, predict mode.
import { RunExplanations } from './explain/runExplanations.svelte';
import type { RunFacts } from './explain/runFacts';
import { PredictMode } from './predict/predictMode.svelte';
import { RevealedEvents } from './predict/revealedEvents.svelte';
import type { OperationAt, OperationClock } from './result/operationAt';
import type { HistoryRow } from './history/historyOf';
import { PresenterState } from './presenter/presenterState.svelte';
import { RunRequests } from './state/runRequests.svelte';
import type { PageIntervention } from './state/interventionLink';
import type { LoadOptions, RunEnd, ScenarioFile, SessionOptions } from './state/sessionOptions';

export type { LoadOptions, RunEnd, ScenarioFile, SessionOptions } from './state/sessionOptions';

/** The longest real-time gap one animation frame may advance, so a tab switch does not leap. */
const MAX_FRAME_SECONDS = 0.25;

/**
 * The page's state, and the only module that calls the scenario and engine code (style.md rule 12).
 *
 * The engine is deterministic, so a (re-)run plays the whole scenario at once and keeps the complete event
 * log. Playing, stepping and scrubbing then only move the cursor `t` over that log, and everything on screen is
 * derived from (events, t): step and scrub land on exactly the state playing reaches. A scenario's default run
 * comes precomputed with it; every other run (a toggle, the wave delay, a seed, an edit) goes to a Web Worker,
 * so the page stays responsive, and the last good run stays on screen until the new one is there.
 */
export class SimulationSession {
  readonly catalog: { id: string; title: string }[];
  scenario = $state.raw<Scenario | undefined>(undefined);
  result = $state.raw<PageRun | undefined>(undefined);
  /** The cursor, in virtual seconds since the operation started. */
  t = $state.raw(0);
  playing = $state.raw(false);
  speed = $state.raw<Speed>(1);
  /** ARGOCD_SYNC_WAVE_DELAY of the run, in seconds. */
  waveDelay = $state.raw(2);
  seed = $state.raw(1);
  /** Ids of the scenario's failure toggles that are on. */
  toggles = $state.raw<string[]>([]);
  /** Interventions typed in the terminal, in the order typed (URL `do=`). */
  interventions = $state.raw<PageIntervention[]>([]);
  /** The edited text of the synced revision, when the editor changed it. */
  manifests = $state.raw<string | undefined>(undefined);
  /** A problem with the input (a scenario or the edited manifests), shown to the user. */
  error = $state.raw<InputError | undefined>(undefined);
  /** A run that stopped on an unexpected exception (a bug in the sandbox), shown while the last good run stays. */
  failure = $state.raw<string | undefined>(undefined);
  /** Set while a run is under way in the worker: the virtual second it reached (the "Simulating…" line). */
  get simulating(): { t: number } | undefined {
    return this.runs.simulating;
  }
  /** Whether the YAML reader is loaded, so plans of edited text can be made synchronously. */
  get readerReady(): boolean {
    return this.yaml.ready;
  }
  set readerReady(ready: boolean) {
    this.yaml.ready = ready;
  }
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
  readonly waiting = $derived(
    explainWaiting(this.frame, syncFailHooksOf(this.syncEvents), { previous: this.previousRan() }),
  );
  readonly callout = $derived(calloutFor(this.frame, { previous: this.previousRan() }));

  private readonly files: readonly ScenarioFile[];
  private readonly yaml: YamlReader;
  private readonly requestFrame: (callback: (now: number) => void) => number;
  private readonly cancelFrame: (handle: number) => void;
  private frameHandle: number | undefined;
  private lastNow: number | undefined;
  private readonly stepTimes = new StepTimes();
  /** Where runs go (the worker, or in this thread) and which answer is the newest (state/runRequests). */
  private readonly runs: RunRequests;

  constructor(options: SessionOptions = {}) {
    this.files = options.files ?? scenarioFiles;
    this.yaml = new YamlReader(options.reader);
    this.requestFrame = options.requestFrame ?? ((cb) => requestAnimationFrame(cb));
    this.cancelFrame = options.cancelFrame ?? ((handle) => cancelAnimationFrame(handle));
    this.runs = new RunRequests(options, {
      apply: (run) => this.apply(run),
      inputError: (error) => (this.error = error),
      failure: (message) => (this.failure = message),
    });
    this.catalog = options.files
      ? options.files.map((f) => ({ id: f.id, title: f.scenario?.title ?? titleOf(f.text ?? '') ?? f.id }))
      : scenarioCatalog;
  }

  /** Open a scenario with its own settings, or the ones given (from a link). Unknown ids are an error. */
  load(id: string, options: LoadOptions = {}): Promise<RunEnd> {
    this.pause();
    const file = this.files.find((f) => f.id === id);
    if (!file && this.files === scenarioFiles && scenarioCatalog.some((s) => s.id === id)) {
      // A shipped scenario not loaded yet: its data chunk loads, then the same call goes on.
      return loadScenario(id).then(() => this.load(id, options));
    }
    if (!file) {
      this.error = undefined;
      throw new Error(`no scenario "${id}"; known: ${this.files.map((f) => f.id).join(', ')}`);
    }
    try {
      this.scenario =
        file.scenario ??
        this.yaml.require().parseScenario(file.text ?? '', file.file ?? `scenarios/${id}.yaml`);
    } catch (error) {
      if (!isInputError(error)) throw error;
      this.error = error;
      this.scenario = undefined;
      this.result = undefined;
      return Promise.resolve('input-error');
    }
    // A platform scenario's switches include more than failures (the health check, progressive syncs, maxUpdate).
    const known = (this.scenario.platformToggles ?? this.scenario.toggles).map((toggle) => toggle.id);
    this.waveDelay = options.waveDelay ?? this.scenario.options.waveDelay;
    this.seed = options.seed ?? this.scenario.options.seed;
    this.toggles = (options.toggles ?? []).filter((toggle) => known.includes(toggle));
    // Every run is a run of the control plane, a single app's too: interventions apply to all.
    this.interventions = [...(options.interventions ?? [])];
    this.manifests = undefined;
    this.edited = undefined;
    this.selectedApp = options.app;
    const wanted = options.t ?? 0;
    if (file.defaultRun && sameSettings(this.settings(), defaultSettings(this.scenario))) {
      // The build played this run already: show it at once, and drop any run still under way.
      this.runs.drop();
      this.apply(file.defaultRun);
      this.t = this.clamp(wanted);
      return Promise.resolve('finished');
    }
    // Until the run is there, show nothing rather than another scenario's run.
    this.result = undefined;
    this.refreshTimes();
    this.t = 0;
    return this.run(() => (this.t = this.clamp(wanted)));
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
    this.t = stepFrom(this.stepTimes.events, this.t, direction);
  }

  /** Move to the start of the next (+1) or previous (-1) (phase, wave) step. */
  stepWave(direction: 1 | -1): void {
    this.pause();
    this.t = stepFrom(this.stepTimes.waves, this.t, direction);
  }

  /** Move to the next (+1) or previous (-1) meaningful moment (PageDown/PageUp, a clicker's keys). */
  stepMoment(direction: 1 | -1): void {
    this.pause();
    this.t = stepFrom(withBeatTimes(this.stepTimes.moments, this.beatTimes), this.t, direction);
  }

  seek(t: number): void {
    this.t = this.clamp(t);
  }

  setSpeed(speed: Speed): void {
    this.speed = speed;
    if (speed === 'max' && this.playing) this.play();
  }

  /** Change ARGOCD_SYNC_WAVE_DELAY and re-run; the cursor stays where it was. */
  setWaveDelay(seconds: number): Promise<RunEnd> {
    if (!Number.isFinite(seconds) || seconds < 0 || seconds === this.waveDelay)
      return Promise.resolve('finished');
    const knob: Knob = { kind: 'wave-delay', from: this.waveDelay, to: seconds };
    this.waveDelay = seconds;
    return this.rerunAfter(knob);
  }

  /**
   * When a knob's run did exactly what the run before it did, why (state/knobNote.ts); cleared by the
   * next run of any kind.
   */
  knobNote = $state.raw<string | undefined>(undefined);

  /** Re-run after a knob, and say why nothing changed when nothing did. */
  private rerunAfter(knob: Knob): Promise<RunEnd> {
    const before = this.result?.events;
    return this.rerun().then((end) => {
      if (end === 'finished' && this.result) this.knobNote = knobNote(knob, before, this.result.events);
      return end;
    });
  }

  /** Switch one of the scenario's failure toggles and re-run. */
  toggleFailure(id: string): Promise<RunEnd> {
    this.toggles = this.toggles.includes(id) ? this.toggles.filter((x) => x !== id) : [...this.toggles, id];
    const toggle = (this.scenario?.platformToggles ?? this.scenario?.toggles ?? []).find((x) => x.id === id);
    return this.rerunAfter({ kind: 'toggle', label: toggle?.label ?? id });
  }

  /** Run the edited manifests of the synced revision instead of the file's (undefined: the file's again). */
  setManifests(text: string | undefined): Promise<RunEnd> {
    if (text !== undefined && !this.yaml.loaded) {
      // The first edit loads the YAML reader; the run follows as soon as it is there (and the promise with it,
      // so the editor marks the edit finished only when its run has really ended).
      return this.loadYamlReader().then(() => this.setManifests(text));
    }
    this.manifests = text;
    if (text === undefined) {
      this.edited = undefined;
      return this.rerun();
    }
    const parsed = this.parseEdited(text);
    if (isInputError(parsed)) {
      // The last good run stays on screen while the error says what to fix.
      this.error = parsed;
      return Promise.resolve('input-error');
    }
    this.edited = parsed;
    return this.rerun();
  }

  /**
   * Run `command` at virtual second `at`: the run is played again with it as one more action, so the
   * run up to `at` is the same (the engine is deterministic) and goes on from the intervention. Resolves with
   * what the command printed in the new run, or undefined when it could not run (no run of several
   * Applications); a refused command is printed and not kept.
   */
  async intervene(
    command: string,
    at: number,
    namespace?: string,
  ): Promise<{ output: string; refused: boolean } | undefined> {
    if (!this.scenario) return undefined;
    const added: PageIntervention = { at, command, ...(namespace ? { namespace } : {}) };
    const before = this.interventions;
    this.interventions = [...before, added];
    await this.rerun();
    const printed = [...this.events]
      .reverse()
      .find((e) => e.type === 'intervention' && e.command === command && Math.abs(e.t - at) < 1e-6);
    if (!printed || printed.type !== 'intervention') return { output: '', refused: false };
    // A refused command changed nothing; it is not kept (nor put in the link).
    if (printed.refused) this.interventions = before;
    return { output: printed.output, refused: printed.refused === true };
  }

  /** Take back the last intervention and run again without it. Returns it, if there was one. */
  async undoIntervention(): Promise<PageIntervention | undefined> {
    const last = this.interventions.at(-1);
    if (!last) return undefined;
    this.interventions = this.interventions.slice(0, -1);
    await this.rerun();
    return last;
  }

  /** Back to the scenario's own settings, at the start. */
  reset(): void {
    if (!this.scenario) return;
    void this.load(this.scenario.id);
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

  /** Run again with the current settings; the cursor stays where it is (clamped to the new run's end). */
  private rerun(): Promise<RunEnd> {
    return this.run(() => (this.t = this.clamp(this.t)));
  }

  /** Run the scenario with the current settings (RunRequests); `then` runs when the new run is on screen. */
  private run(then: () => void): Promise<RunEnd> {
    const scenario = this.scenario;
    if (!scenario) return Promise.resolve('finished');
    return this.runs.request(scenario, pageRunOptions(scenario, this.settings()), then);
  }

  private apply(run: PageRun): void {
    this.result = run;
    this.knobNote = undefined;
    this.error = undefined;
    this.failure = undefined;
    this.refreshTimes();
  }

  private refreshTimes(): void {
    this.stepTimes.refresh(this.events, this.endT, this.apps.stepEvents());
    this.stopsVersion++;
  }

  /** Counts the refreshes of the step times, so `stops` (a plain field underneath) is read again after one. */
  private stopsVersion = $state.raw(0);
  /** Where PageDown and PageUp stop: the meaningful moments and the story beats (presenter's counter). */
  get stops(): number[] {
    void this.stopsVersion;
    return withBeatTimes(this.stepTimes.moments, this.beatTimes);
  }

  private settings(): PageSettings {
    return {
      waveDelay: this.waveDelay,
      seed: this.seed,
      toggles: this.toggles,
      edited: this.manifests !== undefined ? this.edited : undefined,
      ...(this.interventions.length > 0 ? { interventions: this.interventions } : {}),
    };
  }

  /** Tiers named in the manifests of every revision, the synced (or edited) one last so that it wins. */
  private tierHints(): Map<string, string> {
    const revisions = this.scenario?.revisions.map((revision) => revision.objects) ?? [];
    if (this.manifests !== undefined && this.edited) revisions.splice(-1, 1, this.edited);
    return tierHintsOf(revisions.flat().map((parsed) => parsed.object));
  }

  /** Load the YAML reader (the editor calls this when it opens, before anyone types). */
  loadYamlReader(): Promise<Reader> {
    return this.yaml.load();
  }

  /** The file name the edited manifests are read under, so errors name it (and the editor knows they are its). */
  get editedFile(): string {
    return `${this.scenario?.id ?? 'manifests'} (edited)`;
  }

  /** Parse an edited text with the reader; an InputError is returned, not thrown. */
  private parseEdited(text: string, warnings?: string[]): ParsedObject[] | InputError {
    return this.yaml.parseEdited(text, this.editedFile, warnings);
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
    if (text === own.manifests) return planManifests(own.objects, scenario, scenario.warnings);
    if (!this.readerReady || !this.yaml.loaded) {
      void this.loadYamlReader();
      return undefined;
    }
    // Duplicate keys are read as Argo CD reads them (the last value wins), and the order table says so.
    const warnings: string[] = [];
    return planManifests(this.parseEdited(text, warnings), scenario, warnings);
  }

  // ---- presenter: presenter mode (src/ui/presenter/presenterState.svelte.ts) ----

  private readonly presenter = new PresenterState();
  /** Presenter mode (`present=1`): the timeline, the status and the story beat large; the rest hidden. */
  get presenting(): boolean {
    return this.presenter.on;
  }
  set presenting(on: boolean) {
    this.presenter.set(on);
  }

  setPresenting(on: boolean): void {
    this.presenter.set(on);
  }

  // ---- explanations computed from the run (src/ui/explain/runExplanations.svelte.ts), predict mode ----

  private readonly explain = new RunExplanations(this);
  /** What the run did, read from its events (what failed, where, what was applied, how it ended). */
  get runFacts(): RunFacts {
    return this.explain.runFacts;
  }
  /** Whether an earlier sync left the app running before t 0 (read through runFacts' cache, once per log). */
  private previousRan(): boolean {
    return this.explain.previousRan();
  }
  /** Whether this run is the scenario's own, so the scenario's hand-written summary and story describe it. */
  get ownRun(): boolean {
    return this.explain.ownRun;
  }
  /** The paragraph under the title: the scenario's for its own run, else computed from this run. */
  get summaryText(): string {
    return this.explain.summaryText;
  }
  /** The story beats: the scenario's for its own run, else told from this run's events. */
  get storyBeats(): RunExplanations['storyBeats'] {
    return this.explain.storyBeats;
  }
  /** When each story beat begins in this run (undefined: its event does not happen in it). */
  get beatTimes(): (number | undefined)[] {
    return this.explain.beatTimes;
  }
  /** The revision synced, as the UI shows it: the scenario's name for it and the short SHA. */
  get revision(): string {
    return this.explain.revision;
  }
  /** What `argocd app get --show-operation` prints at the cursor. */
  get operationView(): OperationAt {
    return this.explain.operationView;
  }
  /** When the operation at the cursor started and how long it has run, for the last-sync card (cheap per frame). */
  get operationClock(): OperationClock {
    return this.explain.operationClock;
  }
  /** Argo CD's History view at the cursor: `status.history` when the run has one, else the revisions synced. */
  get history(): HistoryRow[] {
    return this.explain.history;
  }
  /** Predict, then watch (src/ui/predict). */
  readonly predict = new PredictMode(this);
  private readonly revealed = new RevealedEvents(this);
  /** In predict mode, the events up to the cursor only: the timeline and lanes never draw the future. */
  get revealedEvents(): SimEvent[] {
    return this.revealed.events;
  }

  // ---- timeline: opening a link that carries edited manifests (src/ui/state/openEditedLink.ts) ----

  /**
   * Open scenario `id` as a link says, with its edited manifests (`text`) run at once and its `t` set only
   * after that run, so the edited run is never cut.
   */
  async loadEdited(id: string, options: LoadOptions, text: string): Promise<void> {
    if (this.files === scenarioFiles) await loadScenario(id).catch(() => undefined);
    await openEditedLink(this, id, options, text);
  }

  // ---- several Applications (contract.md §1.4; src/ui/platform/platformView.svelte.ts) ----

  private readonly apps = new PlatformView(this);
  /** The Application whose own view is open, in a run of several (URL `app=NAME`); undefined: all of them. */
  get selectedApp(): string | undefined {
    return this.apps.selected;
  }
  set selectedApp(name: string | undefined) {
    this.apps.selected = name;
  }
  /** Every Application's events: what the Applications' lanes and tree draw. */
  get allEvents(): SimEvent[] {
    return this.apps.allEvents;
  }
  /** Whether the run has several Applications, so the page shows them all; a single-app run looks as before. */
  get platform(): boolean {
    return this.apps.platform;
  }
  get platformWaiting(): PlatformView['waiting'] {
    return this.apps.waiting;
  }
  /** The open Application, when it is one of the run's; undefined while all of them are shown. */
  get openedApp(): string | undefined {
    return this.apps.openedApp;
  }
  /** All Applications on screen: the lanes, the tree and the platform's "why is it waiting?". */
  get platformOverview(): boolean {
    return this.apps.overview;
  }
  get appTree(): PlatformView['appTree'] {
    return this.apps.appTree;
  }

  /** Which Application the status cards describe and what they say of it (platform/statusSubject.svelte.ts). */
  readonly statusSubject = new StatusSubject(this);

  /** The Application the single-app parts of the page show (a method: `events` is declared above it). */
  private viewedApp(): string | undefined {
    return this.apps.selected;
  }

  /**
   * The browser's history for opening an Application (platform/appHistory.ts), so Back leaves a child app as
   * "← All Applications" does; unset in tests and the CLI, where opening only changes the view.
   */
  appHistory: AppHistory | undefined;

  /**
   * Open one Application's own view (its resource timeline, stack and result table), or all of them. Opening one
   * adds a history entry; `fromHistory` is set when the browser's Back or Forward is what opened it.
   */
  openApp(name: string | undefined, fromHistory = false): void {
    if (name === this.selectedApp) return;
    this.selectedApp = name;
    this.refreshTimes();
    if (!fromHistory && name !== undefined) this.appHistory?.opened(name);
  }

  /** Back from an Application's own view to all of them: through history when opening it added an entry. */
  leaveApp(): void {
    if (this.openedApp === undefined) return;
    if (this.appHistory?.back()) return;
    this.openApp(undefined);
  }

  // ---- frames: the call-outs this run shows, so their slot is reserved only then, as tall as they need ----
  readonly possibleCallouts: Callout[] = $derived(calloutsOf(this.events, { previous: this.previousRan() }));
  get calloutPossible(): boolean {
    return this.possibleCallouts.length > 0;
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

function sameSettings(a: PageSettings, b: PageSettings): boolean {
  return (
    a.waveDelay === b.waveDelay &&
    a.seed === b.seed &&
    a.edited === b.edited &&
    (a.interventions?.length ?? 0) === (b.interventions?.length ?? 0) &&
    a.toggles.length === b.toggles.length &&
    a.toggles.every((toggle) => b.toggles.includes(toggle))
  );
}
