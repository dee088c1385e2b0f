import type { InputError } from '../../engine';
import type { Scenario } from '../../scenarios/scenario';
import type { SimulationSession } from '../page/session.svelte';
import { currentStep } from './currentStep';
import type { EditorError } from '../../browser/createEditor';
import {
  fingerprint,
  loadEdit,
  loadLinkRun,
  markLinkRun,
  saveEdit,
  type EditStorage,
  type SavedEdit,
} from '../../browser/editStore';
import type { ManifestPlan } from './planManifests';
import { planRows, stepSummary } from './planRows';
import { warningPositions } from './warningPositions';

/** Wall-clock pause after the last keystroke before the simulation re-runs (UI only, not the engine's time). */
export const RERUN_DELAY_MS = 400;

type GoodPlan = Extract<ManifestPlan, { ok: true }>;

export interface EditingOptions {
  session: SimulationSession;
  storage: EditStorage | undefined;
  /** The wall-clock timer; tests pass their own. */
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/**
 * The manifest panel's state: the text being edited, its plan (re-planned on every keystroke), the re-run of
 * the simulation after a short pause, and the copy kept in storage so that edits survive a reload.
 */
export class ManifestEditing {
  /** What the user typed and the session has not run yet. */
  draft = $state<string | undefined>(undefined);
  /** Set when the edits on screen came back from storage; `changed` when the scenario changed since. */
  restored = $state<{ changed: boolean; unfinished?: boolean } | undefined>(undefined);
  /**
   * Set when the browser's storage refused the last save (full, or refused outright): the edits are then kept
   * in this page's memory only, and the panel says they will be lost when the page is closed.
   */
  unsaved = $state(false);

  readonly original: string = $derived.by(() => ownText(this.session.scenario));
  readonly text: string = $derived.by(() => this.draft ?? this.session.manifests ?? this.original);
  readonly edited: boolean = $derived(this.text !== this.original);
  readonly outcome: ManifestPlan | undefined = $derived.by(() => this.session.planManifests(this.text));
  /** The plan to show: the current text's, or the last good one while the text does not parse. */
  readonly shown: { plan: GoodPlan | undefined; stale: boolean } = $derived.by(() => this.pickPlan());
  readonly rows = $derived(this.shown.plan ? planRows(this.shown.plan.plan, this.shown.plan.generated) : []);
  readonly summary = $derived(this.shown.plan ? stepSummary(this.shown.plan.plan) : '');
  readonly notes: string[] = $derived(notesOf(this.shown.plan));
  /**
   * What to mark in the editor: what reading the text refuses, or else what the run of this very text was refused
   * for (a run limit such as 100,000 replicas), whose position is in the edited text as well.
   */
  readonly error: EditorError | undefined = $derived.by(() => {
    const refused = this.outcome && !this.outcome.ok ? this.outcome.error : this.runError();
    return refused ? { line: refused.line, column: refused.column, message: refused.detail } : undefined;
  });
  /**
   * What to mark as a warning in the editor: what the reader tolerates in this very text but says (a field the
   * API server will refuse at sync, a duplicate key), each at its place. The scenario's own text is read as part
   * of its file, whose lines are not the editor's: its warnings stay in the notes.
   */
  readonly warnings: EditorError[] = $derived.by(() =>
    this.outcome?.ok ? warningPositions(this.outcome.yamlWarnings, this.session.editedFile) : [],
  );
  /** The step to highlight: only while the run on screen is the run of this text. */
  readonly current = $derived.by(() =>
    !this.shown.stale && this.draft === undefined && !this.session.error
      ? currentStep(this.session.events, this.session.t)
      : undefined,
  );

