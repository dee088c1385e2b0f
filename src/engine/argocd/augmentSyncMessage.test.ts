import { describe, expect, it } from 'vitest';
import { augmentSyncMessage, type ApiResourceInfo } from './augmentSyncMessage';

/** util/argo/argo_test.go `TestAugmentSyncMsg`: the cases that need no failing API call. */
const deployments: ApiResourceInfo[] = [{ group: 'apps', kind: 'Deployment', version: 'v1' }];
const lookup = (resources: ApiResourceInfo[]) => (group: string, kind: string) =>
  resources.find((r) => r.group === group && r.kind === kind) ?? resources.find((r) => r.kind === kind);

describe('TestAugmentSyncMsg (util/argo/argo_test.go)', () => {
  it('"match specific k8s error": names the installed version', () => {
    const message = augmentSyncMessage(
      {
        group: 'apps',
        kind: 'Deployment',
        version: 'v1beta1',
        namespace: 'test-namespace',
        name: 'deployment-resource',
        message: 'the server could not find the requested resource',
      },
      lookup(deployments),
    );
    expect(message).toBe(
      'The Kubernetes API could not find version "v1beta1" of apps/Deployment for requested resource ' +
        'test-namespace/deployment-resource. Version "v1" of apps/Deployment is installed on the destination cluster.',
    );
  });

  it('"any random k8s msg": kept as it is', () => {
    const row = {
      group: 'apps',
      kind: 'Deployment',
      version: 'v1',
      namespace: 'test-namespace',
      name: 'deployment-resource',
      message: 'random message from k8s',
    };
    expect(augmentSyncMessage(row, lookup(deployments))).toBe('random message from k8s');
  });

  it('"resource doesn\'t exist in the target cluster": asks for the CRD', () => {
    const message = augmentSyncMessage(
      {
        group: '',
        kind: 'PersistentVolume',
        version: 'v1',
        namespace: 'test-namespace',
        name: 'persistent-volume-resource',
        message: 'the server could not find the requested resource',
      },
      lookup(deployments),
    );
    expect(message).toBe(
      'The Kubernetes API could not find /PersistentVolume for requested resource ' +
        'test-namespace/persistent-volume-resource. Make sure the "PersistentVolume" CRD is installed on the ' +
        'destination cluster.',
    );
  });
});
