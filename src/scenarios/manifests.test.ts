import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../engine/inputError';
import { parseManifests } from './manifests';
import { briefFailure } from '../../test/kits/briefFailure.testKit';

/** The InputError parseManifests throws for `text`, as `line:column: detail`. */
function failure(text: string): string {
  try {
    parseManifests(text, 'app.yaml');
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    const e = error as InputError;
    expect(e.message).toBe(`app.yaml:${e.line}:${e.column}: ${e.detail}`);
    return `${e.line}:${e.column}: ${e.detail}`;
  }
  throw new Error('expected an InputError');
}

const configMap = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n`;
const deployment = (spec: string) =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n${spec}`;
const container = (fields: string) =>
  deployment(`  template:\n    spec:\n      containers:\n        - name: web\n${fields}`);

describe('parseManifests: good input', () => {
  it('reads every document in order with the line where it starts, skipping empty ones', () => {
    const text = `# leading comment\n${configMap('a')}---\n---\n# only a comment\n---\n\n${configMap('b')}`;
    const parsed = parseManifests(text, 'app.yaml');
    expect(parsed.map((p) => p.object.metadata.name)).toEqual(['a', 'b']);
    expect(parsed.map((p) => p.position)).toEqual([
      { file: 'app.yaml', line: 2, column: 1 },
      { file: 'app.yaml', line: 11, column: 1 },
    ]);
  });

  it('returns nothing for an empty file or a lone null document', () => {
    expect(parseManifests('', 'app.yaml')).toEqual([]);
    expect(parseManifests('---\n~\n', 'app.yaml')).toEqual([]);
  });

  it('expands a v1 List into its items, each with its own position', () => {
    const text = `apiVersion: v1\nkind: List\nitems:\n  - ${configMap('a').trimEnd().replace(/\n/g, '\n    ')}\n  - ${configMap('b').trimEnd().replace(/\n/g, '\n    ')}\n`;
    const parsed = parseManifests(text, 'list.yaml');
    expect(parsed.map((p) => [p.object.metadata.name, p.position.line, p.position.column])).toEqual([
      ['a', 4, 5],
      ['b', 8, 5],
    ]);
  });

  it('accepts generateName instead of name, and any kind in a custom group', () => {
    const text = `apiVersion: argoproj.io/v1alpha1\nkind: Rollout\nmetadata:\n  generateName: canary-\n`;
    expect(parseManifests(text, 'app.yaml')[0].object.metadata.generateName).toBe('canary-');
  });

  it('resolves plain aliases (shared labels)', () => {
    const text = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  labels: &l {app: web}\n  annotations: *l\n`;
    expect(parseManifests(text, 'app.yaml')[0].object.metadata.annotations).toEqual({ app: 'web' });
  });
});

describe('parseManifests: bad input names the line and column', () => {
  it('a YAML syntax error', () => {
    expect(
      failure(`${configMap('a')}---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\n    labels: x\n`),
    ).toBe('9:9: invalid YAML: Nested mappings are not allowed in compact mappings');
  });

  it('an unterminated quoted string', () => {
    expect(failure('apiVersion: v1\nkind: "ConfigMap\n')).toMatch(
      /^3:1: invalid YAML: Missing closing "quote/,
    );
  });

  it('tabs used for indentation', () => {
    expect(failure('apiVersion: v1\nkind: ConfigMap\nmetadata:\n\tname: a\n')).toMatch(
      /^4:1: invalid YAML: Tabs/,
    );
  });

  it('a document that is a list', () => {
    expect(failure(`${configMap('a')}---\n- apiVersion: v1\n  kind: ConfigMap\n`)).toBe(
      '6:1: a document must be a Kubernetes object (a mapping with apiVersion, kind and metadata), found a list',
    );
  });

  it('a document that is a plain string', () => {
    expect(failure('kubectl apply -f app.yaml\n')).toBe(
      '1:1: a document must be a Kubernetes object (a mapping with apiVersion, kind and metadata), found the string "kubectl apply -f app.yaml"',
    );
  });

  it('a missing kind, at the start of its object', () => {
    expect(failure(`${configMap('a')}---\n# the second one\napiVersion: v1\nmetadata:\n  name: b\n`)).toBe(
      '7:1: "kind" is missing: every Kubernetes object needs apiVersion and kind',
    );
  });

  it('a missing apiVersion', () => {
    expect(failure('kind: ConfigMap\nmetadata:\n  name: a\n')).toBe(
      '1:1: "apiVersion" is missing: every Kubernetes object needs apiVersion and kind',
    );
  });

  it('neither metadata.name nor metadata.generateName', () => {
    expect(failure('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  labels: {app: web}\n')).toBe(
      '4:3: metadata.name is missing (and there is no metadata.generateName): resource name may not be empty',
    );
    expect(failure('apiVersion: v1\nkind: ConfigMap\ndata: {}\n')).toMatch(/^1:1: metadata.name is missing/);
  });

  it('a misspelt kind in a built-in group, as kubectl words it', () => {
    expect(failure(deployment('  replicas: 1\n').replace('kind: Deployment', 'kind: Deploymnet'))).toBe(
      '2:7: no matches for kind "Deploymnet" in version "apps/v1" (did you mean "Deployment"?)',
    );
    expect(failure('apiVersion: v1\nkind: Widget\nmetadata:\n  name: a\n')).toBe(
      '2:7: no matches for kind "Widget" in version "v1"',
    );
  });

  it('metadata.name that is not a string', () => {
    expect(failure('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: 42\n')).toBe(
      '4:9: metadata.name: expected a string, got number 42',
    );
  });

  it('a label or annotation value that YAML reads as a number or boolean', () => {
    expect(
      failure('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  labels:\n    version: 1.10\n'),
    ).toBe(
      '6:14: metadata.labels.version: expected a string, got number 1.1 (quote the value so that YAML reads it as a string)',
    );
    expect(
      failure(
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  annotations:\n    argocd.argoproj.io/sync-wave: -1\n',
      ),
    ).toBe(
      '6:35: metadata.annotations["argocd.argoproj.io/sync-wave"]: expected a string, got number -1 (quote the value so that YAML reads it as a string)',
    );
  });

  it('spec.replicas that is not a non-negative integer', () => {
    // A wrongly typed field is read: the API server refuses to decode it at sync (manifests.ts `refusedAtSync`,
    // engine decodingError.ts), as Argo CD's sync does (e2e TestAutoSyncRetryAndRefreshEnabled).
    // It is still pointed at: a warning at the value's line and column, in the server's words.
    const warnings: string[] = [];
    expect(parseManifests(deployment('  replicas: three\n'), 'app.yaml', { warnings })).toHaveLength(1);
    expect(warnings).toEqual([
      'app.yaml:6:13: spec.replicas: the API server will refuse this object at sync: Deployment in version "v1" ' +
        'cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field ' +
        'DeploymentSpec.spec.replicas of type int32',
    ]);
    expect(failure(deployment('  replicas: -1\n'))).toBe(
      '6:13: spec.replicas: Invalid value: -1: must be greater than or equal to 0',
    );
  });

  it('containers that are not a list', () => {
    expect(failure(deployment('  template:\n    spec:\n      containers:\n        name: web\n'))).toBe(
      '9:9: spec.template.spec.containers: expected a list, got a mapping',
    );
  });

  it('a container port that is not a port number', () => {
    expect(failure(container('          ports:\n            - containerPort: http\n'))).toBe(
      '11:30: spec.template.spec.containers[0].ports[0].containerPort: expected an integer port number, got the string "http"',
    );
    expect(failure(container('          ports:\n            - containerPort: 70000\n'))).toBe(
      '11:30: spec.template.spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive',
    );
  });

  it('a command that is not a list of strings', () => {
    expect(failure(container('          command: sh -c "echo hi"\n'))).toBe(
      '10:20: spec.template.spec.containers[0].command: expected a list of strings, got the string "sh -c \\"echo hi\\""',
    );
    expect(failure(container('          command: [sleep, 10]\n'))).toBe(
      '10:28: spec.template.spec.containers[0].command[1]: expected a string, got number 10',
    );
  });

  it('a Job backoffLimit that is not an integer, and a CronJob container deep inside', () => {
    // A fractional backoffLimit is read and fails at sync, the API server's decoding error (decodingError.ts).
    const job = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: migrate\nspec:\n  backoffLimit: 1.5\n';
    const warnings: string[] = [];
    expect(parseManifests(job, 'app.yaml', { warnings })).toHaveLength(1);
    expect(warnings).toEqual([
      'app.yaml:6:17: spec.backoffLimit: the API server will refuse this object at sync: Job in version "v1" ' +
        'cannot be handled as a Job: json: cannot unmarshal number 1.5 into Go struct field JobSpec.spec.backoffLimit ' +
        'of type int32',
    ]);
    const cron =
      'apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: report\nspec:\n  schedule: "@daily"\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          containers:\n            - name: report\n              image: 7\n';
    expect(failure(cron)).toBe(
      '13:22: spec.jobTemplate.spec.template.spec.containers[0].image: expected a string, got number 7',
    );
  });

  it('a Service port out of range', () => {
    const svc = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports:\n    - port: 0\n';
    expect(failure(svc)).toBe(
      '7:13: spec.ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive',
    );
  });

  it('an error inside a List item points into the item', () => {
    const text = `apiVersion: v1\nkind: List\nitems:\n  - apiVersion: v1\n    kind: ConfigMap\n    metadata:\n      name: [a]\n`;
    expect(failure(text)).toBe('7:13: metadata.name: expected a string, got a list');
  });

  it("leaves custom resources' specs alone", () => {
    const text =
      'apiVersion: example.com/v1\nkind: Deployment\nmetadata:\n  name: a\nspec:\n  replicas: many\n';
    expect(parseManifests(text, 'app.yaml')).toHaveLength(1);
  });
});