  private readonly session: SimulationSession;
  private readonly storage: EditStorage | undefined;
  private readonly setTimer: (callback: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private timer: unknown;
  private lastGood: { scenario: Scenario; plan: GoodPlan } | undefined;
  /** The scenario whose text is shown, and those whose restored edits were already announced. */
  private showing: Scenario | undefined;
  private readonly announced: string[] = [];
  /** Edits the storage refused, by scenario id, so switching scenarios and back does not lose them. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- only methods read it; `unsaved` is what the page shows
  private readonly inMemory = new Map<string, SavedEdit | undefined>();

  constructor(options: EditingOptions) {
    this.session = options.session;
    this.storage = options.storage;
    this.setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
    this.clearTimer =
      options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  /** The session's InputError when it is about the edited text on screen (no keystrokes since its run), or undefined. */
  private runError(): InputError | undefined {
    const error = this.session.error;
    if (!error || this.draft !== undefined) return undefined;
    return error.file === this.session.editedFile ? error : undefined;
  }

  /**
   * A scenario was loaded (a new one, or the same again): show its own text, or the edits saved for it. With
   * `ignoreSaved` (the page was opened from a link) the saved edits stay in storage but are not applied: a link
   * shows exactly what it says, and re-running with edits from this browser would change, even cut, its `t`.
   */
  restore(scenario: Scenario | undefined, options: { ignoreSaved?: boolean } = {}): void {
    // Keystrokes still waiting for their re-run belong to the scenario shown until now: keep them.
    // An unfinished edit not yet run again stays saved as it was (`running`).
    if (this.draft !== undefined && this.showing && !this.restored?.unfinished)
      this.save(this.showing, this.draft);
    this.cancel();
    this.draft = undefined;
    this.restored = undefined;
    this.showing = scenario;
    if (!scenario || options.ignoreSaved) return;
    const saved = this.inMemory.has(scenario.id)
      ? this.inMemory.get(scenario.id)
      : loadEdit(this.storage, scenario.id);
    const own = ownText(scenario);
    // A link's edit whose run never ended here (it hung the tab, or was stopped at the run limit) is restored as
    // an unfinished typed edit is: shown, run only when asked (openEditedLink.ts marks it).
    const linkRun = loadLinkRun(this.storage, scenario.id);
    if (linkRun !== undefined && linkRun !== own) {
      this.draft = linkRun;
      this.restored = { changed: false, unfinished: true };
      this.announced.push(scenario.id);
      return;
    }
    if (!saved || saved.text === own) return;
    if (saved.state === 'running') {
      // The last run of this edit never finished (the page hung or crashed): show it, run it only when asked.
      this.draft = saved.text;
      this.restored = { changed: saved.base !== fingerprint(own), unfinished: true };
      this.announced.push(scenario.id);
      return;
    }
    // Say so once per visit; the same scenario loaded again (the play bar's reset) keeps its edits quietly.
    if (!this.announced.includes(scenario.id)) {
      this.restored = { changed: saved.base !== fingerprint(own) };
      this.announced.push(scenario.id);
    }
    this.session.setManifests(saved.text);
  }

  /** The user typed: the plan follows at once (it is derived), the run after a pause. */
  input(text: string): void {
    this.draft = text;
    this.restored = undefined;
    this.cancel();
    this.timer = this.setTimer(() => this.commit(), RERUN_DELAY_MS);
  }

  /**
   * Hand the typed text to the session (which re-runs) and save it for the next visit: `running` first, then
   * `finished` once the run has really ended (the first edit of a visit waits for the YAML reader, and every run
   * for the worker). A run stopped at the time limit stays `running`, so a reload asks before running it again;
   * a run superseded by a newer edit leaves the marker to that edit.
   */
  commit(): Promise<void> {
    this.cancel();
    // A restored unfinished edit runs only through runRestored (never on its own, e.g. when the page is left).
    if (this.restored?.unfinished) return Promise.resolve();
    const scenario = this.session.scenario;
    const typed = this.draft;
    if (!scenario || typed === undefined) return Promise.resolve();
    // Run, the edit becomes this browser's own: a link's unfinished mark has done its part.
    markLinkRun(this.storage, scenario.id, undefined);
    this.save(scenario, typed, 'running');
    const running = this.session.setManifests(typed === ownText(scenario) ? undefined : typed);
    if (this.draft === typed) this.draft = undefined;
    return running.then((end) => {
      if (end !== 'stopped' && end !== 'superseded' && this.savedText(scenario) === typed)
        this.save(scenario, typed, 'finished');
    });
  }

  /** The user asked to run a restored edit whose last run did not finish. */
  runRestored(): Promise<void> {
    this.restored = undefined;
    return this.commit();
  }

  /** Back to the scenario's own text, here and in storage. */
  reset(): void {
    this.cancel();
    this.draft = undefined;
    this.restored = undefined;
    if (this.session.scenario) {
      this.store(this.session.scenario.id, undefined);
      markLinkRun(this.storage, this.session.scenario.id, undefined);
    }
    this.session.setManifests(undefined);
  }

  cancel(): void {
    if (this.timer !== undefined) this.clearTimer(this.timer);
    this.timer = undefined;
  }

  private save(scenario: Scenario, typed: string, state: SavedEdit['state'] = 'finished'): void {
    const own = ownText(scenario);
    this.store(scenario.id, typed === own ? undefined : { text: typed, base: fingerprint(own), state });
  }

  /** The text saved for a scenario (its own text when nothing is saved). */
  private savedText(scenario: Scenario): string {
    const saved = this.inMemory.has(scenario.id)
      ? this.inMemory.get(scenario.id)
      : loadEdit(this.storage, scenario.id);
    return saved?.text ?? ownText(scenario);
  }

  /** Save to storage; if it refuses (QuotaExceededError), keep the edit in memory and say so. */
  private store(id: string, edit: SavedEdit | undefined): void {
    // Without any storage (some file:// pages, locked-down browsers) edits were never going to survive a reload.
    if (!this.storage) return;
    if (saveEdit(this.storage, id, edit)) {
      this.inMemory.delete(id);
      this.unsaved = [...this.inMemory.values()].some((e) => e !== undefined);
    } else {
      this.inMemory.set(id, edit);
      this.unsaved = edit !== undefined || [...this.inMemory.values()].some((e) => e !== undefined);
    }
  }

  private pickPlan(): { plan: GoodPlan | undefined; stale: boolean } {
    const scenario = this.session.scenario;
    const outcome = this.outcome;
    if (outcome?.ok && scenario) this.lastGood = { scenario, plan: outcome };
    const plan = this.lastGood?.scenario === scenario ? this.lastGood?.plan : undefined;
    return { plan, stale: outcome !== undefined && !outcome.ok };
  }
}

/** The synced revision's manifests as the scenario file has them. */
function ownText(scenario: Scenario | undefined): string {
  return scenario?.revisions.at(-1)?.manifests ?? '';
}

function notesOf(plan: GoodPlan | undefined): string[] {
  if (!plan) return [];
  return [
    ...plan.yamlWarnings,
    ...plan.plan.invalidReasons.map((reason) => `Invalid task: ${reason}`),
    ...plan.plan.warnings,
    ...plan.plan.problems.map((problem) => problem.message),
  ];
}
