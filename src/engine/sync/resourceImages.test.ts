import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../types';
import { resourceImages } from './resourceImages';

const obj = (kind: string, spec: KubeObject['spec']): KubeObject => ({
  apiVersion: 'v1',
  kind,
  metadata: { name: 'x' },
  spec,
});

// gitops-engine pkg/utils/kube/kube_test.go TestGetResourceImages, case by case.
describe('resourceImages (gitops-engine TestGetResourceImages)', () => {
  it('deployment with two containers', () => {
    const template = {
      spec: {
        containers: [
          { name: 'nginx', image: 'nginx:1.7.9' },
          { name: 'agent', image: 'agent:1.0.0' },
        ],
      },
    };
    expect(resourceImages(obj('Deployment', { template }))).toEqual(['nginx:1.7.9', 'agent:1.0.0']);
  });

  it('pod with containers (init containers are not collected)', () => {
    const spec = {
      initContainers: [{ name: 'init', image: 'alpine:3' }],
      containers: [
        { name: 'nginx-container', image: 'nginx:1.21' },
        { name: 'sidecar-container', image: 'busybox:1.35' },
      ],
    };
    expect(resourceImages(obj('Pod', spec))).toEqual(['nginx:1.21', 'busybox:1.35']);
  });

  it('cronjob with containers', () => {
    const jobTemplate = {
      spec: { template: { spec: { containers: [{ name: 'hello', image: 'busybox:1.28' }] } } },
    };
    expect(resourceImages(obj('CronJob', { jobTemplate }))).toEqual(['busybox:1.28']);
  });

  it('configmap, deployment without containers, containers without an image: none', () => {
    expect(
      resourceImages({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: 'b' } }),
    ).toBeUndefined();
    expect(
      resourceImages(obj('Deployment', { template: { spec: { volumes: [{ name: 'config-volume' }] } } })),
    ).toBeUndefined();
    expect(resourceImages(obj('Pod', { containers: [{ name: 'no-image-container' }] }))).toBeUndefined();
  });
});
