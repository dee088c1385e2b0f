import { groupOf, type JsonAny, kindsByGroup } from '../engine';
import { closestKind } from './closestKind';
import { formatPath } from './formatPath';
import { validateContainers } from './validateContainers';
import { validateAnnotationsSize } from './validateAnnotationsSize';
import { validateMaintenancePage } from './validateMaintenancePage';
import { validateNames } from './validateNames';
import type { ObjectIssue, YamlPath } from './objectIssue';

export type { ObjectIssue, YamlPath } from './objectIssue';

/**
 * The kinds each built-in API group serves (src/engine/cluster/kinds.ts), so that a typo in a known group is caught
 * the way kubectl reports it (`no matches for kind "Deploymnet" in version "apps/v1"`). Groups not listed (CRDs
 * such as `argoproj.io`) accept any kind.
 */
const knownKinds = kindsByGroup();

type FieldType =
  'string' | 'count' | 'port' | 'boolean' | 'list' | 'mapping' | 'stringMap' | 'stringList' | 'intOrString';

interface Rule {
  /** Dotted path; `*` stands for every element of a list. */
  path: string;
  type: FieldType;
  /** Built-in kinds the rule applies to; absent = every object. Custom resources are never checked. */
  kinds?: readonly string[];
}

const workloads = ['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet'];

/** The fields of a pod spec the sandbox reads, below `prefix`. */
function podSpecRules(prefix: string, kinds: readonly string[]): Rule[] {
  const fields: Array<[string, FieldType]> = [
    ['restartPolicy', 'string'],
    ['terminationGracePeriodSeconds', 'count'],
    ['initContainers', 'list'],
    ['containers', 'list'],
  ];
  const container: Array<[string, FieldType]> = [
    ['', 'mapping'],
    ['.name', 'string'],
    ['.image', 'string'],
    ['.command', 'stringList'],
    ['.args', 'stringList'],
    ['.ports', 'list'],
    ['.ports.*.containerPort', 'port'],
    ['.env', 'list'],
    ['.env.*.name', 'string'],
    ['.env.*.value', 'string'],
    ['.readinessProbe.initialDelaySeconds', 'count'],
  ];
  return [
    ...fields.map(([field, type]) => ({ path: `${prefix}.${field}`, type, kinds })),
    ...['initContainers', 'containers'].flatMap((list) =>
      container.map(([field, type]) => ({ path: `${prefix}.${list}.*${field}`, type, kinds })),
    ),
  ];
}

/** Template metadata and spec of workloads (`spec.template`) and CronJobs (`spec.jobTemplate.spec.template`). */
function templateRules(prefix: string, kinds: readonly string[]): Rule[] {
  return [
    { path: `${prefix}.metadata.labels`, type: 'stringMap', kinds },
    { path: `${prefix}.metadata.annotations`, type: 'stringMap', kinds },
    ...podSpecRules(`${prefix}.spec`, kinds),
  ];
}

