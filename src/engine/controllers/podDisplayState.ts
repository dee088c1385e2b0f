import type { PodDisplayState } from '../events';
import type { KubeObject } from '../types';
import { nestedSlice, nestedString } from '../util/unstructured';
import { containerStatusOf } from './containerStatusOf';
import { isPodReady } from './podAvailability';

export interface PodDisplay {
  state: PodDisplayState;
  /** The STATUS column of `kubectl get pods` word for word (`Init:0/1`, `NotReady`, `OOMKilled` …). */
  kubectlStatus: string;
  /** The pod's Ready condition is True. */
  ready: boolean;
  /** The RESTARTS column: restarts of every container, init containers included. */
  restarts: number;
  /** The waiting or terminated message behind the state, e.g. `back-off 20s restarting failed container=…`. */
  message: string;
}

/**
 * What `kubectl get pods` shows for a pod (kubectl's `printPod`): the last container's waiting or terminated
 * reason wins over the phase, init containers show as `Init:…`, a pod with a deletionTimestamp is
 * `Terminating`. The page's states fold kubectl's words into a small set: a Running pod whose Ready
 * condition is True is `Ready`, any other failed exit (`OOMKilled`, `ExitCode:2`, `Init:Error`) is `Error`.
 */
export function podDisplayState(pod: KubeObject): PodDisplay {
  const status = pod.status;
  let reason = nestedString(status, 'reason') ?? nestedString(status, 'phase') ?? 'Pending';
  let message = '';
  let restarts = 0;
  let initializing = false;
  const inits = (nestedSlice(status, 'initContainerStatuses') ?? []).map(containerStatusOf);
  const initSpecs = nestedSlice(pod.spec, 'initContainers') ?? [];
  for (let i = 0; i < inits.length; i++) {
    const c = inits[i];
    restarts += c.restartCount ?? 0;
    if (initializing) continue;
    const spec = initSpecs.find((s) => nestedString(s, 'name') === c.name);
    const sidecar = nestedString(spec, 'restartPolicy') === 'Always';
    if (c.state.terminated?.exitCode === 0 || (sidecar && c.started)) continue;
    initializing = true;
    const terminated = c.state.terminated;
    const waiting = c.state.waiting;
    if (terminated) {
      reason = `Init:${terminated.reason || (terminated.signal ? `Signal:${terminated.signal}` : `ExitCode:${terminated.exitCode}`)}`;
      message = terminated.message ?? '';
    } else if (waiting?.reason && waiting.reason !== 'PodInitializing') {
      reason = `Init:${waiting.reason}`;
      message = waiting.message ?? '';
    } else reason = `Init:${i}/${initSpecs.length || inits.length}`;
  }
  // Read in place (podAvailability.ts): this runs at every write of every pod.
  const ready = isPodReady(pod);
  if (!initializing) {
    let hasRunning = false;
    const containers = (nestedSlice(status, 'containerStatuses') ?? []).map(containerStatusOf);
    for (let i = containers.length - 1; i >= 0; i--) {
      const c = containers[i];
      restarts += c.restartCount ?? 0;
      const { waiting, terminated, running } = c.state;
      if (waiting?.reason) {
        reason = waiting.reason;
        message = waiting.message ?? '';
      } else if (terminated) {
        reason =
          terminated.reason ||
          (terminated.signal ? `Signal:${terminated.signal}` : `ExitCode:${terminated.exitCode}`);
        message = terminated.message ?? '';
      } else if (running && c.ready) hasRunning = true;
    }
    if (reason === 'Completed' && hasRunning) reason = ready ? 'Running' : 'NotReady';
  }
  if (pod.metadata.deletionTimestamp) reason = 'Terminating';
  return { state: displayState(reason, ready), kubectlStatus: reason, ready, restarts, message };
}

function displayState(reason: string, ready: boolean): PodDisplayState {
  if (reason === 'Terminating') return 'Terminating';
  const word = reason.startsWith('Init:') ? reason.slice(5) : reason;
  if (/^\d+\/\d+$/.test(word)) return 'Pending';
  switch (word) {
    case 'Running':
      return ready && !reason.startsWith('Init:') ? 'Ready' : 'Running';
    case 'NotReady':
      return 'Running';
    case 'Pending':
    case 'Unknown':
      return 'Pending';
    case 'ContainerCreating':
    case 'PodInitializing':
      return 'ContainerCreating';
    case 'Completed':
    case 'Succeeded':
      return 'Completed';
    case 'CrashLoopBackOff':
    case 'ErrImagePull':
    case 'ImagePullBackOff':
      return word;
    default:
      return 'Error';
  }
}
