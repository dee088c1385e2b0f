import { isInputError } from '../../engine';
import type { OwnFile } from '../../ownApp/ownAppScenario';
import type { Scenario } from '../../scenarios/scenario';
import { maxStoredChars, ownAppText } from './ownAppStore';
import { readEntries, type Dropped } from './readDropped';
import type { ValuePiece } from '../../scenarios/valuePieces';
import type { ManifestPlan } from '../page/knownPlans';

/** The id the page gives your own app: the link says `scenario=your-app`, and a reload brings it back from here. */
export const ownAppId = 'your-app';

/** What the own-app worker is asked to read: dropped or picked files (Files clone across), or texts already read. */
export type ReadRequest =
  | { kind: 'files'; files: { path: string; file: File }[]; source: string }
  | { kind: 'texts'; files: OwnFile[]; source: string };

/**
 * Asked of the worker once it has read an app, and holds it: post the whole scenario on `port`, which goes to a
 * simulation worker (heldScenarios.ts), so that the page's main thread does not clone it for each run.
 */
export interface SendScenario {
  kind: 'send';
  port: MessagePort;
}

/** What reading gave: the scenario, or the one sentence that says what to fix (file:line:column: …). */
export type ReadReply =
  | { kind: 'progress'; done: number; total: number }
  /**
   * Part of a big scenario, before the `done` that carries the rest (valuePieces.ts): each message is a task of its
   * own on the page, and a short one.
   */
  | { kind: 'piece'; piece: ValuePiece }
  | {
      kind: 'done';
      scenario: Scenario;
      source: string;
      fileCount: number;
      /**
       * The plan of the app's own manifests (the order table's), worked out in the worker when the page would
       * take long to (knownPlans.ts).
       */
      plan?: ManifestPlan;
      /** The app as ownAppStore keeps it (JSON), or undefined when it is over `maxStoredChars`. */
      stored: string | undefined;
      chars: number;
    }
  | {
      kind: 'problem';
      message: string;
      /** For a Helm chart or a Kustomize folder, the command that renders it (renderFirst.ts). */
      renderCommand?: string;
    };

/**
 * Reads an app the whole way: the files (a .zip unpacked), their YAML, the scenario, and the text a reload keeps.
 * The page runs this in a worker (ownAppWorker.ts): done on the main thread, four dropped files of 3.9 MiB froze
 * the tab for 52 s. `post` receives progress after each file, then exactly one `done` or `problem`.
 */
export async function readOwnApp(request: ReadRequest, post: (reply: ReadReply) => void): Promise<void> {
  try {
    const dropped: Dropped =
      request.kind === 'files'
        ? await readEntries(request.files, request.source, (done, total) =>
            post({ kind: 'progress', done, total }),
          )
        : { files: request.files, source: request.source, folder: '' };
    let scenario: Scenario;
    try {
      // The reader (and the YAML parser under it) loads on the first use, not with the page.
      const { ownAppScenario } = await import('../../ownApp/ownAppScenario');
      scenario = ownAppScenario(dropped.files, ownAppId, dropped.folder);
    } catch (error) {
      if (isInputError(error)) throw error;
      throw new Error(
        `The files could not be read: ${error instanceof Error ? error.message : String(error)}`,
        {
          cause: error,
        },
      );
    }
    const titled = {
      ...scenario,
      title: dropped.source === 'pasted' ? 'Your app (pasted)' : `Your app: ${dropped.source}`,
    };
    const json = ownAppText(dropped);
    post({
      kind: 'done',
      scenario: titled,
      source: dropped.source,
      fileCount: dropped.files.length,
      stored: json.length > maxStoredChars ? undefined : json,
      chars: dropped.files.reduce((sum, f) => sum + f.path.length + f.text.length, 0),
    });
  } catch (error) {
    const renderCommand = renderCommandOf(error);
    post({
      kind: 'problem',
      message: error instanceof Error ? error.message : `The files could not be read: ${String(error)}`,
      ...(renderCommand ? { renderCommand } : {}),
    });
  }
}

/** The render command a RenderFirstError carries (read by its field: the class loads with the reader, later). */
function renderCommandOf(error: unknown): string | undefined {
  const command = (error as { renderCommand?: unknown } | null)?.renderCommand;
  return typeof command === 'string' ? command : undefined;
}
