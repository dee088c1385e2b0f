import { isInputError } from '../../engine';
import type { OwnFile } from '../../ownApp/ownAppScenario';
import { browserStorage, type EditStorage } from '../../browser/editStore';
import type { RunEnd, SimulationSession } from '../session.svelte';
import { loadOwnApp, maxStoredChars, saveOwnApp } from './ownAppStore';
import { readDataTransfer, readFiles, type Dropped } from './readDropped';

/** The id the page gives your own app: the link says `scenario=your-app`, and a reload brings it back from here. */
export const ownAppId = 'your-app';

/**
 * Your own app on the page: files dropped or picked, or a pasted `helm template`, `kustomize build` or
 * `argocd app manifests` output, read in this page (src/ownApp, the same reader as `sim run --repo`) and run as a
 * scenario. Bad input leaves the run on screen as it was and says what to fix at file:line:column; what was read
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

  constructor(
    private readonly session: SimulationSession,
    private readonly storage: EditStorage | undefined = browserStorage(),
  ) {}

  /** Read a drop on the page (a folder, a .zip, YAML files). Resolves to whether it runs. */
  drop(data: DataTransfer): Promise<boolean> {
    return this.readWith(() => readDataTransfer(data));
  }

  /** Read what a file picker gave (files, or a folder's with `webkitdirectory`). */
  pick(files: readonly File[]): Promise<boolean> {
    return this.readWith(() => readFiles(files));
  }

  /** Read a pasted multi-document text (`helm template`, `kustomize build`, `argocd app manifests`). */
  paste(text: string): Promise<boolean> {
    return this.open({ files: [{ path: 'pasted.yaml', text }], source: 'pasted' });
  }

  /**
   * On a reload of a link to your own app, open the kept one at `t`; undefined when none is kept here (the link
   * was opened in another browser, or the app was too big to keep).
   */
  restore(t = 0): Promise<RunEnd> | undefined {
    const kept = loadOwnApp(this.storage);
    if (!kept) return undefined;
    return this.scenarioOf(kept.files, kept.source).then((scenario) => {
      if (typeof scenario === 'string') {
        // The reader changed since it was kept and now refuses it: say so, and show the default scenario.
        this.problem = scenario;
        const fallback = this.session.catalog.find((s) => s.id === 'three-tier') ?? this.session.catalog[0];
        return fallback ? this.session.load(fallback.id) : 'input-error';
      }
      this.note = `${describe(kept)}, kept in this browser.`;
      return this.session.openScenario(scenario, t);
    });
  }

  private async readWith(read: () => Promise<Dropped>): Promise<boolean> {
    let dropped: Dropped;
    try {
      this.reading = true;
      dropped = await read();
    } catch (error) {
      this.problem = error instanceof Error ? error.message : String(error);
      this.renderCommand = renderCommandOf(error);
      return false;
    } finally {
      this.reading = false;
    }
    return this.open(dropped);
  }

  private async open(dropped: Dropped): Promise<boolean> {
    this.reading = true;
    const scenario = await this.scenarioOf(dropped.files, dropped.source, dropped.folder).finally(
      () => (this.reading = false),
    );
    if (typeof scenario === 'string') {
      // The run on screen, and the app kept for a reload, stay the last good ones.
      this.problem = scenario;
      return false;
    }
    this.problem = undefined;
    const kept = saveOwnApp(this.storage, dropped);
    this.note =
      kept === 'kept'
        ? `${describe(dropped)}, kept in this browser for a reload.`
        : kept === 'too-big'
          ? `${describe(dropped)}. It is too big to keep for a reload (${chars(dropped.files)} characters; ` +
            `this browser keeps up to ${maxStoredChars.toLocaleString('en')}): a reload shows the default scenario.`
          : `${describe(dropped)}. This browser refused to keep it (storage is off or full): a reload loses it.`;
    void this.session.openScenario(scenario);
    return true;
  }

  /** The scenario of the files, or what is wrong with them (file:line:column: message). */
  private async scenarioOf(files: OwnFile[], source: string, folder = '') {
    // The reader (and the YAML parser under it) loads on the first use, not with the page.
    const { ownAppScenario } = await import('../../ownApp/ownAppScenario');
    this.renderCommand = undefined;
    try {
      const scenario = ownAppScenario(files, ownAppId, folder);
      return { ...scenario, title: source === 'pasted' ? 'Your app (pasted)' : `Your app: ${source}` };
    } catch (error) {
      this.renderCommand = renderCommandOf(error);
      if (isInputError(error)) return error.message;
      return `The files could not be read: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
}

/** The render command a RenderFirstError carries (read by its field: the class loads with the reader, later). */
function renderCommandOf(error: unknown): string | undefined {
  const command = (error as { renderCommand?: unknown } | null)?.renderCommand;
  return typeof command === 'string' ? command : undefined;
}

const perSession = new WeakMap<SimulationSession, OwnApp>();

/** The page's one OwnApp for its session: the header's button and the reload of a link share it. */
export function ownAppOf(session: SimulationSession): OwnApp {
  let ownApp = perSession.get(session);
  if (!ownApp) perSession.set(session, (ownApp = new OwnApp(session)));
  return ownApp;
}

function describe({ files, source }: Dropped): string {
  return `Your app: ${source === 'pasted' ? 'the pasted text' : `“${source}”`} (${files.length} file${files.length === 1 ? '' : 's'})`;
}

function chars(files: OwnFile[]): string {
  return files.reduce((sum, f) => sum + f.path.length + f.text.length, 0).toLocaleString('en');
}
