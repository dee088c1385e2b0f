import { versionAt, type JsonAny, type KubeObject } from '../../engine';
import { humanDuration, kubectlTable } from './humanDuration';
import type { KubectlArgs } from './kubectlArgs';
import { ok, type CommandOutput } from './output';
import type { World } from './world';

/** One Kubernetes Event as `kubectl get events` lists it. */
export interface ClusterEvent {
  t: number;
  namespace: string;
  type: 'Normal' | 'Warning';
  reason: string;
  object: string;
  message: string;
}

/**
 * The sandbox's fake cluster writes no Event objects, so the events are read off the object history instead:
 * each is the change in an object that makes a real controller or kubelet record one, with its reason and
 * message in Kubernetes' words (the Job controller's SuccessfulCreate / Completed / BackoffLimitExceeded, the
 * ReplicaSet controller's SuccessfulCreate, the Deployment controller's ScalingReplicaSet, the scheduler's
 * Scheduled, the kubelet's Pulled / Created / Started / BackOff / Killing).
 */
export function eventsUntil(world: World): ClusterEvent[] {
  const history = world.run.objects;
  const { keys, times } = history;
  const out: ClusterEvent[] = [];
  for (let i = 0; i < keys.length; i++) {
    let prev: KubeObject | null = null;
    for (let j = 0; j < times[i].length && times[i][j] <= world.t; j++) {
      const obj = versionAt(history, i, j);
      if (obj) for (const e of changeEvents(prev, obj)) out.push({ t: times[i][j], ...e });
      prev = obj;
    }
  }
  return out.sort((a, b) => a.t - b.t);
}

type Change = Omit<ClusterEvent, 't'>;

function changeEvents(prev: KubeObject | null, obj: KubeObject): Change[] {
  const ns = obj.metadata.namespace ?? '';
  const name = obj.metadata.name ?? '';
  const owner = obj.metadata.ownerReferences?.find((o) => o.controller);
  const ev = (type: Change['type'], reason: string, object: string, message: string): Change => ({
    namespace: ns,
    type,
    reason,
    object,
    message,
  });
  const out: Change[] = [];
  if (obj.kind === 'Pod') {
    const containers: JsonAny[] = obj.spec?.containers ?? [];
    if (!prev && owner)
      out.push(
        ev('Normal', 'SuccessfulCreate', `${owner.kind.toLowerCase()}/${owner.name}`, `Created pod: ${name}`),
      );
    if (obj.spec?.nodeName && !prev?.spec?.nodeName)
      out.push(
        ev(
          'Normal',
          'Scheduled',
          `pod/${name}`,
          `Successfully assigned ${ns}/${name} to ${obj.spec.nodeName}`,
        ),
      );
    const before: JsonAny[] = prev?.status?.containerStatuses ?? [];
    for (const c of (obj.status?.containerStatuses ?? []) as JsonAny[]) {
      const was = before.find((b) => b.name === c.name);
      const started = c.state?.running || c.state?.terminated;
      const wasStarted = was?.state?.running || was?.state?.terminated;
      if (started && (!wasStarted || (c.restartCount ?? 0) > (was?.restartCount ?? 0))) {
        const image = containers.find((s) => s.name === c.name)?.image ?? c.image;
        out.push(
          ev('Normal', 'Pulled', `pod/${name}`, `Container image "${image}" already present on machine`),
        );
        out.push(ev('Normal', 'Created', `pod/${name}`, `Created container: ${c.name}`));
        out.push(ev('Normal', 'Started', `pod/${name}`, `Started container ${c.name}`));
      }
      if (
        c.state?.waiting?.reason === 'CrashLoopBackOff' &&
        was?.state?.waiting?.reason !== 'CrashLoopBackOff'
      )
        out.push(
          ev(
            'Warning',
            'BackOff',
            `pod/${name}`,
            `Back-off restarting failed container ${c.name} in pod ${name}_${ns}`,
          ),
        );
    }
    if (obj.metadata.deletionTimestamp && !prev?.metadata.deletionTimestamp)
      for (const c of containers)
        out.push(ev('Normal', 'Killing', `pod/${name}`, `Stopping container ${c.name}`));
  } else if (obj.kind === 'Job') {
    const cond = (o: KubeObject | null, type: string) =>
      ((o?.status?.conditions ?? []) as JsonAny[]).find((c) => c.type === type && c.status === 'True');
    if (cond(obj, 'Complete') && !cond(prev, 'Complete'))
      out.push(ev('Normal', 'Completed', `job/${name}`, 'Job completed'));
    const failed = cond(obj, 'Failed');
    if (failed && !cond(prev, 'Failed'))
      out.push(ev('Warning', failed.reason ?? 'Failed', `job/${name}`, failed.message ?? 'Job failed'));
  } else if (obj.kind === 'ReplicaSet' && owner?.kind === 'Deployment') {
    const from = prev?.spec?.replicas ?? 0;
    const to = obj.spec?.replicas ?? 0;
    if (from !== to)
      out.push(
        ev(
          'Normal',
          'ScalingReplicaSet',
          `deployment/${owner.name}`,
          `Scaled ${to > from ? 'up' : 'down'} replica set ${name} from ${from} to ${to}`,
        ),
      );
  }
  return out;
}

/** `kubectl get events [-n NS | -A]`: LAST SEEN, TYPE, REASON, OBJECT, MESSAGE, oldest first. */
export function kubectlEvents(world: World, args: KubectlArgs): CommandOutput {
  const ns = args.namespace ?? world.namespace;
  const events = eventsUntil(world).filter((e) => args.allNamespaces || e.namespace === ns);
  if (events.length === 0)
    return ok([args.allNamespaces ? 'No resources found' : `No resources found in ${ns} namespace.`]);
  const header = ['LAST SEEN', 'TYPE', 'REASON', 'OBJECT', 'MESSAGE'];
  const rows = events.map((e) => {
    const row = [humanDuration((world.t - e.t) * 1000), e.type, e.reason, e.object, e.message];
    return args.allNamespaces ? [e.namespace, ...row] : row;
  });
  return ok(kubectlTable(args.allNamespaces ? ['NAMESPACE', ...header] : header, rows));
}
