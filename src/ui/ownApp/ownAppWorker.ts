/// <reference lib="webworker" />
import { readOwnApp, type ReadRequest } from './ownAppReading';

/**
 * The own-app worker: it reads a dropped, picked or pasted app (files, zips, YAML, the scenario) off the page's
 * main thread, one request in its life. The page starts one per read and ends it when the read is over or
 * cancelled (terminate), so a read never has to stop on its own.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<ReadRequest>) => {
  void readOwnApp(event.data, (reply) => scope.postMessage(reply));
};
