import { browserStorage, type EditStorage } from '../../browser/editStore';
import type { RunEnd, SimulationSession } from '../page/session.svelte';
import type { ReadRequest } from './ownAppReading';
import { defaultScenarioId } from '../../scenarios/defaultScenario';
import { loadOwnApp, maxStoredChars, saveOwnAppText } from './ownAppStore';
import { droppedEntries, pickedEntries } from './readDropped';
import { readInWorker, type ReadEnd, type Reading } from './readInWorker';
import { thousands } from '../../text/thousands';

export { ownAppId } from './ownAppReading';

/** How a read ended for the page: it runs (true), it has a problem to show (false), or the user cancelled it. */
export type Outcome = boolean | 'cancelled';

/**
 * Your own app on the page: files dropped or picked, or a pasted `helm template`, `kustomize build` or
 * `argocd app manifests` output, read in a worker (ownAppWorker.ts: src/ownApp, the same reader as
 * `sim run --repo`) and run as a scenario. While it reads, the page stays responsive, says how far it is and can
 * cancel. Bad input leaves the run on screen as it was and says what to fix at file:line:column; what was read
 * without error is kept for a reload (ownAppStore.ts), and the page says when it is too big to keep.
 */
export class OwnApp {
  /** What to fix in the input last read, at file:line:column; undefined once a read succeeds. */
  problem = $state.raw<string | undefined>(undefined);
  /** Where the app on screen came from, and whether a reload brings it back. */
  note = $state.raw<string | undefined>(undefined);
  /** Set while files are read and parsed. */
  reading = $state.raw(false);
  /**
   * The command that renders the input last read, when it was a Helm chart or a Kustomize folder
   * (scenarios/renderFirst.ts): the dialog then puts the cursor in the paste box for its output.
   */
  renderCommand = $state.raw<string | undefined>(undefined);
  /** How far the read under way is ("3 of 4 files read"), once the worker says. */
  progress = $state.raw<string | undefined>(undefined);
  private current: Reading | undefined;

  constructor(
    private readonly session: SimulationSession,
    private readonly storage: EditStorage | undefined = browserStorage(),
    private readonly read: typeof readInWorker = readInWorker,
  ) {}

  /** Read a drop on the page (a folder, a .zip, YAML files). Resolves to whether it runs (Outcome). */
  async drop(data: DataTransfer): Promise<Outcome> {
    // The entries are taken now: a DataTransfer's items are gone once the drop event is over.
    const found = droppedEntries(data);
    this.reading = true;
    let entries;
    try {
      entries = await found;
    } catch (error) {
      this.reading = false;
      this.problem = error instanceof Error ? error.message : String(error);
      return false;
    }
    return this.open({ kind: 'files', ...entries });
  }

  /** Read what a file picker gave (files, or a folder's with `webkitdirectory`). */
  pick(files: readonly File[]): Promise<Outcome> {
    return this.open({ kind: 'files', ...pickedEntries(files) });
  }

  /** Read a pasted multi-document text (`helm template`, `kustomize build`, `argocd app manifests`). */
  paste(text: string): Promise<Outcome> {
    return this.open({ kind: 'texts', files: [{ path: 'pasted.yaml', text }], source: 'pasted' });
  }

  /** Stop the read under way: nothing changes on the page, and the run on screen stays. */
  cancel(): void {
    this.current?.cancel();
  }

  /**
   * On a reload of a link to your own app, open the kept one at `t`; undefined when none is kept here (the link
   * was opened in another browser, or the app was too big to keep).
   */
  restore(t = 0): Promise<RunEnd> | undefined {
    const kept = loadOwnApp(this.storage);
    if (!kept) return undefined;
    return this.readOnce({ kind: 'texts', ...kept }).then((end) => {
      if (end.kind !== 'done') {
        // The reader changed since it was kept and now refuses it: say so, and show the default scenario.
        if (end.kind === 'problem') this.problem = end.message;
        const fallback =
          this.session.catalog.find((s) => s.id === defaultScenarioId) ?? this.session.catalog[0];
        return fallback ? this.session.load(fallback.id) : 'input-error';
      }
      this.note = `${describe(end.source, end.fileCount)}, kept in this browser.`;
      return this.session.openScenario(end.scenario, t);
    });
  }

  private async open(request: ReadRequest): Promise<Outcome> {
    const end = await this.readOnce(request);
    if (end.kind === 'cancelled') return 'cancelled';
    if (end.kind === 'problem') {
      // The run on screen, and the app kept for a reload, stay the last good ones.
      this.problem = end.message;
      this.renderCommand = end.renderCommand;
      return false;
    }
    this.problem = undefined;
    this.renderCommand = undefined;
    // Kept and opened in a task of its own, after the page has drawn the end of the read: opening a big app (its
    // text in the editor, its run) is the page's own work, and is measured apart from the read (ownAppCases.mjs).
    await new Promise((resolve) => setTimeout(resolve, 0));
    const kept = saveOwnAppText(this.storage, end.stored);
    const what = describe(end.source, end.fileCount);
    this.note =
      kept === 'kept'
        ? `${what}, kept in this browser for a reload.`
        : kept === 'too-big'
          ? `${what}. It is too big to keep for a reload (${thousands(end.chars)} characters; ` +
            `this browser keeps up to ${thousands(maxStoredChars)}): a reload shows the default scenario.`
          : `${what}. This browser refused to keep it (storage is off or full): a reload loses it.`;
    void this.session.openScenario(end.scenario);
    return true;
  }

  /** One read in the worker; a read started while another is under way cancels that one. */
  private async readOnce(request: ReadRequest): Promise<ReadEnd> {
    this.current?.cancel();
    this.reading = true;
    this.progress = undefined;
    const reading = this.read(request, (done, total) => {
      if (this.current === reading) this.progress = `${thousands(done)} of ${thousands(total)} files read`;
    });
    this.current = reading;
    const end = await reading.end;
    if (this.current === reading) {
      this.current = undefined;
      this.reading = false;
      this.progress = undefined;
    }
    return end;
  }
}

const perSession = new WeakMap<SimulationSession, OwnApp>();

/** The page's one OwnApp for its session: the header's button and the reload of a link share it. */
export function ownAppOf(session: SimulationSession): OwnApp {
  let ownApp = perSession.get(session);
  if (!ownApp) perSession.set(session, (ownApp = new OwnApp(session)));
  return ownApp;
}

function describe(source: string, fileCount: number): string {
  return `Your app: ${source === 'pasted' ? 'the pasted text' : `“${source}”`} (${fileCount} file${fileCount === 1 ? '' : 's'})`;
}
