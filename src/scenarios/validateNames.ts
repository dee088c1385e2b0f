import {
  isDNS1035Label,
  isDNS1123Label,
  isDNS1123Subdomain,
  type JsonAny,
  maskTrailingDash,
} from '../engine';
import { validateCronSchedule } from './validateCronSchedule';
import type { ObjectIssue } from './objectIssue';

/*
 * The names the API server refuses, in its own words (k8s.io/apimachinery/pkg/util/validation/validation.go, in
 * src/engine/apimachinery/validation.ts, and pkg/apis/core/validation): most kinds name objects with a DNS-1123
 * subdomain, a Namespace with a DNS-1123 label, a Service with a DNS-1035 label, and an object's namespace is a
 * DNS-1123 label.
 */
type NameCheck = (value: string) => string | undefined;

/** The built-in kinds whose names are not DNS-1123 subdomains (ValidateNamespaceName, ValidateServiceName). */
/**
 * The check for a kind's names. A Map, because the kind is the user's word: a kind named `constructor` looked up in
 * a plain object found Object's own function and crashed the reader.
 */
const nameChecks = new Map<string, NameCheck>([
  ['Namespace', isDNS1123Label],
  ['Service', isDNS1035Label],
]);
const nameCheck = (kind: string): NameCheck => nameChecks.get(kind) ?? isDNS1123Subdomain;

/** Why `value` is not a DNS-1123 label (a container's name), in apimachinery's words, or undefined. */
export function dns1123LabelProblem(value: string): string | undefined {
  return isDNS1123Label(value);
}

/**
 * Why the API server would refuse `value` as the name of a `kind` object, in its words, or undefined. Used for the
 * names that do not come from a manifest (`sim run --app`, a scenario's `app.name`).
 */
export function objectNameProblem(kind: string, value: string): string | undefined {
  return nameCheck(kind)(value);
}

/** Why the API server would refuse `value` as a namespace (a DNS-1123 label), or undefined. */
export function namespaceProblem(value: string): string | undefined {
  return isDNS1123Label(value);
}

/** field.Invalid's text: `metadata.name: Invalid value: "Bad_Name!!": …`. */
function invalid(path: string[], value: string, detail: string): ObjectIssue {
  return { path, message: `${path.join('.')}: Invalid value: ${JSON.stringify(value)}: ${detail}` };
}

/**
 * The first name the API server would refuse: metadata.generateName, metadata.name, metadata.namespace, or a
 * CronJob's spec.schedule. Custom resources' names are DNS-1123 subdomains too (apiextensions-apiserver validates
 * them with `NameIsDNSSubdomain`), so every kind is checked. Types were checked before (validateObject), so non-strings are skipped here.
 *
 * @example
 * validateNames({ kind: 'ConfigMap', metadata: { name: 'a/b' } }, 'ConfigMap')?.path; // ['metadata', 'name']
 */
export function validateNames(obj: { [key: string]: JsonAny }, kind: string): ObjectIssue | null {
  const metadata = (obj.metadata ?? {}) as { [key: string]: JsonAny };
  // ValidateObjectMeta checks generateName before name, with the same rule as the kind's names.
  if (typeof metadata.generateName === 'string' && metadata.generateName !== '') {
    const problem = nameCheck(kind)(maskTrailingDash(metadata.generateName));
    if (problem) return invalid(['metadata', 'generateName'], metadata.generateName, problem);
  }
  if (typeof metadata.name === 'string' && metadata.name !== '') {
    const problem = nameCheck(kind)(metadata.name);
    if (problem) return invalid(['metadata', 'name'], metadata.name, problem);
  }
  if (typeof metadata.namespace === 'string' && metadata.namespace !== '') {
    const problem = isDNS1123Label(metadata.namespace);
    if (problem) return invalid(['metadata', 'namespace'], metadata.namespace, problem);
  }
  const spec = obj.spec as { [key: string]: JsonAny } | undefined;
  if (kind === 'CronJob' && typeof spec?.schedule === 'string') {
    const problem = validateCronSchedule(spec.schedule);
    if (problem) return invalid(['spec', 'schedule'], spec.schedule, problem);
  }
  return null;
}
