import type { KubeObject } from '../types';

/*
 * The API server's check of `metadata.labels` (apimachinery ValidateLabels: IsQualifiedName for keys,
 * IsValidLabelValue for values), in its words. kubectl's client-side dry run, which is what Argo CD runs first, does
 * not make it; the apply does (e2e TestSyncWithCreateNamespaceAndDryRunError: `has-inva/id-character!`).
 */

const nameRegex = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const valueRegex = '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?';
const subdomainRegex = '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*';

/** apimachinery's RegexError, with its two spaces between examples. */
const regexError = (message: string, regex: string, examples: string[]) =>
  `${message} (e.g. ${examples.map((e) => `'${e}', `).join(' or ')}regex used for validation is '${regex}')`;

const nameRule =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const valueRule =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const prefixRule =
  "prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";

function keyProblem(key: string): string | undefined {
  const parts = key.split('/');
  if (parts.length > 2)
    return regexError(
      "a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
      `(${subdomainRegex}/)?${nameRegex}`,
      ['MyName', 'my.name', '123-abc'],
    );
  const [prefix, name] = parts.length === 2 ? parts : ['', parts[0]];
  if (parts.length === 2) {
    if (prefix === '') return 'prefix part must be non-empty';
    if (prefix.length > 253) return 'prefix part must be no more than 253 characters';
    if (!new RegExp(`^${subdomainRegex}$`).test(prefix))
      return regexError(prefixRule, subdomainRegex, ['example.com']);
  }
  if (name === '') return 'name part must be non-empty';
  if (name.length > 63) return 'name part must be no more than 63 characters';
  if (!new RegExp(`^${nameRegex}$`).test(name))
    return regexError(nameRule, nameRegex, ['MyName', 'my.name', '123-abc']);
  return undefined;
}

function valueProblem(value: string): string | undefined {
  if (value.length > 63) return 'must be no more than 63 characters';
  if (!new RegExp(`^${valueRegex}$`).test(value))
    return regexError(valueRule, valueRegex, ['MyValue', 'my_value', '12345']);
  return undefined;
}

/**
 * The API server's refusal of an object whose labels are not valid, as kubectl prints it
 * (`ServiceAccount "x" is invalid: metadata.labels: Invalid value: "…": …`), or undefined.
 */
export function labelProblem(obj: KubeObject): string | undefined {
  const labels = obj.metadata.labels ?? {};
  for (const [key, value] of Object.entries(labels)) {
    const keyDetail = keyProblem(key);
    const detail = keyDetail ?? valueProblem(String(value ?? ''));
    if (detail === undefined) continue;
    const bad = keyDetail ? key : String(value);
    const group = obj.apiVersion?.includes('/') ? obj.apiVersion.split('/')[0] : '';
    const kind = group ? `${obj.kind}.${group}` : obj.kind;
    return `${kind} "${obj.metadata.name}" is invalid: metadata.labels: Invalid value: ${JSON.stringify(bad)}: ${detail}`;
  }
  return undefined;
}
