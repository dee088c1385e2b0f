import { describe, expect, it } from 'vitest';
import { parseManifests } from './manifests';

/** The InputError message parseManifests throws for `text`, or '' when it accepts it. */
function refusal(text: string): string {
  try {
    parseManifests(text, 'app.yaml');
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

const configMap = (name: string, namespace?: string) =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${JSON.stringify(name)}\n` +
  (namespace === undefined ? '' : `  namespace: ${JSON.stringify(namespace)}\n`);

const subdomainRule =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start " +
  "and end with an alphanumeric character (e.g. 'example.com', regex used for validation is " +
  "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

describe('names Kubernetes refuses (apimachinery IsDNS1123Subdomain, IsDNS1123Label, IsDNS1035Label)', () => {
  it('refuses Bad_Name!! at the name, in the API server words', () => {
    expect(refusal(configMap('Bad_Name!!'))).toBe(
      `app.yaml:4:9: metadata.name: Invalid value: "Bad_Name!!": ${subdomainRule}`,
    );
  });

  it.each(['a/b', '..', '-a', 'a.', 'UPPER'])('refuses the name %s', (name) => {
    expect(refusal(configMap(name))).toContain(
      `metadata.name: Invalid value: ${JSON.stringify(name)}: a lowercase`,
    );
  });

  it('refuses a name of 300 characters (253 at most)', () => {
    expect(refusal(configMap('a'.repeat(300)))).toMatch(/: must be no more than 253 characters$/);
  });

  it('refuses the namespace __proto__ as a DNS-1123 label', () => {
    expect(refusal(configMap('ok', '__proto__'))).toBe(
      'app.yaml:5:14: metadata.namespace: Invalid value: "__proto__": a lowercase RFC 1123 label must consist of ' +
        "lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. " +
        "'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
    );
  });

  it('names a Namespace with a label (no dots) and a Service with a DNS-1035 label (a letter first)', () => {
    // IsDNS1123Label says what is wrong with a valid subdomain that is not a label: its dots.
    expect(refusal('apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a.b\n')).toBe(
      'app.yaml:4:9: metadata.name: Invalid value: "a.b": must not contain dots',
    );
    expect(refusal('apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a_b\n')).toContain(
      'a lowercase RFC 1123 label must consist',
    );
    expect(refusal('apiVersion: v1\nkind: Service\nmetadata:\n  name: 1web\n')).toContain(
      'metadata.name: Invalid value: "1web": a DNS-1035 label must consist of lower case alphanumeric characters',
    );
    expect(refusal('apiVersion: v1\nkind: Service\nmetadata:\n  name: web-1\n')).toBe('');
    expect(refusal(configMap('settings.v2', 'team-a'))).toBe('');
  });

  it.each([
    ['not a schedule', 'expected exactly 5 fields, found 3: [not a schedule]'],
    ['61 * * * *', 'end of range (61) above maximum (59): 61'],
    ['* * * * mon-x', 'failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax'],
    ['*/0 * * * *', 'step of range should be a positive number: */0'],
    ['@fortnightly', 'unrecognized descriptor: @fortnightly'],
    ['TZ=UTC 0 * * * *', 'cannot use TZ or CRON_TZ in schedule, use timeZone field instead'],
  ])('refuses the CronJob schedule %j', (schedule, detail) => {
    const cronJob = `apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: nightly\nspec:\n  schedule: ${JSON.stringify(schedule)}\n`;
    expect(refusal(cronJob)).toBe(
      `app.yaml:6:13: spec.schedule: Invalid value: ${JSON.stringify(schedule)}: ${detail}`,
    );
  });

  // '0,,30': robfig's getField splits a field with strings.FieldsFunc (parser.go L238), which drops the empty item.
  it.each(['*/5 * * * *', '0 3 * jan-mar mon,fri', '@hourly', '15 2/4 1-31/2 * ?', '0,,30 * * * *'])(
    'accepts the CronJob schedule %j',
    (schedule) => {
      const cronJob = `apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: nightly\nspec:\n  schedule: "${schedule}"\n`;
      expect(refusal(cronJob)).toBe('');
    },
  );
  it('checks a generateName prefix like the API server (ValidateObjectMeta, maskTrailingDash): a trailing dash is fine', () => {
    const job = (prefix: string) =>
      `apiVersion: batch/v1\nkind: Job\nmetadata:\n  generateName: ${JSON.stringify(prefix)}\nspec:\n  template:\n    spec:\n      containers: [{ name: c, image: busybox }]\n`;
    expect(refusal(job('checkout-migrate-'))).toBe('');
    expect(refusal(job('Bad_Prefix-'))).toBe(
      `app.yaml:4:17: metadata.generateName: Invalid value: "Bad_Prefix-": ${subdomainRule}`,
    );
    expect(refusal(job('a'.repeat(260) + '-'))).toMatch(
      /metadata\.generateName: Invalid value: "a+-": must be no more than 253 characters$/,
    );
  });

  it('names custom resources as DNS-1123 subdomains too (apiextensions-apiserver NameIsDNSSubdomain)', () => {
    const rollout = (name: string) =>
      `apiVersion: argoproj.io/v1alpha1\nkind: Rollout\nmetadata:\n  name: ${JSON.stringify(name)}\n`;
    expect(refusal(rollout('canary.v2'))).toBe('');
    expect(refusal(rollout('Bad_Name!!'))).toBe(
      `app.yaml:4:9: metadata.name: Invalid value: "Bad_Name!!": ${subdomainRule}`,
    );
  });
});
