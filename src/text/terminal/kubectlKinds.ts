import { knownKind, podDisplayState, type JsonAny, type KubeObject } from '../../engine';
import { humanDuration } from './humanDuration';

/**
 * The resource types `kubectl get` knows in this terminal, with kubectl's own names, short names, columns
 * (`-o wide` adds the wide ones) and the group words used in its NotFound errors (`jobs.batch "x" not found`).
 * The columns follow kubectl's printers (k8s.io/kubernetes pkg/printers/internalversion/printers.go).
 */
export interface KindInfo {
  kind: string;
  /** kubectl's plural resource name, e.g. `deployments`. */
  resource: string;
  /** The API group, '' for the core group. */
  group: string;
  /** Singular, plural and short names a learner can type. */
  names: string[];
  columns: string[];
  wide: string[];
  row: (obj: KubeObject, nowMs: number, wide: boolean) => string[];
}

const age = (obj: KubeObject, nowMs: number) =>
  obj.metadata.creationTimestamp
    ? humanDuration(nowMs - Date.parse(obj.metadata.creationTimestamp))
    : '<unknown>';

const none = (s: string | undefined) => (s ? s : '<none>');

function selectorText(selector: JsonAny | undefined): string {
  const labels: Record<string, string> = selector?.matchLabels ?? selector ?? {};
  const text = Object.entries(labels)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
  return none(text);
}

function containersOf(obj: KubeObject): { names: string; images: string } {
  const cs: JsonAny[] = obj.spec?.template?.spec?.containers ?? [];
  return { names: cs.map((c) => c.name).join(','), images: cs.map((c) => c.image).join(',') };
}

const workloadWide = (obj: KubeObject, selector = true) => {
  const c = containersOf(obj);
  return selector ? [c.names, c.images, selectorText(obj.spec?.selector)] : [c.names, c.images];
};

function podRow(pod: KubeObject, nowMs: number, wide: boolean): string[] {
  const display = podDisplayState(pod);
  const statuses: JsonAny[] = pod.status?.containerStatuses ?? [];
  const total = (pod.spec?.containers ?? []).length;
  const ready = statuses.filter((c) => c.ready).length;
  let restarts = String(display.restarts);
  const lastRestart = statuses
    .map((c) => c.lastState?.terminated?.finishedAt as string | undefined)
    .filter((x): x is string => Boolean(x))
    .sort()
    .at(-1);
  if (display.restarts > 0 && lastRestart)
    restarts += ` (${humanDuration(nowMs - Date.parse(lastRestart))} ago)`;
  const row = [
    pod.metadata.name ?? '',
    `${ready}/${total}`,
    display.kubectlStatus,
    restarts,
    age(pod, nowMs),
  ];
  if (wide) row.push(none(pod.status?.podIP), none(pod.spec?.nodeName), '<none>', '<none>');
  return row;
}

/** kubectl 1.31+'s Job STATUS column: the terminal condition, else Running (or Suspended). */
function jobStatus(job: KubeObject): string {
  const conds: JsonAny[] = job.status?.conditions ?? [];
  const has = (type: string) => conds.some((c) => c.type === type && c.status === 'True');
  if (has('Complete')) return 'Complete';
  if (has('Failed')) return 'Failed';
  if (job.metadata.deletionTimestamp) return 'Terminating';
  if (has('SuccessCriteriaMet')) return 'SuccessCriteriaMet';
  if (has('FailureTarget')) return 'FailureTarget';
  if (has('Suspended')) return 'Suspended';
  return 'Running';
}

