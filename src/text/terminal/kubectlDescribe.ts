import { escapeControl, podDisplayState, type JsonAny, type KubeObject } from '../../engine';
import { humanDuration } from './humanDuration';
import type { KubectlArgs } from './kubectlArgs';
import { eventsUntil } from './kubectlEvents';
import { findObject } from './kubectlGet';
import { kindNamed } from './kubectlKinds';
import { fail, ok, type CommandOutput } from './output';
import type { World } from './world';

/** Which component records an event of each reason (describe's From column). */
const sourceOf: Record<string, string> = {
  SuccessfulCreate: 'controller',
  Completed: 'job-controller',
  BackoffLimitExceeded: 'job-controller',
  DeadlineExceeded: 'job-controller',
  ScalingReplicaSet: 'deployment-controller',
  Scheduled: 'default-scheduler',
};

/**
 * `kubectl describe KIND NAME`: kubectl's header fields (Name, Namespace, Labels, Annotations …), the fields that
 * matter for each kind (a Pod's containers and their state, a Job's pod counts, a Deployment's replicas and
 * conditions), and the object's events in describe's `Type Reason Age From Message` table.
 */
export function kubectlDescribe(world: World, args: KubectlArgs): CommandOutput {
  let [type, name] = args.positional;
  if (type?.includes('/')) [type, name] = type.split('/', 2);
  if (!type)
    return fail(
      'error: You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.',
    );
  const kind = kindNamed(type);
  if (!kind) return fail(`error: the server doesn't have a resource type "${type}"`);
  if (!name) return fail('error: this terminal describes one object: kubectl describe KIND NAME');
  const found = findObject(world, kind, args.namespace ?? world.namespace, name);
  if ('error' in found) return fail(found.error);
  const obj = found.obj;
  const owner = obj.metadata.ownerReferences?.find((o) => o.controller);
  const lines = [
    field('Name', obj.metadata.name ?? ''),
    field('Namespace', obj.metadata.namespace ?? ''),
    ...fields('Labels', mapText(obj.metadata.labels)),
    ...fields('Annotations', mapText(obj.metadata.annotations)),
    field('CreationTimestamp', httpDate(obj.metadata.creationTimestamp)),
    ...(owner ? [field('Controlled By', `${owner.kind}/${owner.name}`)] : []),
  ];
  lines.push(...kindFields(obj, world.nowMs));
  const events = eventsUntil(world).filter(
    (e) => e.object.split('/')[1] === name && e.object.startsWith(`${kind.kind.toLowerCase()}/`),
  );
  if (events.length === 0) lines.push('Events:            <none>');
  else {
    lines.push('Events:');
    const rows = events.map((e) => [
      e.type,
      e.reason,
      humanDuration((world.t - e.t) * 1000),
      sourceOf[e.reason] ?? (kind.kind === 'Pod' ? 'kubelet' : 'controller'),
      e.message,
    ]);
    const header = ['Type', 'Reason', 'Age', 'From', 'Message'];
    const all = [header, header.map((h) => '-'.repeat(h.length)), ...rows];
    const widths = header.map((_, i) => Math.max(...all.map((r) => escapeControl(r[i]).length)));
    for (const r of all)
      lines.push(
        `  ${r.map((c, i) => (i < r.length - 1 ? escapeControl(c).padEnd(widths[i] + 2) : escapeControl(c))).join('')}`.trimEnd(),
      );
  }
  return ok(lines);
}

/** One `Key:  value` line; several values go one a line under each other, as describe aligns them. */
function fields(k: string, values: string[], indent = ''): string[] {
  const head = `${indent}${`${k}:`.padEnd(19 - indent.length)}`;
  return values.map((v, i) => `${i === 0 ? head : ' '.repeat(head.length)}${escapeControl(v)}`.trimEnd());
}

const field = (k: string, v: string, indent = '') => fields(k, [v], indent)[0];

function mapText(m: Record<string, string> | undefined): string[] {
  const entries = Object.entries(m ?? {});
  if (entries.length === 0) return ['<none>'];
  return entries.map(([k, v]) => `${k}=${v}`);
}

/** describe prints times like Go's RFC 1123: `Thu, 01 Jan 2026 00:00:00 +0000`. */
function httpDate(iso: string | undefined): string {
  if (!iso) return '<unknown>';
  return new Date(iso).toUTCString().replace('GMT', '+0000');
}

