import { escapeControl, type JsonAny } from '../../engine';
import { logsAt } from '../../cursor/logsAt';
import type { KubectlArgs } from './kubectlArgs';
import { findObject } from './kubectlGet';
import { kindNamed } from './kubectlKinds';
import { fail, ok, type CommandOutput } from './output';
import type { World } from './world';

/**
 * `kubectl logs job/NAME | pod/NAME | deploy/NAME | NAME [-n NS] [--tail N]` at the cursor. The lines are the
 * log panel's (logsAt), so the terminal and the panel always agree: lines not yet written are not there, a
 * deleted pod's log is gone. For a Job or a Deployment with several pods, kubectl reads one and says which.
 */
export function kubectlLogs(world: World, args: KubectlArgs): CommandOutput {
  if (args.follow)
    return fail(
      'error: --follow is not available here: the log is shown as it is at the cursor; play the run to see more',
    );
  const [target, ...rest] = args.positional;
  if (!target) return fail("error: expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.");
  if (rest.length > 0)
    return fail('error: a container name is not needed here: every pod in this sandbox has one container');
  const slash = target.indexOf('/');
  const kind = slash < 0 ? kindNamed('pod') : kindNamed(target.slice(0, slash));
  const name = slash < 0 ? target : target.slice(slash + 1);
  if (!kind) return fail(`error: the server doesn't have a resource type "${target.slice(0, slash)}"`);
  if (!['Pod', 'Job', 'Deployment', 'StatefulSet', 'ReplicaSet'].includes(kind.kind))
    return fail(`error: cannot get the logs from ${kind.resource}: not a pod or a controller of pods`);
  const ns = args.namespace ?? world.namespace;
  const found = findObject(world, kind, ns, name);
  if ('error' in found) return fail(found.error);
  const pods = logsAt(world.run, { kind: kind.kind, namespace: ns, name }, world.t);
  const lines: string[] = [];
  if (pods.length === 0) {
    return fail(
      `error: no pod of ${kind.kind.toLowerCase()}/${name} exists at this moment, so there is no log to read`,
    );
  }
  const pod = pods[0];
  if (pods.length > 1) lines.push(`Found ${pods.length} pods, using pod/${pod.pod}`);
  const podObj = findObject(world, kindNamed('pod')!, ns, pod.pod);
  if ('obj' in podObj) {
    const waiting = ((podObj.obj.status?.containerStatuses ?? []) as JsonAny[]).find(
      (c) => c.state?.waiting && !c.lastState?.terminated,
    );
    if (waiting && pod.lines.length === 0)
      return fail(
        `Error from server (BadRequest): container "${waiting.name}" in pod "${pod.pod}" is waiting to start: ${waiting.state.waiting.reason}`,
      );
  }
  let body = pod.lines.map((l) => escapeControl(l.line));
  if (args.tail !== undefined && args.tail >= 0) body = args.tail === 0 ? [] : body.slice(-args.tail);
  return ok([...lines, ...body]);
}
