/**
 * e2e test/e2e/app_management_test.go `TestSyncOptionValidateFalse` on its testdata/crd-validation/deployment.yaml
 * (copied to test/fixtures/crd-validation): a Deployment whose `containerPort` is the string "80". With
 * `Validate=false` on the object, Argo CD hands it to the API server, which cannot decode it: the sync fails with
 * the server's words ("cannot be handled as a Deployment"). Without it the e2e test accepts "error validating data"
 * (kubectl's client-side validation before Kubernetes 1.25) or "of type int32" (since 1.25 the server validates
 * fields, and the same decoding error comes back): the sandbox, a Kubernetes ≥ 1.25, fails the apply with the
 * decoding error either way (clusterPorts.ts, decodingError.ts). The reader reads the manifest in both cases
 * (manifests.ts `refusedAtSync`): a wrongly typed field is the sync's failure, and
 * the reader's warning at its place.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseManifests } from '../../src/scenarios/manifests';
import { runSimOnDisk } from '../kits/runSim.testKit';
import type { JsonAny } from '../../src/engine';
import { runYaml } from './runYaml';

const deployment = readFileSync(
  new URL('../fixtures/crd-validation/deployment.yaml', import.meta.url),
  'utf8',
);
const withValidateFalse = deployment.replace(
  '  labels:\n',
  '  annotations:\n    argocd.argoproj.io/sync-options: Validate=false\n  labels:\n',
);

const decodingError =
  'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct ' +
  'field ContainerPort.spec.template.spec.containers.ports.containerPort of type int32';

// The reader still names the field's place, before the sync fails on it, with or without Validate=false: the option
// skips kubectl's client-side validation, never the server's decoding (the e2e test's "cannot be handled as a
// Deployment" comes back with it).
const readWarning =
  'warning: test/fixtures/validate-false/repo/crd-validation/deployment.yaml:21:30: ' +
  `spec.template.spec.containers.0.ports.0.containerPort: the API server will refuse this object at sync: ${decodingError}\n`;

describe('e2e TestSyncOptionValidateFalse (test/e2e/app_management_test.go)', () => {
  it('TestSyncOptionValidateFalse, Validate=false: the manifest is read, and the sync fails with the API server\'s "cannot be handled as a Deployment"', () => {
    const run = runYaml(withValidateFalse);
    expect(run.op).toMatchObject({
      phase: 'Failed',
      message: `one or more objects failed to apply, reason: ${decodingError}`,
    });
    expect(run.row('Deployment', 'nginx-deployment')).toMatchObject({
      status: 'SyncFailed',
      message: decodingError,
    });
    expect(run.sync).toBe('OutOfSync');
    expect(run.live('Deployment', 'nginx-deployment')).toBeUndefined();
  });

  it('TestSyncOptionValidateFalse, without Validate=false: the manifest is read too, and the sync fails "of type int32" (the e2e regex)', () => {
    expect(parseManifests(deployment, 'deployment.yaml')).toHaveLength(1);
    const run = runYaml(deployment);
    expect(run.op).toMatchObject({
      phase: 'Failed',
      message: `one or more objects failed to apply, reason: ${decodingError}`,
    });
    expect(run.row('Deployment', 'nginx-deployment')?.message).toBe(decodingError);
    expect(run.live('Deployment', 'nginx-deployment')).toBeUndefined();
  });

  it('Validate=false does not let another problem through: a missing image is still refused', () => {
    const noImage = withValidateFalse.replace(/^\s+image: .*\n/m, '').replace('- name: nginx', '- name: 7');
    expect(() => parseManifests(noImage, 'deployment.yaml')).toThrow(/name/);
  });

  it("Validate=false on the Application (spec.syncPolicy.syncOptions), `sim run --repo`: read, then failed at sync in the server's words", () => {
    const dir = 'test/fixtures/validate-false';
    const result = runSimOnDisk(['--repo', `${dir}/repo`, `${dir}/app.yaml`, '--json']);
    expect(result.stderr).toBe(readWarning);
    expect(result.code).toBe(0);
    const status = (JSON.parse(result.stdout) as { application: JsonAny }).application.status;
    expect(status.operationState).toMatchObject({
      phase: 'Failed',
      message: `one or more objects failed to apply, reason: ${decodingError}`,
    });
    expect(status.operationState.syncResult.resources).toMatchObject([
      { kind: 'Deployment', name: 'nginx-deployment', status: 'SyncFailed', message: decodingError },
    ]);
  });

  it('the same repository synced by an Application without Validate=false: read, then failed at sync alike', () => {
    const dir = 'test/fixtures/validate-false';
    const app = readFileSync(new URL('../fixtures/validate-false/app.yaml', import.meta.url), 'utf8').replace(
      '  syncPolicy:\n    syncOptions:\n      - Validate=false\n',
      '',
    );
    const result = runSimOnDisk(['--repo', `${dir}/repo`, 'plain.yaml', '--json'], { 'plain.yaml': app });
    expect(result.stderr).toBe(readWarning);
    expect(result.code).toBe(0);
    const status = (JSON.parse(result.stdout) as { application: JsonAny }).application.status;
    expect(status.operationState.syncResult.resources).toMatchObject([
      { kind: 'Deployment', name: 'nginx-deployment', status: 'SyncFailed', message: decodingError },
    ]);
  });
});
