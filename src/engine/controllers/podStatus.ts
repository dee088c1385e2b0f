import { toTimestamp } from '../clock';
import { normalizeImage } from '../containers/image';
import type { JsonAny, KubeObject } from '../types';
import { keepUnchanged } from '../util/keepUnchanged';
import type { ContainerRun, Terminated } from './containerRun';
import { initDone, type PodRuntime } from './podRuntime';

/**
 * The Pod `status` the kubelet writes, field for field as Kubernetes does (pkg/kubelet/status and
 * `generateAPIPodStatus`): phase, the five conditions in the kubelet's order, containerStatuses with
 * state/lastState/ready/started/restartCount, IPs and startTime. Argo CD's Pod health (argocd-semantics.md
 * §3.6) reads exactly these fields.
 */
export function renderPodStatus(pod: KubeObject, rt: PodRuntime, now: number, hostIP: string): JsonAny {
  const phase = rt.phase();
  const succeeded = phase === 'Succeeded';
  const initPending = rt.init.filter((c) => !initDone(c));
  const unready = [...rt.init.filter((c) => c.spec.restartPolicy === 'Always'), ...rt.main].filter(
    (c) => !c.ready,
  );
  const conditions = withTransitions(pod, now, [
    { type: 'PodReadyToStartContainers', status: rt.sandboxReady && !rt.terminalPhase ? 'True' : 'False' },
    succeeded
      ? { type: 'Initialized', status: 'True', reason: 'PodCompleted' }
      : initPending.length
        ? {
            type: 'Initialized',
            status: 'False',
            reason: 'ContainersNotInitialized',
            message: `containers with incomplete status: ${names(initPending)}`,
          }
        : { type: 'Initialized', status: 'True' },
    readyCondition('Ready', succeeded, unready),
    readyCondition('ContainersReady', succeeded, unready),
    { type: 'PodScheduled', status: 'True' },
  ]);
  const hasInit = rt.init.length > 0;
  // The conditions and addresses that did not change since the pod's last status are kept from it
  // (keepUnchanged.ts); the container statuses, which change at nearly every step, are not looked at.
  const previous: JsonAny = pod.status ?? {};
  const status: JsonAny = {
    conditions: sameItems(previous.conditions, conditions) ? previous.conditions : conditions,
    containerStatuses: rt.main.map((c) => containerStatus(c, hasInit)),
    hostIP,
    hostIPs: keepUnchanged(previous.hostIPs, [{ ip: hostIP }]),
  };
  if (rt.init.length) status.initContainerStatuses = rt.init.map((c) => containerStatus(c, hasInit));
  status.phase = phase;
  if (rt.podIP) {
    status.podIP = rt.podIP;
    status.podIPs = keepUnchanged(previous.podIPs, [{ ip: rt.podIP }]);
  }
  status.qosClass = qosClass(pod);
  status.startTime = toTimestamp(rt.startTime);
  return status;
}

/** Whether two lists hold the same objects in the same order. */
function sameItems(old: JsonAny, fresh: JsonAny[]): boolean {
  if (!Array.isArray(old) || old.length !== fresh.length) return false;
  for (let i = 0; i < fresh.length; i++) if (old[i] !== fresh[i]) return false;
  return true;
}

/**
 * The Ready and ContainersReady conditions. This and `names` are functions of their own rather than closures made
 * at every status the kubelet renders.
 */
function readyCondition(type: string, succeeded: boolean, unready: ContainerRun[]): JsonAny {
  return succeeded
    ? { type, status: 'False', reason: 'PodCompleted' }
    : unready.length
      ? {
          type,
          status: 'False',
          reason: 'ContainersNotReady',
          message: `containers with unready status: ${names(unready)}`,
        }
      : { type, status: 'True' };
}

function names(runs: ContainerRun[]): string {
  return `[${runs.map((c) => c.name).join(' ')}]`;
}

/** The status the scheduler leaves: bound to a node (PodScheduled) or Unschedulable with its message. */
export function scheduledStatus(pod: KubeObject, now: number, unschedulable?: string): JsonAny {
  const condition = unschedulable
    ? { type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: unschedulable }
    : { type: 'PodScheduled', status: 'True' };
  return { conditions: withTransitions(pod, now, [condition]), phase: 'Pending', qosClass: qosClass(pod) };
}