describe('parseManifests: hostile input', () => {
  it('refuses an alias bomb quickly', () => {
    let bomb =
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: lol\ndata:\n  a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n';
    let previous = 'a';
    for (const n of 'bcdefghi') {
      bomb += `  ${n}: &${n} [${Array(9).fill(`*${previous}`).join(',')}]\n`;
      previous = n;
    }
    // Refused by its count of alias expansions (the words say so), before any is expanded: no time is asserted,
    // so that the test holds at any load.
    expect(failure(bomb)).toBe(
      '7:10: too many YAML alias expansions (over 100): refusing what looks like an alias bomb',
    );
  });

  it('refuses an alias that refers to a node containing it', () => {
    expect(failure('apiVersion: v1\nkind: ConfigMap\nmetadata: &m\n  name: *m\n')).toBe(
      '4:9: YAML alias *m refers to a node that contains it',
    );
  });

  it('refuses an alias without an anchor', () => {
    expect(failure('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: *nope\n')).toBe(
      '4:9: YAML alias *nope has no anchor &nope before it',
    );
  });

  it('refuses input over 4 MiB before parsing it', () => {
    const huge = `${configMap('a')}data:\n  blob: "${'x'.repeat(10 * 1024 * 1024)}"\n`;
    expect(failure(huge)).toBe('1:1: file is 10.0 MiB; the sandbox reads manifests up to 4 MiB');
    // Two bytes per "é": just over the limit, where one decimal would read "4.0 MiB".
    expect(failure('é'.repeat(2 * 1024 * 1024 + 1))).toBe(
      '1:1: file is 4194306 bytes; the sandbox reads manifests up to 4 MiB',
    );
    expect(failure('é'.repeat(2 * 1024 * 1024 + 60000))).toBe(
      '1:1: file is 4.1 MiB; the sandbox reads manifests up to 4 MiB',
    );
    expect(
      parseManifests(`${configMap('a')}data:\n  blob: "${'x'.repeat(4 * 1024 * 1024 - 100)}"\n`, 'a.yaml'),
    ).toHaveLength(1);
  });

  it('refuses deep nesting, again and again, without crashing the process', () => {
    const deepFlow = `${configMap('a')}data:\n  x: ${'['.repeat(5000)}${']'.repeat(5000)}\n`;
    const deepDashes = `${'- '.repeat(3000)}x\n`;
    for (let i = 0; i < 3; i++) {
      expect(failure(deepFlow)).toBe(
        '6:404: YAML nested too deeply: the sandbox reads up to 400 levels of nesting',
      );
      expect(failure(deepDashes)).toBe(
        '1:801: YAML nested too deeply: the sandbox reads up to 400 levels of nesting',
      );
    }
    let deepBlock = '';
    for (let i = 0; i < 900; i++) deepBlock += `${' '.repeat(i)}k:\n`;
    expect(failure(deepBlock)).toBe(
      '402:401: YAML nested too deeply: the sandbox reads up to 400 levels of nesting',
    );
    expect(parseManifests(configMap('still-fine'), 'app.yaml')).toHaveLength(1);
  });

  it('only ever returns objects or throws an InputError, whatever the text', () => {
    const pieces = fc.constantFrom(
      'apiVersion: v1\n',
      'kind: Pod\n',
      'metadata:\n',
      '  name: a\n',
      '- ',
      '[',
      ']',
      '{',
      '}',
      ': ',
      '&a ',
      '*a ',
      '"',
      "'",
      '\t',
      '\n',
      '---\n',
      '#',
      '|\n',
      '  ',
      'x',
      '? ',
      '!!str ',
      '%YAML 1.2\n',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        try {
          const parsed = parseManifests(parts.join(''), 'fuzz.yaml');
          for (const p of parsed) expect(typeof p.object.kind).toBe('string');
        } catch (error) {
          if (!(error instanceof InputError)) throw error;
        }
      }),
      { numRuns: 500, seed: 42, reporter: briefFailure },
    );
  });
});