/** The fields the sandbox reads, parents before children so the first issue is the most telling one. */
const rules: Rule[] = [
  { path: 'metadata.name', type: 'string' },
  { path: 'metadata.generateName', type: 'string' },
  { path: 'metadata.namespace', type: 'string' },
  { path: 'metadata.labels', type: 'stringMap' },
  { path: 'metadata.annotations', type: 'stringMap' },
  { path: 'metadata.finalizers', type: 'stringList' },
  { path: 'spec.replicas', type: 'count', kinds: ['Deployment', 'ReplicaSet', 'StatefulSet'] },
  { path: 'spec.minReadySeconds', type: 'count', kinds: workloads },
  { path: 'spec.revisionHistoryLimit', type: 'count', kinds: workloads },
  { path: 'spec.selector.matchLabels', type: 'stringMap', kinds: [...workloads, 'Job'] },
  { path: 'spec.paused', type: 'boolean', kinds: ['Deployment'] },
  { path: 'spec.progressDeadlineSeconds', type: 'count', kinds: ['Deployment'] },
  { path: 'spec.updateStrategy.rollingUpdate.partition', type: 'count', kinds: ['StatefulSet'] },
  ...templateRules('spec.template', [...workloads, 'Job']),
  { path: 'spec.backoffLimit', type: 'count', kinds: ['Job'] },
  { path: 'spec.completions', type: 'count', kinds: ['Job'] },
  { path: 'spec.parallelism', type: 'count', kinds: ['Job'] },
  { path: 'spec.activeDeadlineSeconds', type: 'count', kinds: ['Job'] },
  { path: 'spec.ttlSecondsAfterFinished', type: 'count', kinds: ['Job'] },
  { path: 'spec.suspend', type: 'boolean', kinds: ['Job', 'CronJob'] },
  { path: 'spec.schedule', type: 'string', kinds: ['CronJob'] },
  { path: 'spec.jobTemplate.spec.backoffLimit', type: 'count', kinds: ['CronJob'] },
  ...templateRules('spec.jobTemplate.spec.template', ['CronJob']),
  ...podSpecRules('spec', ['Pod']),
  { path: 'spec.type', type: 'string', kinds: ['Service'] },
  { path: 'spec.selector', type: 'stringMap', kinds: ['Service'] },
  { path: 'spec.ports', type: 'list', kinds: ['Service'] },
  { path: 'spec.ports.*.port', type: 'port', kinds: ['Service'] },
  { path: 'spec.ports.*.targetPort', type: 'intOrString', kinds: ['Service'] },
  { path: 'spec.ports.*.nodePort', type: 'port', kinds: ['Service'] },
  { path: 'data', type: 'stringMap', kinds: ['ConfigMap', 'Secret'] },
  { path: 'stringData', type: 'stringMap', kinds: ['Secret'] },
];

/**
 * The first problem that makes an object unusable for the sandbox, or null: no kind or apiVersion, no name, a
 * kind its built-in API group does not serve, or a field the sandbox reads with the wrong type. Messages
 * follow kubectl's and the API server's wording where they have one.
 *
 * @example
 * validateObject({ apiVersion: 'apps/v1', kind: 'Deploymnet', metadata: { name: 'x' } });
 * // { path: ['kind'], message: 'no matches for kind "Deploymnet" in version "apps/v1" (did you mean "Deployment"?)' }
 */
export function validateObject(obj: JsonAny, options: { requireName?: boolean } = {}): ObjectIssue | null {
  if (!isMapping(obj))
    return { path: [], message: `expected a Kubernetes object (a mapping), got ${describe(obj)}` };
  for (const field of ['kind', 'apiVersion']) {
    if (obj[field] === undefined || obj[field] === null || obj[field] === '') {
      return {
        path: [],
        message: `"${field}" is missing: every Kubernetes object needs apiVersion and kind`,
      };
    }
    if (typeof obj[field] !== 'string') return typeIssue([field], 'string', obj[field]);
  }
  // Own keys only: a group named `constructor` or `toString` (a CRD's, for all we know) is not a built-in one, and
  // reading the table's prototype made it crash the reader ("served.includes is not a function").
  const group = groupOf(obj.apiVersion);
  const served = Object.hasOwn(knownKinds, group) ? knownKinds[group] : undefined;
  if (served && !served.includes(obj.kind)) {
    const suggestion = closestKind(obj.kind, served);
    return {
      path: ['kind'],
      message:
        `no matches for kind "${obj.kind}" in version "${obj.apiVersion}"` +
        (suggestion ? ` (did you mean "${suggestion}"?)` : ''),
    };
  }
  if (obj.metadata !== undefined && obj.metadata !== null && !isMapping(obj.metadata)) {
    return typeIssue(['metadata'], 'mapping', obj.metadata);
  }
  const metadata = obj.metadata ?? {};
  if ((options.requireName ?? true) && !metadata.name && !metadata.generateName) {
    return {
      path: obj.metadata ? ['metadata'] : [],
      message:
        'metadata.name is missing (and there is no metadata.generateName): resource name may not be empty',
    };
  }
  const builtIn = served !== undefined;
  for (const rule of rules) {
    if (rule.kinds && !(builtIn && rule.kinds.includes(obj.kind))) continue;
    const issue = checkRule(obj, rule.path.split('.'), [], rule.type);
    if (issue) return issue;
  }
  // Names last: a mistyped field is the more telling problem. Custom resources are named like built-in objects
  // (apiextensions-apiserver `NameIsDNSSubdomain`), so their names are checked too. Then the pod spec's
  // containers, as the API server validates metadata before spec; only for the built-in kinds that run pods.
  return (
    validateNames(obj, obj.kind) ??
    validateAnnotationsSize(obj.metadata) ??
    validateMaintenancePage(obj.kind, obj.metadata) ??
    (builtIn ? validateContainers(obj, obj.kind) : null)
  );
}