/** Conditions keep their lastTransitionTime while their status stays the same. */
function withTransitions(pod: KubeObject, now: number, conditions: JsonAny[]): JsonAny[] {
  const previous: JsonAny[] = pod.status?.conditions ?? [];
  return conditions.map((c) => {
    const old = previous.find((p) => p.type === c.type);
    const lastTransitionTime = old && old.status === c.status ? old.lastTransitionTime : toTimestamp(now);
    // The condition as the pod has it when nothing in it changed, wherever it stood in the list (keepUnchanged.ts).
    return keepUnchanged(old, { lastProbeTime: null, lastTransitionTime, ...c });
  });
}

function containerStatus(c: ContainerRun, hasInit: boolean): JsonAny {
  const status: JsonAny = {};
  if (c.containerID) status.containerID = c.containerID;
  status.image = normalizeImage(c.image);
  status.imageID = c.imageID;
  status.lastState = {};
  status.name = c.name;
  status.ready = c.ready;
  status.restartCount = c.restartCount;
  status.started = c.started;
  if (c.stage === 'running') {
    status.state = { running: { startedAt: toTimestamp(c.startedAt ?? 0) } };
    if (c.lastTerminated) status.lastState = { terminated: terminatedJson(c.lastTerminated) };
  } else if (c.stage === 'crashBackOff') {
    status.state = { waiting: { message: c.waitingMessage, reason: 'CrashLoopBackOff' } };
    status.lastState = { terminated: terminatedJson(c.terminated!) };
  } else if (c.terminated) {
    status.state = { terminated: terminatedJson(c.terminated) };
    if (c.lastTerminated) status.lastState = { terminated: terminatedJson(c.lastTerminated) };
  } else {
    // In a pod with init containers, a container with nothing to report yet waits with PodInitializing
    // instead of ContainerCreating (the kubelet's default waiting state, convertToAPIContainerStatuses).
    const reason = hasInit && c.waitingReason === 'ContainerCreating' ? 'PodInitializing' : c.waitingReason;
    status.state = { waiting: c.waitingMessage ? { message: c.waitingMessage, reason } : { reason } };
  }
  return status;
}

function terminatedJson(t: Terminated): JsonAny {
  return {
    containerID: t.containerID,
    exitCode: t.exitCode,
    finishedAt: toTimestamp(t.finishedAt),
    reason: t.reason,
    startedAt: toTimestamp(t.startedAt),
  };
}

/**
 * The QoS class the API server computes on create (pkg/apis/core/helper/qos). Kept per pod spec: the kubelet
 * renders a pod's status many times, and every status write keeps the spec object (stored objects are
 * read-only, and a spec change makes a new one).
 */
export function qosClass(pod: KubeObject): string {
  const spec = pod.spec;
  if (!spec || typeof spec !== 'object') return computeQosClass(pod);
  let qos = qosBySpec.get(spec);
  if (qos === undefined) qosBySpec.set(spec, (qos = computeQosClass(pod)));
  return qos;
}

const qosBySpec = new WeakMap<object, string>();

function computeQosClass(pod: KubeObject): string {
  const containers: JsonAny[] = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])];
  if (!containers.some(hasResources)) return 'BestEffort';
  return containers.every(isGuaranteed) ? 'Guaranteed' : 'Burstable';
}

// Module functions rather than closures made for every pod: under tsx (the bench) each closure made is also
// named with an Object.defineProperty.

function hasResources(c: JsonAny): boolean {
  return Object.keys(c.resources?.requests ?? {}).length + Object.keys(c.resources?.limits ?? {}).length > 0;
}

function isGuaranteed(c: JsonAny): boolean {
  const limits = c.resources?.limits ?? {};
  const requests = c.resources?.requests ?? {};
  for (const r of ['cpu', 'memory'])
    if (limits[r] === undefined || (requests[r] ?? limits[r]) !== limits[r]) return false;
  return true;
}
