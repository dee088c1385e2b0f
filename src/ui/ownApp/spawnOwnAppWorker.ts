// `sandbox-own-app-worker` is an alias (vite.config.ts): ownAppWorker.ts as a worker file of its own in dist/, and
// inlined (a Blob URL worker) in the one-file build, as the simulation worker is (spawnSimWorker.ts).
import OwnAppWorker from 'sandbox-own-app-worker';

export function spawnOwnAppWorker(): Worker {
  return new OwnAppWorker({ name: 'own-app' });
}
