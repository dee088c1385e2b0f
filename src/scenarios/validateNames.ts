import type { Json } from '../engine/types';
import { validateCronSchedule } from './validateCronSchedule';
import type { ObjectIssue } from './validateObject';

/*
 * The names the API server refuses, in its own words (k8s.io/apimachinery/pkg/util/validation/validation.go and
 * pkg/apis/core/validation): most kinds name objects with a DNS-1123 subdomain, a Namespace with a DNS-1123
 * label, a Service with a DNS-1035 label, and an object's namespace is a DNS-1123 label.
 */

interface NameRule {
  max: number;
  regex: string;
  message: string;
  examples: string[];
}

const label = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const subdomain: NameRule = {
  max: 253,
  regex: `${label}(\\.${label})*`,
  message:
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
  examples: ['example.com'],
};
const dns1123Label: NameRule = {
  max: 63,
  regex: label,
  message:
    "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character",
  examples: ['my-name', '123-abc'],
};
const dns1035Label: NameRule = {
  max: 63,
  regex: '[a-z]([-a-z0-9]*[a-z0-9])?',
  message:
    "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character",
  examples: ['my-name', 'abc-123'],
};

/** The built-in kinds whose names are not DNS-1123 subdomains (ValidateNamespaceName, ValidateServiceName). */
const nameRules = new Map<string, NameRule>([
  ['Namespace', dns1123Label],
  ['Service', dns1035Label],
]);

/**
 * The rule for a kind's names. A Map, because the kind is the user's word: a kind named `constructor` looked up in a
 * plain object found Object's own function and crashed the reader (issue 23).
 */
const nameRuleOf = (kind: string): NameRule => nameRules.get(kind) ?? subdomain;

/**
 * apimachinery's RegexError: the message, its examples and the regex. Each example is followed by ", " and the next
 * one preceded by " or ", so two examples read `'my-name',  or '123-abc',` with two spaces, as kubectl prints it.
 */
function regexError(rule: NameRule): string {
  const examples = rule.examples.map((e) => `'${e}', `).join(' or ');
  return `${rule.message} (e.g. ${examples}regex used for validation is '${rule.regex}')`;
}

/** The first reason `value` is not a valid name under `rule` (IsDNS1123Subdomain and friends), or undefined. */
function nameProblem(value: string, rule: NameRule, prefix = false): string | undefined {
  // A generateName prefix is checked as the API server does (apimachinery `maskTrailingDash`): a trailing dash
  // is allowed because the generated suffix follows it, so the last two characters are replaced by one letter.
  if (prefix && value.length > 1 && value.endsWith('-')) value = `${value.slice(0, -2)}a`;
  if (value.length > rule.max) return `must be no more than ${rule.max} characters`;
  if (new RegExp(`^${rule.regex}$`).test(value)) return undefined;
  // IsDNS1123Label: a valid subdomain that is not a valid label can only be one with dots, and says so.
  if (rule === dns1123Label && new RegExp(`^${subdomain.regex}$`).test(value)) return 'must not contain dots';
  return regexError(rule);
}

/** Why `value` is not a DNS-1123 label (a container's name, a namespace), in apimachinery's words, or undefined. */
export function labelProblem(value: string): string | undefined {
  return nameProblem(value, dns1123Label);
}

/**
 * Why the API server would refuse `value` as the name of a `kind` object, in its words, or undefined. Used for the
 * names that do not come from a manifest (`sim run --app`, a scenario's `app.name`).
 */
export function objectNameProblem(kind: string, value: string): string | undefined {
  return nameProblem(value, nameRuleOf(kind));
}

/** Why the API server would refuse `value` as a namespace (a DNS-1123 label), or undefined. */
export function namespaceProblem(value: string): string | undefined {
  return labelProblem(value);
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
export function validateNames(obj: { [key: string]: Json }, kind: string): ObjectIssue | null {
  const metadata = (obj.metadata ?? {}) as { [key: string]: Json };
  // ValidateObjectMeta checks generateName before name, with the same rule as the kind's names.
  if (typeof metadata.generateName === 'string' && metadata.generateName !== '') {
    const problem = nameProblem(metadata.generateName, nameRuleOf(kind), true);
    if (problem) return invalid(['metadata', 'generateName'], metadata.generateName, problem);
  }
  if (typeof metadata.name === 'string' && metadata.name !== '') {
    const problem = nameProblem(metadata.name, nameRuleOf(kind));
    if (problem) return invalid(['metadata', 'name'], metadata.name, problem);
  }
  if (typeof metadata.namespace === 'string' && metadata.namespace !== '') {
    const problem = nameProblem(metadata.namespace, dns1123Label);
    if (problem) return invalid(['metadata', 'namespace'], metadata.namespace, problem);
  }
  const spec = obj.spec as { [key: string]: Json } | undefined;
  if (kind === 'CronJob' && typeof spec?.schedule === 'string') {
    const problem = validateCronSchedule(spec.schedule);
    if (problem) return invalid(['spec', 'schedule'], spec.schedule, problem);
  }
  return null;
}
