import type { ReadReply, ReadRequest } from './ownAppReading';

/** How a read ended: the worker's answer, or `cancelled` when the user cancelled it. */
export type ReadEnd = Exclude<ReadReply, { kind: 'progress' }> | { kind: 'cancelled' };

/** A read under way: its end, and a way to end it early. */
export interface Reading {
  end: Promise<ReadEnd>;
  cancel(): void;
}

/**
 * Reads an app in a worker of its own (ownAppWorker.ts), which is ended when the read is over or cancelled:
 * cancelling needs no cooperation from a parser stuck in a big file. `onProgress` hears how many files are read.
 */
export function readInWorker(
  request: ReadRequest,
  onProgress: (done: number, total: number) => void,
  spawn: () => Promise<Worker> = () => import('./spawnOwnAppWorker').then((m) => m.spawnOwnAppWorker()),
): Reading {
  let worker: Worker | undefined;
  let settle: (end: ReadEnd) => void = () => {};
  let over = false;
  const end = new Promise<ReadEnd>((resolve) => {
    settle = (value) => {
      if (over) return;
      over = true;
      worker?.terminate();
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
