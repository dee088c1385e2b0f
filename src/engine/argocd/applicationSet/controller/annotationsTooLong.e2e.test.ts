/**
 * A generated Application the API server refuses (issue 31): a template whose annotation comes to 3 MiB makes an
 * Application over apimachinery's 256 KiB annotation limit (ValidateAnnotationsSize). Argo CD's
 * `createOrUpdateInCluster` (applicationset_controller.go L785-829) writes the other apps, returns the first refused
 * app's error (`firstAppError` L955) and the set reports it as ErrorOccurred / UpdateApplicationError (L342-357).
 */
import { describe, expect, it } from 'vitest';
import type { JsonAny, KubeObject } from '../../../types';
import type { RepoRevision } from '../../repository';
import { clusterAt } from '../../../simulation/objectHistory';
import { runControlPlane } from '../../../simulation/runControlPlane';
import { configMap } from '../../../../../test/kits/simulation.testKit';
import { startApplicationSetController } from './applicationSetController';

const repo: RepoRevision = { name: 'main', files: { 'app/cm.yaml': [{ object: configMap('cm') }] } };

const set: KubeObject = {
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'ApplicationSet',
  metadata: { name: 'notes', namespace: 'argocd' },
  spec: {
    generators: [
      {
        list: {
          elements: [
            { name: 'big', note: 'x'.repeat(3 * 1024 * 1024) },
            { name: 'small', note: 'fine' },
          ],
        },
      },
    ],
    template: {
      metadata: { name: '{{name}}', annotations: { note: '{{note}}' } },
      spec: {
        project: 'default',
        source: { repoURL: 'https://example.com/repo.git', targetRevision: 'HEAD', path: 'app' },
        destination: { server: 'https://kubernetes.default.svc', namespace: 'default' },
      },
    },
  },
};

describe('an ApplicationSet whose template makes an annotation over 256 KiB', () => {
  it('ValidateAnnotationsSize: the API server refuses that Application, the others are created, the set says why', () => {
    const result = runControlPlane({
      repository: repo,
      objects: [set],
      applicationSetController: startApplicationSetController,
      actions: [],
      untilSeconds: 30,
    });
    const cluster = clusterAt(result.objects, 20);
    const apps = cluster.filter((o) => o.kind === 'Application').map((o) => o.metadata.name);
    expect(apps).toEqual(['small']);
    const appSet = cluster.find((o) => o.kind === 'ApplicationSet')!;
    const error = appSet.status.conditions.find((c: JsonAny) => c.type === 'ErrorOccurred');
    expect(error).toMatchObject({
      status: 'True',
      reason: 'UpdateApplicationError',
      message:
        'Application.argoproj.io "big" is invalid: metadata.annotations: Too long: must have at most 262144 bytes',
    });
  });
});
