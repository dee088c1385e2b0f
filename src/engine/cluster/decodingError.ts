import type { Json, KubeObject } from '../types';

/**
 * The API server decodes every write into the kind's Go types, with or without validation, so a wrongly typed field
 * fails the apply in the server's words: `<Kind> in version "<v>" cannot be handled as a <Kind>: json: cannot
 * unmarshal <json type> into Go struct field <Struct>.<json path> of type <go type>` (e2e app_management_test.go
 * `TestSyncOptionValidateFalse`: "cannot be handled as a Deployment"). These are the typed fields of the built-in
 * kinds the sandbox runs that a manifest commonly gets wrong (a quoted number); the reader refuses them unless the
 * object says `Validate=false`, in which case the sync meets this error instead.
 */
interface TypedField {
  /** JSON path below the object, `*` for every element of a list. */
  path: string;
  struct: string;
  goType: 'int32' | 'int64' | 'bool';
}

function podSpec(prefix: string): TypedField[] {
  const fields: TypedField[] = [
    { path: `${prefix}.terminationGracePeriodSeconds`, struct: 'PodSpec', goType: 'int64' },
  ];
  for (const list of ['initContainers', 'containers'])
    fields.push({
      path: `${prefix}.${list}.*.ports.*.containerPort`,
      struct: 'ContainerPort',
      goType: 'int32',
    });
  return fields;
}

function workload(spec: string, extra: TypedField[] = []): TypedField[] {
  return [
    { path: 'spec.replicas', struct: spec, goType: 'int32' },
    { path: 'spec.minReadySeconds', struct: spec, goType: 'int32' },
    { path: 'spec.revisionHistoryLimit', struct: spec, goType: 'int32' },
    ...extra,
    ...podSpec('spec.template.spec'),
  ];
}

const fieldsByKind: Record<string, TypedField[]> = {
  Pod: podSpec('spec'),
  Deployment: workload('DeploymentSpec', [
    { path: 'spec.progressDeadlineSeconds', struct: 'DeploymentSpec', goType: 'int32' },
    { path: 'spec.paused', struct: 'DeploymentSpec', goType: 'bool' },
  ]),
  ReplicaSet: workload('ReplicaSetSpec'),
  StatefulSet: workload('StatefulSetSpec'),
  DaemonSet: [
    { path: 'spec.minReadySeconds', struct: 'DaemonSetSpec', goType: 'int32' },
    { path: 'spec.revisionHistoryLimit', struct: 'DaemonSetSpec', goType: 'int32' },
    ...podSpec('spec.template.spec'),
  ],
  Job: [
    { path: 'spec.backoffLimit', struct: 'JobSpec', goType: 'int32' },
    { path: 'spec.completions', struct: 'JobSpec', goType: 'int32' },
    { path: 'spec.parallelism', struct: 'JobSpec', goType: 'int32' },
    { path: 'spec.activeDeadlineSeconds', struct: 'JobSpec', goType: 'int64' },
    ...podSpec('spec.template.spec'),
  ],
  CronJob: podSpec('spec.jobTemplate.spec.template.spec'),
};

export interface DecodingProblem {
  /** Where the value is, list indexes included. */
  path: (string | number)[];
  message: string;
}

/** The first wrongly typed field the API server would refuse to decode, or undefined. */
export function decodingProblem(obj: KubeObject): DecodingProblem | undefined {
  const fields = fieldsByKind[obj.kind];
  if (!fields || (obj.apiVersion !== 'v1' && !obj.apiVersion?.includes('/'))) return undefined;
  for (const field of fields) {
    for (const { path, value } of valuesAt(obj, segmentsOf(field))) {
      const wrong = jsonTypeIfWrong(value, field.goType);
      if (wrong === undefined) continue;
      const version = obj.apiVersion.slice(obj.apiVersion.indexOf('/') + 1);
      const jsonPath = field.path.replaceAll('.*', '');
      return {
        path,
        message:
          `${obj.kind} in version "${version}" cannot be handled as a ${obj.kind}: json: cannot unmarshal ` +
          `${wrong} into Go struct field ${field.struct}.${jsonPath} of type ${field.goType}`,
      };
    }
  }
  return undefined;
}

const segments = new WeakMap<TypedField, string[]>();

/** A field's path split once: the check runs on every apply. */
function segmentsOf(field: TypedField): string[] {
  let split = segments.get(field);
  if (!split) segments.set(field, (split = field.path.split('.')));
  return split;
}

function valuesAt(root: Json, segments: string[]): { path: (string | number)[]; value: Json }[] {
  let current: { path: (string | number)[]; value: Json }[] = [{ path: [], value: root }];
  for (const segment of segments) {
    const next: typeof current = [];
    for (const { path, value } of current) {
      if (segment === '*') {
        if (Array.isArray(value)) value.forEach((item, i) => next.push({ path: [...path, i], value: item }));
      } else if (
        value !== null &&
        typeof value === 'object' &&
        !Array.isArray(value) &&
        Object.hasOwn(value, segment)
      )
        next.push({ path: [...path, segment], value: value[segment] });
    }
    current = next;
  }
  return current.filter(({ value }) => value !== undefined && value !== null);
}

/** Go's name of the JSON value's type when it does not decode into `goType` (`number 1.5` for a fraction). */
function jsonTypeIfWrong(value: Json, goType: TypedField['goType']): string | undefined {
  if (goType === 'bool') return typeof value === 'boolean' ? undefined : jsonType(value);
  if (typeof value === 'number') return Number.isInteger(value) ? undefined : `number ${value}`;
  return jsonType(value);
}

function jsonType(value: Json): string {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return 'number';
  return Array.isArray(value) ? 'array' : 'object';
}
