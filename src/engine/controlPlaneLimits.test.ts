import { describe, expect, it } from 'vitest';
import { runControlPlane } from './simulation/runControlPlane';
import { limits } from './limits';
import type { KubeObject } from './types';

// Runs of several Applications that come without a reader (the page's worker, scenario files) meet the
// same limits, before the ApplicationSet controller renders anything.
const set = (elements: number): KubeObject => ({
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'ApplicationSet',
  metadata: { name: 'big', namespace: 'argocd' },
  spec: {
    goTemplate: true,
    generators: [{ list: { elements: Array.from({ length: elements }, (_, i) => ({ n: `a${i}` })) } }],
    template: { metadata: { name: 'app-{{.n}}' }, spec: { project: 'default' } },
  },
});

const configMaps = (count: number) => ({
  'cms.yaml': Array.from({ length: count }, (_, i) => ({
    object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${i}` } } as KubeObject,
  })),
});

describe('runControlPlane applies the input limits before running', () => {
  it('refuses an ApplicationSet of 100,000 list elements', () => {
    expect(() =>
      runControlPlane({ repository: { name: 'main', files: {} }, objects: [set(100_000)] }),
    ).toThrow(
      `100000 Applications is over the limit of ${limits.maxApplications} Applications in one run (the list elements of ApplicationSet big brought the total past it)`,
    );
  });

  it('counts every commit of the repository toward the input objects', () => {
    const revision = (name: string) => ({ name, files: configMaps(1_000) });
    expect(() =>
      runControlPlane({
        repository: revision('main'),
        objects: [],
        actions: [1, 2, 3, 4, 5].map((at) => ({ at, type: 'commit' as const, revision: revision(`c${at}`) })),
      }),
    ).toThrow(
      `6000 objects is over the limit of ${limits.maxInputObjects} objects in one run (revision c5 of the repository brought the total past it)`,
    );
  });
});
