import type { ReadReply, ReadRequest, SendScenario } from './ownAppReading';
import type { Scenario } from '../../scenarios/scenario';
import { holdScenario } from '../../scenarios/heldScenarios';
import { joinValue, type ValuePiece } from '../../scenarios/valuePieces';
import { knowPlan } from '../page/knownPlans';

/** How a read ended: the worker's answer, or `cancelled` when the user cancelled it. */
export type ReadEnd = Exclude<ReadReply, { kind: 'progress' } | { kind: 'piece' }> | { kind: 'cancelled' };

/**
 * The worker that holds the last app read (ownAppWorker.ts): runs of it take it from there. It is ended when
 * another app has been read, and lives until then, as the app it holds may be on screen.
 */
let holding: Worker | undefined;

/** A read under way: its end, and a way to end it early. */
export interface Reading {
  end: Promise<ReadEnd>;
  cancel(): void;
}

/**
 * Reads an app in a worker of its own (ownAppWorker.ts), which is ended when the read is cancelled or fails:
 * cancelling needs no cooperation from a parser stuck in a big file. A read that succeeds leaves the worker holding
 * the app (`holding`), and the app comes in pieces (valuePieces.ts), joined here. `onProgress` hears how many files
 * are read.
 */
export function readInWorker(
  request: ReadRequest,
  onProgress: (done: number, total: number) => void,
  spawn: () => Promise<Worker> = () => import('./spawnOwnAppWorker').then((m) => m.spawnOwnAppWorker()),
): Reading {
  let worker: Worker | undefined;
  let settle: (end: ReadEnd) => void = () => {};
  let over = false;
  const pieces: ValuePiece[] = [];
  const end = new Promise<ReadEnd>((resolve) => {
    settle = (value) => {
      if (over) return;
      over = true;
      if (value.kind === 'done' && worker) {
        // The worker now holds the app: the page's runs of it take it from there (heldScenarios.ts).
        const holder = worker;
        holdScenario(value.scenario, (port) =>
          holder.postMessage({ kind: 'send', port } satisfies SendScenario, [port]),
        );
        if (value.plan) knowPlan(value.scenario, value.plan);
        if (holding !== holder) holding?.terminate();
        holding = holder;
      } else worker?.terminate();
      resolve(value);
    };
  });
  void spawn().then(
    (spawned) => {
      if (over) {
        spawned.terminate();
        return;
      }
      worker = spawned;
      worker.onmessage = (event: MessageEvent<ReadReply>) => {
        const reply = event.data;
        if (reply.kind === 'progress') onProgress(reply.done, reply.total);
        else if (reply.kind === 'piece') pieces.push(reply.piece);
        else if (reply.kind === 'done')
          settle({ ...reply, scenario: joinValue(reply.scenario, pieces) as Scenario });
        else settle(reply);
      };
      worker.onerror = (event) =>
        settle({ kind: 'problem', message: `The files could not be read: ${event.message}` });
      worker.postMessage(request);
    },
    (error: unknown) =>
      settle({
        kind: 'problem',
        message: `The files could not be read: ${error instanceof Error ? error.message : String(error)}`,
      }),
  );
  return { end, cancel: () => settle({ kind: 'cancelled' }) };
}
