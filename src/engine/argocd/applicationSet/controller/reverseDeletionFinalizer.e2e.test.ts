/**
 * applicationset_controller_test.go `TestReconcileAddsFinalizer_WhenDeletionOrderReverse`: with progressive syncs on,
 * a RollingSync set whose `deletionOrder` is Reverse is given the resources finalizer on reconcile (appset
 * controller L187), so that its deletion can wait for its apps step by step; in no other case is one added.
 */
import { describe, expect, it } from 'vitest';
import type { JsonAny, KubeObject } from '../../../types';
import { clusterAt } from '../../../simulation/objectHistory';
import { runControlPlane } from '../../../simulation/runControlPlane';
import { configMap } from '../../../../../test/kits/simulation.testKit';
import { startApplicationSetController } from './applicationSetController';

const finalizer = 'resources-finalizer.argocd.argoproj.io';

function set(deletionOrder: string | undefined, finalizers?: string[]): KubeObject {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'ApplicationSet',
    metadata: { name: 'test-appset', namespace: 'argocd', ...(finalizers ? { finalizers } : {}) },
    spec: {
      goTemplate: true,
      generators: [{ list: { elements: [{ env: 'dev' }] } }],
      strategy: {
        type: 'RollingSync',
        rollingSync: { steps: [{ matchExpressions: [{ key: 'env', operator: 'In', values: ['dev'] }] }] },
        ...(deletionOrder ? { deletionOrder } : {}),
      },
      template: {
        metadata: { name: 'app-{{.env}}', labels: { env: '{{.env}}' } },
        spec: {
          project: 'default',
          source: { repoURL: 'https://example.com/apps.git', path: 'app', targetRevision: 'HEAD' },
          destination: { server: 'https://kubernetes.default.svc', namespace: 'default' },
        },
      },
    },
  };
}

function finalizersAfterReconcile(appSet: KubeObject, progressiveSyncs: boolean): JsonAny {
  const result = runControlPlane({
    repository: { name: 'main', files: { 'app/cm.yaml': [{ object: configMap('cm') }] } },
    objects: [appSet],
    applicationSetController: startApplicationSetController,
    progressiveSyncs,
    untilSeconds: 10,
  });
  return clusterAt(result.objects, 9).find((o) => o.kind === 'ApplicationSet')?.metadata.finalizers;
}

describe('TestReconcileAddsFinalizer_WhenDeletionOrderReverse', () => {
  it.each<[string, KubeObject, boolean, string[] | undefined]>([
    ['adds finalizer when DeletionOrder is Reverse', set('Reverse'), true, [finalizer]],
    [
      'does not add finalizer when already exists and DeletionOrder is Reverse',
      set('Reverse', [finalizer]),
      true,
      [finalizer],
    ],
    ['does not add finalizer when DeletionOrder is AllAtOnce', set('AllAtOnce'), true, undefined],
    ['does not add finalizer when DeletionOrder is not set', set(undefined), true, undefined],
    ['does not add finalizer when progressive sync not enabled', set('Reverse'), false, undefined],
  ])('TestReconcileAddsFinalizer_WhenDeletionOrderReverse: %s', (_name, appSet, progressive, expected) => {
    const finalizers = finalizersAfterReconcile(appSet, progressive);
    if (expected === undefined) expect(finalizers ?? []).toEqual([]);
    else expect(finalizers).toEqual(expected);
  });
});
