// `sandbox-sim-worker` is an alias (vite.config.ts): simWorker.ts as a worker file of its own in dist/, and
// inlined (a Blob URL worker) in the one-file build, where a page opened from file:// cannot load a worker file.
import SimWorker from 'sandbox-sim-worker';
import type { WorkerLike } from './workerProtocol';

export function spawnSimWorker(): WorkerLike {
  return new SimWorker({ name: 'simulation' }) as unknown as WorkerLike;
}
