/// <reference lib="webworker" />
import { answerRequest, type RunRequest } from './workerProtocol';

/**
 * The simulation worker: it runs the engine off the page's main thread, one request at a time. The page never
 * waits for it to stop on its own: a superseded or overlong run is ended by terminating this worker.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<RunRequest>) => {
  void answerRequest(event.data, (reply) => scope.postMessage(reply));
};
