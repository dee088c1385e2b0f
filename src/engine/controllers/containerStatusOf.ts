import type { Json } from '../types';
import { nestedBool, nestedMap, nestedNumber, nestedString } from '../util/unstructured';

/** A container's state as the kubelet writes it (core/v1 `ContainerState`): at most one of the three. */
export interface ReadContainerState {
  waiting?: { reason?: string; message?: string };
  running?: { startedAt?: string };
  terminated?: { exitCode?: number; signal?: number; reason?: string; message?: string; finishedAt?: string };
}

/**
 * A container's status read back from a pod's status (core/v1 `ContainerStatus`), each field with its type: one
 * that is missing or of another type is absent. The kubelet (kubelet.ts) writes these; kubectl's columns and the
 * controllers read them.
 */
export interface ReadContainerStatus {
  name?: string;
  ready?: boolean;
  started?: boolean;
  restartCount?: number;
  state: ReadContainerState;
}

/** One container status, read. */
export function containerStatusOf(value: Json): ReadContainerStatus {
  const state: ReadContainerState = {};
  const waiting = nestedMap(value, 'state', 'waiting');
  if (waiting)
    state.waiting = { reason: nestedString(waiting, 'reason'), message: nestedString(waiting, 'message') };
  const running = nestedMap(value, 'state', 'running');
  if (running) state.running = { startedAt: nestedString(running, 'startedAt') };
  const terminated = nestedMap(value, 'state', 'terminated');
  if (terminated)
    state.terminated = {
      exitCode: nestedNumber(terminated, 'exitCode'),
      signal: nestedNumber(terminated, 'signal'),
      reason: nestedString(terminated, 'reason'),
      message: nestedString(terminated, 'message'),
      finishedAt: nestedString(terminated, 'finishedAt'),
    };
  return {
    name: nestedString(value, 'name'),
    ready: nestedBool(value, 'ready'),
    started: nestedBool(value, 'started'),
    restartCount: nestedNumber(value, 'restartCount'),
    state,
  };
}