describe('parseManifests: a field the API server cannot decode is read, and pointed at', () => {
  it('warns for every such field at its own place, list items and List items included, Validate=false or not', () => {
    // Validate=false skips kubectl's client-side validation only: the server still decodes (e2e
    // TestSyncOptionValidateFalse expects "cannot be handled as a Deployment" with the option), so it warns alike.
    const text =
      'apiVersion: v1\nkind: List\nitems:\n  - apiVersion: apps/v1\n    kind: Deployment\n    metadata:\n' +
      '      name: web\n      annotations:\n        argocd.argoproj.io/sync-options: Validate=false\n    spec:\n' +
      '      revisionHistoryLimit: badValue\n      template:\n        spec:\n          containers:\n' +
      '            - name: web\n              image: nginx\n              ports:\n' +
      '                - containerPort: "80"\n';
    const warnings: string[] = [];
    expect(parseManifests(text, 'list.yaml', { warnings })).toHaveLength(1);
    expect(warnings.map((w) => w.slice(0, w.indexOf(': the API')))).toEqual([
      'list.yaml:11:29: spec.revisionHistoryLimit',
      'list.yaml:18:34: spec.template.spec.containers.0.ports.0.containerPort',
    ]);
    expect(warnings[1]).toContain(
      'json: cannot unmarshal string into Go struct field ContainerPort.spec.template.spec.containers.ports.containerPort of type int32',
    );
  });
});

