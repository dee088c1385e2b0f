import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../types';
import { comparedSpecDiffers } from './comparedSpecDiffers';

const source = { repoURL: 'https://example.com/shop.git', targetRevision: 'main', path: 'database/16.3' };
const destination = { server: 'https://kubernetes.default.svc', namespace: 'shop' };

function app(spec: object, comparedTo?: object): KubeObject {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name: 'database', namespace: 'argocd' },
    spec,
    ...(comparedTo ? { status: { sync: { status: 'Synced', comparedTo } } } : {}),
  } as KubeObject;
}

describe('comparedSpecDiffers (appcontroller.go needRefreshAppStatus)', () => {
  it('names a source that differs from the last comparison (TestNeedRefreshAppStatus: spec.source differs)', () => {
    const a = app({ source: { ...source, path: 'database/16.4' }, destination }, { source, destination });
    expect(comparedSpecDiffers(a)).toBe('spec.source differs');
  });

  it('names a destination that differs, and reads keys in any order', () => {
    const moved = app(
      { source, destination: { ...destination, namespace: 'shop-db' } },
      { source, destination },
    );
    expect(comparedSpecDiffers(moved)).toBe('spec.destination differs');
    const reordered = app(
      {
        destination,
        source: { path: source.path, targetRevision: source.targetRevision, repoURL: source.repoURL },
      },
      { source, destination },
    );
    expect(comparedSpecDiffers(reordered)).toBeUndefined();
  });

  it('refreshes an app never compared (TestNeedRefreshAppStatus: refresh application which status is not reconciled using latest commit)', () => {
    expect(comparedSpecDiffers(app({ source, destination }))).toBe('spec.source differs');
  });

  it('asks nothing of an app whose syncPolicy alone changed (TestNeedRefreshAppStatus: no need to refresh just reconciled application)', () => {
    const policy = app({ source, destination, syncPolicy: { automated: {} } }, { source, destination });
    expect(comparedSpecDiffers(policy)).toBeUndefined();
  });
});
