/**
 * `spec.syncPolicy.applicationsSync` through the ApplicationSet controller (applicationset_controller.go
 * L342-L392; e2e applicationset_test.go `TestSyncPolicyCreateOnly`, `TestSyncPolicyCreateUpdate`): an element
 * removed from the list leaves its Application under create-only and create-update, and is deleted under sync.
 */
import { describe, expect, it } from 'vitest';
import { runControlPlane } from '../../../simulation/runControlPlane';
import type { KubeObject } from '../../../types';
import { startApplicationSetController } from './applicationSetController';

const configMap: KubeObject = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'c' },
  data: { a: 'b' },
};

function set(elements: string[], policy: string | undefined, image = 'one'): KubeObject {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'ApplicationSet',
    metadata: { name: 'envs', namespace: 'argocd' },
    spec: {
      goTemplate: true,
      generators: [{ list: { elements: elements.map((env) => ({ env })) } }],
      ...(policy ? { syncPolicy: { applicationsSync: policy } } : {}),
      template: {
        metadata: { name: 'app-{{.env}}', annotations: { image } },
        spec: {
          project: 'default',
          source: { repoURL: 'https://github.com/org/manifests', targetRevision: 'main', path: 'app' },
          destination: { server: 'https://kubernetes.default.svc', namespace: '{{.env}}' },
        },
      },
    },
  };
}

function run(policy: string | undefined) {
  const result = runControlPlane({
    repository: { name: 'main', files: { 'app/cm.yaml': [{ object: configMap }] } },
    objects: [set(['dev', 'prod'], policy)],
    actions: [{ at: 60, type: 'kubectl-apply', objects: [set(['dev'], policy, 'two')] }],
    applicationSetController: startApplicationSetController,
    untilSeconds: 120,
  });
  return result.applications.map((a) => `${a.metadata.name} ${a.metadata.annotations?.image}`).sort();
}

describe('applicationsSync through the controller (applicationset_test.go)', () => {
  it('TestSyncPolicyCreateOnly: the removed element keeps its app, and the kept one is not updated', () => {
    expect(run('create-only')).toEqual(['app-dev one', 'app-prod one']);
  });

  it('TestSyncPolicyCreateUpdate: the removed element keeps its app, the kept one is updated', () => {
    expect(run('create-update')).toEqual(['app-dev two', 'app-prod one']);
  });

  it('TestSyncPolicyCreateDelete: the removed element loses its app, the kept one is not updated', () => {
    expect(run('create-delete')).toEqual(['app-dev one']);
  });

  it('the default, sync: the removed element loses its app, the kept one is updated', () => {
    expect(run(undefined)).toEqual(['app-dev two']);
  });
});
