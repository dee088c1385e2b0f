/*
 * The API server's name and label checks, in its own words: one function per function of
 * k8s.io/apimachinery/pkg/util/validation/validation.go, each returning the first message of the list the Go
 * function returns, or undefined when the value is valid. The engine (labels on apply), the scenario reader (names
 * in manifests, `app.name`) and the CLI (`--app`, `--namespace`) all check with these.
 */

/** `RegexError`: the message, its examples and the regex. Each example is followed by ", " and the next one
 * preceded by " or ", so two examples read `'my-name',  or '123-abc',` with two spaces, as kubectl prints it. */
export function regexError(message: string, regex: string, examples: readonly string[]): string {
  return `${message} (e.g. ${examples.map((e) => `'${e}', `).join(' or ')}regex used for validation is '${regex}')`;
}

/** `MaxLenError`. */
function maxLenError(max: number): string {
  return `must be no more than ${max} characters`;
}

const dns1123LabelFmt = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const dns1123SubdomainFmt = `${dns1123LabelFmt}(\\.${dns1123LabelFmt})*`;
const dns1035LabelFmt = '[a-z]([-a-z0-9]*[a-z0-9])?';
const qualifiedNameFmt = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const labelValueFmt = `(${qualifiedNameFmt})?`;

const dns1123LabelRe = new RegExp(`^${dns1123LabelFmt}$`);
const dns1123SubdomainRe = new RegExp(`^${dns1123SubdomainFmt}$`);
const dns1035LabelRe = new RegExp(`^${dns1035LabelFmt}$`);
const qualifiedNameRe = new RegExp(`^${qualifiedNameFmt}$`);
const labelValueRe = new RegExp(`^${labelValueFmt}$`);

const dns1123LabelErrMsg =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
const dns1123SubdomainErrMsg =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const dns1035LabelErrMsg =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
const qualifiedNameErrMsg =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const labelValueErrMsg =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";

/** `IsDNS1123Label` (a namespace, a container's name): a valid subdomain that is not a label has dots, and says so. */
export function isDNS1123Label(value: string): string | undefined {
  if (value.length > 63) return maxLenError(63);
  if (dns1123LabelRe.test(value)) return undefined;
  if (dns1123SubdomainRe.test(value)) return 'must not contain dots';
  return regexError(dns1123LabelErrMsg, dns1123LabelFmt, ['my-name', '123-abc']);
}

/** `IsDNS1123Subdomain` (most kinds' names). */
export function isDNS1123Subdomain(value: string): string | undefined {
  if (value.length > 253) return maxLenError(253);
  if (dns1123SubdomainRe.test(value)) return undefined;
  return regexError(dns1123SubdomainErrMsg, dns1123SubdomainFmt, ['example.com']);
}

/** `IsDNS1035Label` (a Service's name). */
export function isDNS1035Label(value: string): string | undefined {
  if (value.length > 63) return maxLenError(63);
  if (dns1035LabelRe.test(value)) return undefined;
  return regexError(dns1035LabelErrMsg, dns1035LabelFmt, ['my-name', 'abc-123']);
}

/** `IsQualifiedName` (a label key): an optional DNS-1123 subdomain prefix and `/`, then a name part. */
export function isQualifiedName(value: string): string | undefined {
  const parts = value.split('/');
  if (parts.length > 2)
    return regexError(
      `a qualified name ${qualifiedNameErrMsg}`,
      `(${dns1123SubdomainFmt}/)?${qualifiedNameFmt}`,
      ['MyName', 'my.name', '123-abc'],
    );
  const [prefix, name] = parts.length === 2 ? parts : ['', parts[0]];
  if (parts.length === 2) {
    if (prefix === '') return 'prefix part must be non-empty';
    if (prefix.length > 253) return 'prefix part must be no more than 253 characters';
    if (!dns1123SubdomainRe.test(prefix))
      return regexError(`prefix part ${dns1123SubdomainErrMsg}`, dns1123SubdomainFmt, ['example.com']);
  }
  if (name === '') return 'name part must be non-empty';
  if (name.length > 63) return 'name part must be no more than 63 characters';
  if (!qualifiedNameRe.test(name))
    return regexError(`name part ${qualifiedNameErrMsg}`, qualifiedNameFmt, ['MyName', 'my.name', '123-abc']);
  return undefined;
}

/** `IsValidLabelValue`. */
export function isValidLabelValue(value: string): string | undefined {
  if (value.length > 63) return maxLenError(63);
  if (!labelValueRe.test(value))
    return regexError(labelValueErrMsg, labelValueFmt, ['MyValue', 'my_value', '12345']);
  return undefined;
}

/**
 * `maskTrailingDash` (apimachinery's ValidateObjectMeta for `generateName`): a trailing dash is allowed because the
 * generated suffix follows it, so the last two characters are replaced by one letter before the name check.
 */
export function maskTrailingDash(value: string): string {
  return value.length > 1 && value.endsWith('-') ? `${value.slice(0, -2)}a` : value;
}
