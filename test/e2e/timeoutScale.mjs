// How much longer than on a quiet machine the browser cases wait before they call something hung. A case's
// timeouts only catch a hang: on a machine running other work (a load of 15-27 on 2 cores failed a case at
// 30 s and one at 90 s, each passing alone) everything is slower, never wrong, so every wait is scaled.
import { availableParallelism, loadavg } from 'node:os';

/**
 * E2E_TIMEOUT_SCALE when set; otherwise 4, or twice the load per core when the run starts, whichever is more,
 * up to 20 (a 90 s case may then take 30 minutes before it is called hung).
 */
export const timeoutScale =
  Number(process.env.E2E_TIMEOUT_SCALE) > 0
    ? Number(process.env.E2E_TIMEOUT_SCALE)
    : Math.min(20, Math.max(4, Math.ceil((2 * loadavg()[0]) / availableParallelism())));

/** A timeout of `ms` on a quiet machine, as this run waits for it. */
export function scaled(ms) {
  return Math.round(ms * timeoutScale);
}