describe('parseManifests: duplicate keys are tolerated as Argo CD tolerates them', () => {
  it('keeps the last value of a duplicate key and warns with file:line:column and the line the key was first set at', () => {
    const text = `${configMap('a')}data:\n  mode: fast\n  mode: safe\n---\n${configMap('b')}metadata:\n  name: c\n`;
    const warnings: string[] = [];
    const parsed = parseManifests(text, 'app.yaml', { warnings });
    expect(parsed.map((p) => p.object.metadata.name)).toEqual(['a', 'c']);
    expect(parsed[0].object.data).toEqual({ mode: 'safe' });
    expect(warnings).toEqual([
      'app.yaml:7:3: duplicate key "mode" (first set 1 line above): the last value is used, as Argo CD does',
      'app.yaml:13:1: duplicate key "metadata" (first set 2 lines above): the last value is used, as Argo CD does',
    ]);
  });

  it('reads the StatefulSet of TestStatefulSetOnDeleteHealth (spec.updateStrategy twice): the last value wins', () => {
    const file = new URL('../../test/fixtures/health/statefulset-ondelete-twice.yaml', import.meta.url);
    const warnings: string[] = [];
    const [{ object }] = parseManifests(readFileSync(file, 'utf8'), 'statefulset-ondelete-twice.yaml', {
      warnings,
    });
    expect(object.spec!.updateStrategy).toEqual({ type: 'OnDelete' });
    expect(warnings).toEqual([
      'statefulset-ondelete-twice.yaml:29:3: duplicate key "updateStrategy" (first set 10 lines above): the last value is used, as Argo CD does',
    ]);
  });

  it('still requires a name unless asked not to (sim health)', () => {
    const unnamed = 'apiVersion: v1\nkind: ConfigMap\ndata: {a: b}\n';
    expect(failure(unnamed)).toMatch(/^1:1: metadata.name is missing/);
    expect(parseManifests(unnamed, 'app.yaml', { requireName: false })[0].object.data).toEqual({ a: 'b' });
  });
});