function jobRow(job: KubeObject, nowMs: number, wide: boolean): string[] {
  const completions = job.spec?.completions ?? 1;
  const start = job.status?.startTime;
  const end = job.status?.completionTime;
  const duration = start ? humanDuration((end ? Date.parse(end) : nowMs) - Date.parse(start)) : '';
  const row = [
    job.metadata.name ?? '',
    jobStatus(job),
    `${job.status?.succeeded ?? 0}/${completions}`,
    duration,
    age(job, nowMs),
  ];
  if (wide) {
    const c = containersOf(job);
    const sel = job.spec?.selector?.matchLabels ?? {};
    row.push(
      c.names,
      c.images,
      none(
        Object.entries(sel)
          .map(([k, v]) => `${k}=${v}`)
          .join(','),
      ),
    );
  }
  return row;
}

function portsOf(svc: KubeObject): string {
  const ports: JsonAny[] = svc.spec?.ports ?? [];
  if (ports.length === 0) return '<none>';
  return ports.map((p) => `${p.port}${p.nodePort ? `:${p.nodePort}` : ''}/${p.protocol ?? 'TCP'}`).join(',');
}

function externalIp(svc: KubeObject): string {
  const type = svc.spec?.type ?? 'ClusterIP';
  const ingress: JsonAny[] = svc.status?.loadBalancer?.ingress ?? [];
  const external: string[] = svc.spec?.externalIPs ?? [];
  if (type === 'ExternalName') return svc.spec?.externalName ?? '<none>';
  if (type === 'LoadBalancer') {
    const ips = [...ingress.map((i) => i.ip ?? i.hostname), ...external].filter(Boolean);
    return ips.length ? ips.join(',') : '<pending>';
  }
  return external.length ? external.join(',') : '<none>';
}

/** kubectl's names of a kind (its plural, singular and short names) and its group, from the engine's kind table. */
function kubectlNames(kind: string): Pick<KindInfo, 'kind' | 'resource' | 'group' | 'names'> {
  const info = knownKind(kind);
  if (!info) throw new Error(`kind ${kind} is not in the engine's kind table`);
  return {
    kind,
    resource: info.plural,
    group: info.group,
    names: [info.plural, kind.toLowerCase(), ...info.shortNames],
  };
}

