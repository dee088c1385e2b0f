import type { JsonAny, KubeObject } from '../types';

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

/** A Map, since the kind is the user's word (a kind named `constructor` has no typed fields, not Object's). */
const fieldsByKind = new Map<string, TypedField[]>(
  Object.entries({
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
  }),
);

export interface DecodingProblem {
  /** Where the value is, list indexes included. */
  path: (string | number)[];
  message: string;
}

/**
 * The first wrongly typed field the API server would refuse to decode, or undefined. It runs on every apply of a
 * sync, so the common case (every field well typed) walks the object and allocates nothing: the path is built only
 * for a value that is wrong.
 */
export function decodingProblem(obj: KubeObject): DecodingProblem | undefined {
  const fields = fieldsByKind.get(obj.kind);
  if (!fields || (obj.apiVersion !== 'v1' && !obj.apiVersion?.includes('/'))) return undefined;
  for (const field of fields) {
    const found = firstWrong(obj, segmentsOf(field), 0, field.goType);
    if (found === undefined) continue;
    const version = obj.apiVersion.slice(obj.apiVersion.indexOf('/') + 1);
    const jsonPath = field.path.replaceAll('.*', '');
    return {
      path: found.path.reverse(),
      message:
        `${obj.kind} in version "${version}" cannot be handled as a ${obj.kind}: json: cannot unmarshal ` +
        `${found.wrong} into Go struct field ${field.struct}.${jsonPath} of type ${field.goType}`,
    };
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

/**
 * The first value at `segments[i…]` below `value` (list items in order, `*` for every item) that does not decode
 * into `goType`, with its path from `value` in reverse (the caller reverses it once), or undefined.
 */
function firstWrong(
  value: JsonAny,
  segments: string[],
  i: number,
  goType: TypedField['goType'],
): { path: (string | number)[]; wrong: string } | undefined {
  if (value === undefined || value === null) return undefined;
  if (i === segments.length) {
    const wrong = jsonTypeIfWrong(value, goType);
    return wrong === undefined ? undefined : { path: [], wrong };
  }
  const segment = segments[i];
  if (segment === '*') {
    if (!Array.isArray(value)) return undefined;
    for (let k = 0; k < value.length; k++) {
      const found = firstWrong(value[k], segments, i + 1, goType);
      if (found) {
        found.path.push(k);
        return found;
      }
    }
    return undefined;
  }
  if (typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, segment)) return undefined;
  const found = firstWrong(value[segment], segments, i + 1, goType);
  found?.path.push(segment);
  return found;
}
/** Go's name of the JSON value's type when it does not decode into `goType` (`number 1.5` for a fraction). */
function jsonTypeIfWrong(value: JsonAny, goType: TypedField['goType']): string | undefined {
  if (goType === 'bool') return typeof value === 'boolean' ? undefined : jsonType(value);
  if (typeof value === 'number') return Number.isInteger(value) ? undefined : `number ${value}`;
  return jsonType(value);
}

function jsonType(value: JsonAny): string {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return 'number';
  return Array.isArray(value) ? 'array' : 'object';
}
