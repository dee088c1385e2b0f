import { isInputError, runDefaults, type InputError, type SimEvent } from '../../engine';
import type { ParsedObject } from '../../scenarios/manifests';
import { loadScenario, scenarioFiles } from '../../scenarios/registry';
import type { Scenario } from '../../scenarios/scenario';
import { frameAt } from '../../cursor/frameAt';
import { lanesOf } from '../../cursor/lanesOf';
import { stepFrom } from '../../cursor/stepTargets';
import { StepTimes } from '../../cursor/stepTimes';
import { openEditedLink } from '../../browser/openEditedLink';
import { YamlReader } from './yamlReader.svelte';
import { PlanLoader } from './planLoader.svelte';
import { knobNote, type Knob } from './knobNote';
import { StackState } from '../stack/stackState.svelte';
import { withBeatTimes } from '../../cursor/beatTimes';
import type { Speed } from '../../links/urlState';
// Added for several Applications (src/ui/platform).
import { PlatformView } from '../platform/platformView.svelte';
import { StatusSubject } from '../platform/statusSubject.svelte';
import { viewedLog } from '../platform/viewedLog';
// Added for the manifest editor (src/ui/manifests): the order table's plan of an edited text.
import type { ManifestPlan } from '../manifests/planManifests';
import { editedPlan } from './editedPlan.svelte';
import type { PageRun } from '../../scenarios/pageRun';
import { defaultSettings, pageRunOptions, type PageSettings } from '../../scenarios/pageSettings';
// Added for self-study: explanations computed from the run, the CLI's operation view, predict mode.
import { RunExplanations } from '../explain/runExplanations.svelte';
import { PredictMode } from '../predict/predictMode.svelte';
import { RevealedEvents } from '../predict/revealedEvents.svelte';
import { PresenterState } from '../presenter/presenterState.svelte';
import { RunRequests } from './runRequests.svelte';
import { InterventionRuns } from './interventionRuns.svelte';
import { PunchlineMark } from '../story/punchlineMark.svelte';
import { Callouts } from '../status/callouts.svelte';
import { WaitingState } from '../waiting/waitingState.svelte';
import { PlayLoop } from '../../browser/playLoop';
import { sameSettings, tailed } from './sessionSettings';
import {
  awaitsItsChunk,
  catalogOf,
  isAmongFiles,
  openingSettings,
  ChunkOpening,
  type OpeningSettings,
} from './scenarioOpening';
import type { LoadOptions, RunEnd, ScenarioFile, SessionOptions } from './sessionOptions';