function containerLines(containers: JsonAny[], statuses: JsonAny[]): string[] {
  const lines = ['Containers:'];
  for (const c of containers) {
    const s = statuses.find((x) => x.name === c.name);
    lines.push(`  ${c.name}:`);
    lines.push(field('Image', c.image ?? '', '    '));
    if (c.command) {
      lines.push('    Command:');
      for (const part of c.command as string[])
        lines.push(
          ...String(part)
            .replace(/\n$/, '')
            .split('\n')
            .map((l) => `      ${escapeControl(l)}`),
        );
    }
    if (s) {
      const state = s.state ?? {};
      const [word, detail] = state.running
        ? ['Running', `Started:      ${httpDate(state.running.startedAt)}`]
        : state.terminated
          ? [
              'Terminated',
              `Reason:       ${state.terminated.reason ?? ''}|Exit Code:    ${state.terminated.exitCode}`,
            ]
          : ['Waiting', `Reason:       ${state.waiting?.reason ?? ''}`];
      lines.push(field('State', word, '    '));
      lines.push(...detail.split('|').map((l) => `      ${escapeControl(l)}`));
      lines.push(field('Ready', s.ready ? 'True' : 'False', '    '));
      lines.push(field('Restart Count', String(s.restartCount ?? 0), '    '));
    }
  }
  return lines;
}

function kindFields(obj: KubeObject, nowMs: number): string[] {
  const spec = obj.spec ?? {};
  const status = obj.status ?? {};
  switch (obj.kind) {
    case 'Pod':
      return [
        field('Node', spec.nodeName ?? '<none>'),
        field('Status', podDisplayState(obj).kubectlStatus),
        field('IP', status.podIP ?? ''),
        ...containerLines(spec.containers ?? [], status.containerStatuses ?? []),
      ];
    case 'Job': {
      const start = status.startTime;
      const end = status.completionTime;
      return [
        field('Parallelism', String(spec.parallelism ?? 1)),
        field('Completions', String(spec.completions ?? 1)),
        field('Backoff Limit', String(spec.backoffLimit ?? 6)),
        field('Start Time', httpDate(start)),
        ...(end ? [field('Completed At', httpDate(end))] : []),
        ...(start
          ? [field('Duration', humanDuration((end ? Date.parse(end) : nowMs) - Date.parse(start)))]
          : []),
        field(
          'Pods Statuses',
          `${status.active ?? 0} Active (${status.ready ?? 0} Ready) / ${status.succeeded ?? 0} Succeeded / ${status.failed ?? 0} Failed`,
        ),
        'Pod Template:',
        ...containerLines(spec.template?.spec?.containers ?? [], []).map((l) => `  ${l}`),
      ];
    }
    case 'Deployment':
    case 'StatefulSet':
    case 'ReplicaSet': {
      const desired = spec.replicas ?? 1;
      const conds: JsonAny[] = status.conditions ?? [];
      const replicas =
        obj.kind === 'Deployment'
          ? `${desired} desired | ${status.updatedReplicas ?? 0} updated | ${status.replicas ?? 0} total | ${status.availableReplicas ?? 0} available | ${status.unavailableReplicas ?? 0} unavailable`
          : `${status.replicas ?? 0} current / ${desired} desired`;
      return [
        field('Replicas', replicas),
        'Pod Template:',
        ...containerLines(spec.template?.spec?.containers ?? [], []).map((l) => `  ${l}`),
        ...(conds.length
          ? [
              'Conditions:',
              '  Type           Status  Reason',
              '  ----           ------  ------',
              ...conds.map((c) =>
                `  ${String(c.type).padEnd(15)}${String(c.status).padEnd(8)}${c.reason ?? ''}`.trimEnd(),
              ),
            ]
          : []),
      ];
    }
    case 'Service':
      return [
        field('Type', spec.type ?? 'ClusterIP'),
        field('IP', spec.clusterIP ?? '<none>'),
        ...((spec.ports ?? []) as JsonAny[]).map((p) =>
          field('Port', `<unset>  ${p.port}/${p.protocol ?? 'TCP'}`),
        ),
      ];
    case 'ConfigMap':
      return [
        '',
        'Data',
        '====',
        ...Object.entries((obj.data ?? {}) as Record<string, string>).flatMap(([k, v]) => [
          `${escapeControl(k)}:`,
          '----',
          ...String(v).split('\n').map(escapeControl),
          '',
        ]),
      ];
    default:
      return [];
  }
}
