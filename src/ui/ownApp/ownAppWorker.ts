/// <reference lib="webworker" />
import { readOwnApp, type ReadReply, type ReadRequest, type SendScenario } from './ownAppReading';
import type { Scenario } from '../../scenarios/scenario';
import { splitValue } from '../../scenarios/valuePieces';
import { planOfOwn } from '../page/planOfOwn';

/**
 * The own-app worker: it reads a dropped, picked or pasted app (files, zips, YAML, the scenario) off the page's
 * main thread, one request in its life. The page starts one per read and ends it when the read is cancelled or
 * fails (terminate), so a read never has to stop on its own.
 *
 * Once read, the app goes to the page in pieces (valuePieces.ts), and this worker holds it while the page shows it:
 * each run of it asks for it here (`send`), and it goes to the simulation worker without the page cloning it
 * again. Four dropped files of 3.9 MiB, posted whole to the page and then from the page with each run, took
 * main-thread tasks of about 228 ms and 285 ms of CPU (issue 31).
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
let held: Scenario | undefined;
scope.onmessage = (event: MessageEvent<ReadRequest | SendScenario>) => {
  const message = event.data;
  if (message.kind === 'send') {
    // The simulation worker closes the port once the scenario is there.
    message.port.postMessage(held);
    return;
  }
  void readOwnApp(message, (reply: ReadReply) => {
    if (reply.kind !== 'done') {
      scope.postMessage(reply);
      return;
    }
    held = reply.scenario;
    const { skeleton, pieces } = splitValue(reply.scenario);
    for (const piece of pieces) scope.postMessage({ kind: 'piece', piece } satisfies ReadReply);
    scope.postMessage({
      ...reply,
      scenario: skeleton as Scenario,
      plan: planOfOwn(reply.scenario),
    } satisfies ReadReply);
  });
};
