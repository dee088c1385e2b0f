/**
 * e2e test/e2e/api_versions_test.go `TestAppSyncWrongVersion` on its own testdata (test/e2e/testdata/
 * crd-version-differences, copied to test/fixtures/crd-version-differences): the app first syncs the CRD of
 * `argoproj.io/Fake`, serving `v1alpha1` only; then it syncs an instance of a version, a group or a kind the API does
 * not serve. Discovery fails (gitops-engine pkg/utils/kube/kube.go `ServerResourceForGroupVersionKind`), the task
 * is not valid and the app stays OutOfSync. The resource's result is reworded by the controller (controller/sync.go
 * L450, util/argo/argo.go `AugmentSyncMsg`); the operation message keeps the engine's error.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runYaml } from './runYaml';

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/crd-version-differences/${name}.yaml`, import.meta.url), 'utf8');

function syncAfterTheCrd(instance: string) {
  const run = runYaml(fixture(instance), { history: [fixture('crd-v1alpha1')] });
  const row = run.rows.find((r) => r.kind === 'Fake' || r.kind === 'DoesNotExist');
  return { run, row };
}

describe('e2e TestAppSyncWrongVersion (test/e2e/api_versions_test.go)', () => {
  it('a version the CRD does not serve: the row names the installed version, the app stays OutOfSync', () => {
    const { run, row } = syncAfterTheCrd('crd-v1alpha2-instance');
    expect(run.sync).toBe('OutOfSync');
    expect(row).toMatchObject({ status: 'SyncFailed' });
    expect(row?.message).toBe(
      'The Kubernetes API could not find version "v1alpha2" of argoproj.io/Fake for requested resource ' +
        'default/fake-crd-instance. Version "v1alpha1" of argoproj.io/Fake is installed on the destination cluster.',
    );
    expect(run.op).toMatchObject({
      phase: 'Failed',
      message:
        'one or more synchronization tasks are not valid: failed to discover server resources for group version ' +
        'argoproj.io/v1alpha2: the server could not find the requested resource',
    });
    expect(run.live('Fake', 'fake-crd-instance')).toBeUndefined();
  });

  it('a group that does not exist: the row names the group the kind is installed in', () => {
    const { run, row } = syncAfterTheCrd('crd-wronggroup-instance');
    expect(run.sync).toBe('OutOfSync');
    expect(row?.message).toBe(
      'The Kubernetes API could not find version "v1alpha1" of wrong.group/Fake for requested resource ' +
        'default/fake-crd-instance-wronggroup. Version "v1alpha1" of argoproj.io/Fake is installed on the ' +
        'destination cluster.',
    );
  });

  it('a kind missing from a served group: Kubernetes\' NotFound, unchanged ("Not the best error message, but good enough")', () => {
    const { run, row } = syncAfterTheCrd('crd-does-not-exist-instance');
    expect(run.sync).toBe('OutOfSync');
    expect(row?.message).toBe('DoesNotExist.argoproj.io "" not found');
    expect(run.op.message).toBe(
      'one or more synchronization tasks are not valid: DoesNotExist.argoproj.io "" not found',
    );
  });

  it('the instance of the served version syncs', () => {
    const instance = `apiVersion: argoproj.io/v1alpha1
kind: Fake
metadata:
  name: fake-crd-instance
spec:
  cpu: 2000m
`;
    const run = runYaml(instance, { history: [fixture('crd-v1alpha1')] });
    expect(run.op.phase).toBe('Succeeded');
    expect(run.live('Fake', 'fake-crd-instance')).toBeDefined();
  });
});
