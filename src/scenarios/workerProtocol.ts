import { isInputError } from '../engine';
import type { Scenario } from './scenario';
import { playForPageWithLua, type PageRun, type RunOptions } from './pageRun';
import { splitIfHeavy, type ValuePiece } from './valuePieces';

/** A request to the simulation worker: plain data only, so it survives the structured clone. */
export interface RunRequest {
  id: number;
  /** The scenario, unless `scenarioPort` brings it. */
  scenario?: Scenario;
  /**
   * Where the scenario comes from when a worker holds it (heldScenarios.ts): the holder posts it on this port once,
   * and the page's main thread never clones it.
   */
  scenarioPort?: MessagePort;
  options: RunOptions;
  /**
   * Play the run and answer only `warmed`, not the run: a warm-up, so that the run a learner asks for next (an intervention) finds
   * the engine's code loaded and compiled. A first run in a fresh worker took 5 to 20 times as long as the same run
   * once warm (drift-self-heal: about 0.7 s against 30 to 100 ms), most of the time an intervention took to show.
   */
  warmOnly?: true;
}

/** The worker's answers to request `id`: progress now and then, then exactly one of the others. */
export type RunReply =
  | { id: number; kind: 'progress'; t: number }
  /**
   * Part of a heavy run, before the `done` that carries the rest (valuePieces.ts). The run of four dropped files of
   * 3.9 MiB (16 MB as a structured clone) took the page's main thread 150 to 200 ms of CPU to read back in one
   * message; in pieces, each message is a short task of its own.
   */
  | { id: number; kind: 'piece'; piece: ValuePiece }
  | { id: number; kind: 'done'; run: PageRun }
  | {
      id: number;
      kind: 'input-error';
      detail: string;
      position: { file: string; line: number; column: number };
    }
  | { id: number; kind: 'failure'; message: string }
  /** A warm-up (`warmOnly`) is over, however it ended: the next run finds the worker warm. */
  | { id: number; kind: 'warmed' };

/** The part of a Worker the runner uses, so tests can pass a fake. */
export interface WorkerLike {
  postMessage(message: RunRequest, transfer?: Transferable[]): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<RunReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

/** The least wall time between two progress messages: often enough for the "Simulating…" line to move. */
const PROGRESS_INTERVAL_MS = 100;

/**
 * Answer one request (the worker's whole job; also callable in-thread). An InputError crosses as its detail and
 * position, since a structured clone drops the class; any other exception is a failure with its message.
 */
export async function answerRequest(
  request: RunRequest,
  post: (reply: RunReply) => void,
  now: () => number = () => performance.now(),
): Promise<void> {
  const { id } = request;
  let last = now();
  const onProgress = (t: number): void => {
    if (now() - last < PROGRESS_INTERVAL_MS) return;
    last = now();
    post({ id, kind: 'progress', t });
  };
  try {
    const scenario = request.scenario ?? (await scenarioFrom(request.scenarioPort));
    if (request.warmOnly) {
      await playForPageWithLua(scenario, request.options);
      post({ id, kind: 'warmed' });
      return;
    }
    const run = await playForPageWithLua(scenario, request.options, onProgress);
    const { skeleton, pieces } = splitIfHeavy(run);
    for (const piece of pieces) post({ id, kind: 'piece', piece });
    post({ id, kind: 'done', run: skeleton as PageRun });
  } catch (error) {
    if (request.warmOnly) {
      post({ id, kind: 'warmed' });
      return;
    }
    if (isInputError(error)) {
      const { file, line, column } = error;
      post({ id, kind: 'input-error', detail: error.detail, position: { file, line, column } });
    } else post({ id, kind: 'failure', message: error instanceof Error ? error.message : String(error) });
  }
}

/** The scenario its holder posts on `port` (heldScenarios.ts), once. */
function scenarioFrom(port: MessagePort | undefined): Promise<Scenario> {
  if (!port) return Promise.reject(new Error('a run request came with no scenario'));
  return new Promise((resolve) => {
    port.onmessage = (event: MessageEvent<Scenario>) => {
      port.close();
      resolve(event.data);
    };
  });
}