export const kinds: KindInfo[] = [
  {
    ...kubectlNames('Pod'),
    columns: ['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE'],
    wide: ['IP', 'NODE', 'NOMINATED NODE', 'READINESS GATES'],
    row: podRow,
  },
  {
    ...kubectlNames('Job'),
    columns: ['NAME', 'STATUS', 'COMPLETIONS', 'DURATION', 'AGE'],
    wide: ['CONTAINERS', 'IMAGES', 'SELECTOR'],
    row: jobRow,
  },
  {
    ...kubectlNames('Deployment'),
    columns: ['NAME', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'AGE'],
    wide: ['CONTAINERS', 'IMAGES', 'SELECTOR'],
    row: (d, now, wide) => [
      d.metadata.name ?? '',
      `${d.status?.readyReplicas ?? 0}/${d.spec?.replicas ?? 1}`,
      String(d.status?.updatedReplicas ?? 0),
      String(d.status?.availableReplicas ?? 0),
      age(d, now),
      ...(wide ? workloadWide(d) : []),
    ],
  },
  {
    ...kubectlNames('ReplicaSet'),
    columns: ['NAME', 'DESIRED', 'CURRENT', 'READY', 'AGE'],
    wide: ['CONTAINERS', 'IMAGES', 'SELECTOR'],
    row: (rs, now, wide) => [
      rs.metadata.name ?? '',
      String(rs.spec?.replicas ?? 1),
      String(rs.status?.replicas ?? 0),
      String(rs.status?.readyReplicas ?? 0),
      age(rs, now),
      ...(wide ? workloadWide(rs) : []),
    ],
  },
  {
    ...kubectlNames('StatefulSet'),
    columns: ['NAME', 'READY', 'AGE'],
    wide: ['CONTAINERS', 'IMAGES'],
    row: (s, now, wide) => [
      s.metadata.name ?? '',
      `${s.status?.readyReplicas ?? 0}/${s.spec?.replicas ?? 1}`,
      age(s, now),
      ...(wide ? workloadWide(s, false) : []),
    ],
  },
  {
    ...kubectlNames('Service'),
    columns: ['NAME', 'TYPE', 'CLUSTER-IP', 'EXTERNAL-IP', 'PORT(S)', 'AGE'],
    wide: ['SELECTOR'],
    row: (s, now, wide) => [
      s.metadata.name ?? '',
      s.spec?.type ?? 'ClusterIP',
      none(s.spec?.clusterIP),
      externalIp(s),
      portsOf(s),
      age(s, now),
      ...(wide ? [selectorText(s.spec?.selector)] : []),
    ],
  },
  {
    ...kubectlNames('ConfigMap'),
    columns: ['NAME', 'DATA', 'AGE'],
    wide: [],
    row: (c, now) => [
      c.metadata.name ?? '',
      String(Object.keys(c.data ?? {}).length + Object.keys(c.binaryData ?? {}).length),
      age(c, now),
    ],
  },
  {
    ...kubectlNames('Secret'),
    columns: ['NAME', 'TYPE', 'DATA', 'AGE'],
    wide: [],
    row: (s, now) => [
      s.metadata.name ?? '',
      s.type ?? 'Opaque',
      String(Object.keys(s.data ?? {}).length + Object.keys(s.stringData ?? {}).length),
      age(s, now),
    ],
  },
  {
    ...kubectlNames('PersistentVolumeClaim'),
    columns: [
      'NAME',
      'STATUS',
      'VOLUME',
      'CAPACITY',
      'ACCESS MODES',
      'STORAGECLASS',
      'VOLUMEATTRIBUTESCLASS',
      'AGE',
    ],
    wide: ['VOLUMEMODE'],
    row: (p, now, wide) => [
      p.metadata.name ?? '',
      p.status?.phase ?? 'Pending',
      p.spec?.volumeName ?? '',
      p.status?.capacity?.storage ?? '',
      accessModes(p.status?.accessModes ?? []),
      none(p.spec?.storageClassName),
      '<unset>',
      age(p, now),
      ...(wide ? [p.spec?.volumeMode ?? 'Filesystem'] : []),
    ],
  },
  {
    ...kubectlNames('Namespace'),
    columns: ['NAME', 'STATUS', 'AGE'],
    wide: [],
    row: (n, now) => [n.metadata.name ?? '', n.status?.phase ?? 'Active', age(n, now)],
  },
];

function accessModes(modes: string[]): string {
  const short: Record<string, string> = {
    ReadWriteOnce: 'RWO',
    ReadOnlyMany: 'ROX',
    ReadWriteMany: 'RWX',
    ReadWriteOncePod: 'RWOP',
  };
  return modes.map((m) => (Object.hasOwn(short, m) ? short[m] : m)).join(',');
}

/** The kind a typed resource name means (`deploy`, `jobs.batch`, `Deployment`), if this terminal knows it. */
export function kindNamed(typed: string): KindInfo | undefined {
  const lower = typed.toLowerCase();
  const [name, ...group] = lower.split('.');
  return kinds.find(
    (k) =>
      (k.names.includes(name) || k.kind.toLowerCase() === name) &&
      (group.length === 0 || group.join('.') === k.group || (k.group === '' && group.join('.') === '')),
  );
}

/** kubectl's qualified resource name in errors: `jobs.batch`, `deployments.apps`, plain `pods` for the core. */
export function qualified(kind: KindInfo): string {
  return kind.group ? `${kind.resource}.${kind.group}` : kind.resource;
}

/** kubectl's `TYPE/NAME` prefix in `get all` and `-o name`: `deployment.apps/checkout`, `pod/x`. */
export function typeName(kind: KindInfo, name: string): string {
  const singular = kind.kind.toLowerCase();
  return `${kind.group ? `${singular}.${kind.group}` : singular}/${name}`;
}