function checkRule(value: JsonAny, segments: string[], path: YamlPath, type: FieldType): ObjectIssue | null {
  if (value === undefined || value === null) return null; // absent fields are the API server's defaults
  if (segments.length === 0) return checkType(value, path, type);
  const [head, ...rest] = segments;
  if (head === '*') {
    if (!Array.isArray(value)) return null; // the list rule itself reports this
    for (let i = 0; i < value.length; i++) {
      const issue = checkRule(value[i], rest, [...path, i], type);
      if (issue) return issue;
    }
    return null;
  }
  return isMapping(value) ? checkRule(value[head], rest, [...path, head], type) : null;
}

function checkType(value: JsonAny, path: YamlPath, type: FieldType): ObjectIssue | null {
  switch (type) {
    case 'string':
    case 'boolean':
      return typeof value === type ? null : typeIssue(path, type, value);
    case 'list':
      return Array.isArray(value) ? null : typeIssue(path, type, value);
    case 'mapping':
      return isMapping(value) ? null : typeIssue(path, type, value);
    case 'intOrString':
      return Number.isInteger(value) || typeof value === 'string' ? null : typeIssue(path, type, value);
    case 'count':
    case 'port':
      if (!Number.isInteger(value)) return typeIssue(path, type, value);
      if (type === 'count' && value < 0) return invalid(path, value, 'must be greater than or equal to 0');
      if (type === 'port' && (value < 1 || value > 65535)) {
        return invalid(path, value, 'must be between 1 and 65535, inclusive');
      }
      return null;
    case 'stringList':
      if (!Array.isArray(value)) return typeIssue(path, type, value);
      for (let i = 0; i < value.length; i++) {
        if (typeof value[i] !== 'string') return typeIssue([...path, i], 'string', value[i]);
      }
      return null;
    case 'stringMap':
      if (!isMapping(value)) return typeIssue(path, type, value);
      for (const [key, entry] of Object.entries(value)) {
        if (entry !== null && typeof entry !== 'string') {
          const issue = typeIssue([...path, key], 'string', entry);
          // YAML reads `version: 1.10` as a number and `enabled: true` as a boolean; quoting is the fix.
          if (typeof entry === 'number' || typeof entry === 'boolean') issue.message += quoteHint;
          return issue;
        }
      }
      return null;
  }
}

const quoteHint = ' (quote the value so that YAML reads it as a string)';

const expected: Record<FieldType, string> = {
  string: 'a string',
  count: 'an integer',
  port: 'an integer port number',
  boolean: 'true or false',
  list: 'a list',
  mapping: 'a mapping',
  stringMap: 'a mapping of strings',
  stringList: 'a list of strings',
  intOrString: 'an integer or a string',
};

function typeIssue(path: YamlPath, type: FieldType, value: JsonAny): ObjectIssue {
  return { path, message: `${formatPath(path)}: expected ${expected[type]}, got ${describe(value)}` };
}

/** The API server's validation wording: `spec.replicas: Invalid value: -1: must be …`. */
function invalid(path: YamlPath, value: JsonAny, reason: string): ObjectIssue {
  return { path, message: `${formatPath(path)}: Invalid value: ${value}: ${reason}` };
}

function describe(value: JsonAny): string {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${typeof value} ${String(value)}`;
}

function isMapping(value: JsonAny): value is Record<string, JsonAny> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
