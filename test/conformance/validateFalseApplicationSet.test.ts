/**
 * e2e test/e2e/app_management_test.go `TestSyncOptionValidateFalse`, with `Validate=false` written in an
 * ApplicationSet's template instead of on the Application. The ApplicationSet controller renders the whole
 * template, `syncPolicy` included, into each Application (applicationset/utils/utils.go `RenderTemplateParams`), so
 * the generated Application syncs with the option exactly as a hand-written one does: the Deployment whose
 * `containerPort` is the string "80" (e2e testdata/crd-validation) is read, and the API server refuses it at sync.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JsonAny } from '../../src/engine';
import { runSimOnDisk } from '../kits/runSim.testKit';
import { parseScenario } from '../../src/scenarios/scenario';
import { playScenario } from '../../src/scenarios/play';

const dir = 'test/fixtures/validate-false';
const set = readFileSync(new URL('../fixtures/validate-false/set.yaml', import.meta.url), 'utf8');
const deployment = readFileSync(
  new URL('../fixtures/validate-false/repo/crd-validation/deployment.yaml', import.meta.url),
  'utf8',
);
const decodingError =
  'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct ' +
  'field ContainerPort.spec.template.spec.containers.ports.containerPort of type int32';
const indent = (text: string, by: string) =>
  text
    .split('\n')
    .map((l) => (l ? by + l : l))
    .join('\n');

// The reader still names the field's place, before the sync fails on it, with or without Validate=false: the option
// skips kubectl's client-side validation, never the server's decoding (the e2e test's "cannot be handled as a
// Deployment" comes back with it).
const readWarning =
  'warning: test/fixtures/validate-false/repo/crd-validation/deployment.yaml:21:30: ' +
  `spec.template.spec.containers.0.ports.0.containerPort: the API server will refuse this object at sync: ${decodingError}\n`;

describe('e2e TestSyncOptionValidateFalse with Validate=false in an ApplicationSet template', () => {
  it("TestSyncOptionValidateFalse (ApplicationSet template, sim run --repo): the generated app fails at sync in the server's words", () => {
    const result = runSimOnDisk(['--repo', `${dir}/repo`, `${dir}/set.yaml`, '--json']);
    expect(result.stderr).toBe(readWarning);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as { applications: JsonAny[] };
    const app = json.applications.find((a) => a.metadata.name === 'crd-validation')!;
    expect(app.spec.syncPolicy.syncOptions).toEqual(['Validate=false']);
    // An automated app retries five times when it names no strategy (retryStrategy.ts), so the message ends
    // "(retried 5 times)."; its start is the server's refusal.
    expect(app.status.operationState.phase).toBe('Failed');
    expect(app.status.operationState.message).toContain(
      `one or more objects failed to apply, reason: ${decodingError}`,
    );
  });

  it('the same set without Validate=false in its template: its folder is read, and the sync fails alike', () => {
    // Kubernetes ≥ 1.25 decodes on the server with or without validation (validateFalse.test.ts), and the
    // reader leaves wrongly typed fields to the sync (manifests.ts `refusedAtSync`).
    const plain = set.replace('          - Validate=false\n', '          - CreateNamespace=false\n');
    const result = runSimOnDisk(['--repo', `${dir}/repo`, 'plain.yaml', '--json'], { 'plain.yaml': plain });
    expect(result.stderr).toBe(readWarning);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as { applications: JsonAny[] };
    const app = json.applications.find((a) => a.metadata.name === 'crd-validation')!;
    expect(app.status.operationState.message).toContain(
      `one or more objects failed to apply, reason: ${decodingError}`,
    );
  });

  it('TestSyncOptionValidateFalse (ApplicationSet template, a page scenario): read, then failed at sync', () => {
    const scenario = (template: string) => `title: Validate=false from a template
summary: The generated Application carries the template's sync options.
repo:
  revisions:
    - name: main
      files:
        crd-validation/deployment.yaml: |
${indent(deployment, '          ')}
argocd: |
${indent(template, '  ')}
`;
    const played = playScenario(parseScenario(scenario(set), 'validate-false.yaml'));
    const app = played.applications!.find((a) => a.metadata.name === 'crd-validation')!;
    // The template's option reaches the generated Application (it changes nothing at the server's decoding).
    expect(app.spec.syncPolicy.syncOptions).toEqual(['Validate=false']);
    // An automated app retries five times when it names no strategy (retryStrategy.ts), so the message ends
    // "(retried 5 times)."; its start is the server's refusal.
    expect(app.status.operationState.phase).toBe('Failed');
    expect(app.status.operationState.message).toContain(
      `one or more objects failed to apply, reason: ${decodingError}`,
    );
    // Without the option the scenario is read all the same: the field is the sync's failure, not the reader's.
    const plain = set.replace('          - Validate=false\n', '          - CreateNamespace=false\n');
    expect(() => parseScenario(scenario(plain), 'validate-false.yaml')).not.toThrow();
  });
});