export type { LoadOptions, RunEnd, ScenarioFile, SessionOptions } from './sessionOptions';

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
  waveDelay = $state.raw<number>(runDefaults.waveDelaySeconds);
  seed = $state.raw<number>(runDefaults.seed);
  /** The controller's sync timeout over the scenario's own, when a comparison's run sets it (`syncTimeout=`). */
  syncTimeout = $state.raw<number | undefined>(undefined);
  /** Ids of the scenario's failure toggles that are on. */
  toggles = $state.raw<string[]>([]);
  /** The edited text of the synced revision, when the editor changed it. */
  manifests = $state.raw<string | undefined>(undefined);
  /** A problem with the input (a scenario or the edited manifests), shown to the user. */
  error = $state.raw<InputError | undefined>(undefined);
  /** A run that stopped on an unexpected exception (a bug in the sandbox), shown while the last good run stays. */
  failure = $state.raw<string | undefined>(undefined);
  /** A shipped scenario whose chunk is on its way (`opening.current`): a key pressed meanwhile waits for it. */
  readonly opening = new ChunkOpening();

  // The parts of the page's state that live apart, each a rune class of its own, public so components read them
  // directly (`session.apps.platform`, `session.explain.summaryText`), not through forwarding getters. They are
  // declared before the derived values below, which read some of them.
  /** Where runs go (the worker, or in this thread), which answer is the newest, and `simulating` (state/runRequests). */
  readonly runs: RunRequests;
  /** The YAML reader, loaded late (`yaml.ready`: plans of edited text can be made synchronously). */
  readonly yaml: YamlReader;
  /** The order table's planner, loaded when the table first asks (planLoader.svelte.ts). */
  readonly planner: PlanLoader;
  /** Presenter mode (`present=1`): `presenter.on`, `presenter.set(on)` (src/ui/presenter/presenterState.svelte.ts). */
  readonly presenter = new PresenterState();
  /** Explanations computed from the run: facts, summary, story beats, the operation view (src/ui/explain). */
  readonly explain = new RunExplanations(this);
  /** Several Applications (contract.md §1.4): which is open, every Application's events, the tree (src/ui/platform). */
  readonly apps = new PlatformView(this);
  /** In predict mode, the events up to the cursor only: the timeline and lanes never draw the future. */
  readonly revealed = new RevealedEvents(this);
  /** Commands typed in the terminal at a virtual second, and the re-runs they cause (URL `do=`). */
  readonly interventions = new InterventionRuns(this);
  /** Predict, then watch (src/ui/predict). */
  readonly predict = new PredictMode(this);
  /** Which Application the status cards describe and what they say of it (platform/statusSubject.svelte.ts). */
  readonly statusSubject = new StatusSubject(this);
  /** The scenario's punchline: its moment in this run, the jump there and its caption (src/ui/story). */
  readonly punchline = new PunchlineMark(this);
  /** The call-out at the cursor and every call-out of the run (status/callouts.svelte.ts). */
  readonly callouts = new Callouts(this);
  /** "Why is it waiting?" at the cursor (waiting/waitingState.svelte.ts). */
  readonly waiting = new WaitingState(this);
  /** The objects of the edited manifests, once parsed. */
  private edited = $state.raw<ParsedObject[] | undefined>(undefined);

  /** The whole log, with the history before the sync at negative t (the cluster the sync starts from). */
  readonly events: SimEvent[] = $derived(viewedLog(this.result?.events ?? [], this.apps.selected));
  /** The sync itself, t ≥ 0: what the timeline draws. */
  readonly syncEvents: SimEvent[] = $derived(this.events.filter((e) => e.t >= 0));
  /**
   * The end of the axis: the end of the run plus a short tail (2 s, or 5 % of a long run), so the final
   * state, often reached in the run's last instant, stays on screen and shows in the lanes.
   */
  readonly endT: number = $derived(this.result ? tailed(this.result.endT) : 0);
  readonly frame = $derived(frameAt(this.events, this.t));
  readonly lanes = $derived(lanesOf(this.events, this.endT));
  /** The stack view: its columns, what they hold at the cursor, what a visitor sees (stack/stackState.svelte.ts). */
  readonly stackState = new StackState(this);

  private readonly files: readonly ScenarioFile[];
  private readonly loop: PlayLoop;
  private readonly stepTimes = new StepTimes();

  constructor(options: SessionOptions = {}) {
    this.files = options.files ?? scenarioFiles;
    this.yaml = new YamlReader(options.reader);
    this.planner = new PlanLoader(options.planner);
    this.loop = new PlayLoop(this, options.requestFrame, options.cancelFrame);
    this.runs = new RunRequests(options, {
      apply: (run) => this.apply(run),
      inputError: (error) => (this.error = error),
      failure: (message) => (this.failure = message),
    });
    this.catalog = catalogOf(options.files);
  }

  /** Open a scenario with its own settings, or the ones given (from a link). Unknown ids are an error. */
  load(id: string, options: LoadOptions = {}): Promise<RunEnd> {
    this.pause();
    const file = this.files.find((f) => f.id === id);
    if (!file && awaitsItsChunk(this.files, id)) return this.opening.after(id, () => this.load(id, options));
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
    this.open(openingSettings(this.scenario, options));
    const wanted = options.t ?? 0;
    if (file.defaultRun && sameSettings(this.settings(), defaultSettings(this.scenario))) {
      // The build played this run already: show it at once, and drop any run still under way.
      this.runs.drop();
      this.apply(file.defaultRun);
      this.t = this.clamp(wanted);
      // Every run takes interventions and is played again at the first one: warm the worker for it meanwhile.
      this.runs.warmWhenIdle(this.scenario, pageRunOptions(this.scenario, this.settings()));
      return Promise.resolve('finished');
    }
    // Until the run is there, show nothing rather than another scenario's run.
    this.result = undefined;
    this.refreshTimes();
    this.t = 0;
    return this.run(() => (this.t = this.clamp(wanted)));
  }

  /**
   * Open a scenario made in the page, not one of the files (your own app, src/ui/ownApp): its own settings, run
   * in the worker, the cursor at `t` once the run is there.
   */
  openScenario(scenario: Scenario, t = 0): Promise<RunEnd> {
    this.pause();
    this.scenario = scenario;
    this.open(openingSettings(scenario));
    this.error = undefined;
    this.result = undefined;
    this.refreshTimes();
    this.t = 0;
    return this.run(() => (this.t = this.clamp(t)));
  }

  /** Take the opened scenario's settings, its own manifests (no edit) and the Application a link names. */
  private open(settings: OpeningSettings): void {
    this.waveDelay = settings.waveDelay;
    this.seed = settings.seed;
    this.syncTimeout = settings.syncTimeout;
    this.toggles = settings.toggles;
    this.interventions.list = settings.interventions;
    this.manifests = undefined;
    this.edited = undefined;
    this.apps.selected = settings.app;
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
    this.loop.start();
  }

  pause(): void {
    this.playing = false;
    this.loop.stop();
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
    this.t = stepFrom(withBeatTimes(this.stepTimes.moments, this.explain.beatTimes), this.t, direction);
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
      return this.yaml.load().then(() => this.setManifests(text));
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

  /** Back to the scenario's own settings, at the start. */
  reset(): void {
    if (!this.scenario) return;
    // A scenario made in the page (your own app) is not among the files: it is opened again as it is.
    if (isAmongFiles(this.files, this.scenario.id)) void this.load(this.scenario.id);
    else void this.openScenario(this.scenario);
  }

  /** Run again with the current settings; the cursor stays where it is (clamped to the new run's end). */
  rerun(): Promise<RunEnd> {
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

  /** Recompute the cursor's stops (an Application opened or closed changes them; PlatformHost). */
  appChanged(): void {
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
    return withBeatTimes(this.stepTimes.moments, this.explain.beatTimes);
  }

  private settings(): PageSettings {
    return {
      waveDelay: this.waveDelay,
      seed: this.seed,
      ...(this.syncTimeout !== undefined ? { syncTimeout: this.syncTimeout } : {}),
      toggles: this.toggles,
      edited: this.manifests !== undefined ? this.edited : undefined,
      ...(this.interventions.list.length > 0 ? { interventions: this.interventions.list } : {}),
    };
  }

  /** The synced revision's objects as the editor changed them, undefined when it did not (the stack reads them). */
  get editedObjects(): ParsedObject[] | undefined {
    return this.manifests !== undefined ? this.edited : undefined;
  }

  /** The file name the edited manifests are read under, so errors name it (and the editor knows they are its). */
  get editedFile(): string {
    return `${this.scenario?.id ?? 'manifests'} (edited)`;
  }

  /** Parse an edited text with the reader; an InputError is returned, not thrown. */
  private parseEdited(text: string): ParsedObject[] | InputError {
    return this.yaml.parseEdited(text, this.editedFile);
  }

  private clamp(t: number): number {
    return Math.min(Math.max(0, Number.isFinite(t) ? t : 0), this.endT);
  }

  // ---- Added for the manifest editor (src/ui/manifests) ----

  /** The order table's plan of `text`, the synced revision's manifests as edited (state/editedPlan.ts). */
  planManifests(text: string): ManifestPlan | undefined {
    return this.scenario && editedPlan(this.scenario, text, this.yaml, this.planner, this.editedFile);
  }

  // ---- timeline: opening a link that carries edited manifests (src/browser/openEditedLink.ts) ----

  /**
   * Open scenario `id` as a link says, with its edited manifests (`text`) run at once and its `t` set only
   * after that run, so the edited run is never cut.
   */
  async loadEdited(id: string, options: LoadOptions, text: string): Promise<void> {
    if (this.files === scenarioFiles) await loadScenario(id).catch(() => undefined);
    await openEditedLink(this, id, options, text);
  }
}
