import { describe, expect, it } from 'vitest';
import { parseFailure } from '../containers/failures';
import { resourceName } from './apiError';
import { isNamespaced } from './gvk';
import { kindInfo, kinds, kindsByGroup } from './kinds';

describe('the one kind table', () => {
  it('names each group/kind once', () => {
    const keys = kinds.map((k) => `${k.group}/${k.kind}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives the scope kubectl api-resources shows: a RuntimeClass or a CSIDriver is cluster-scoped', () => {
    expect(isNamespaced('RuntimeClass')).toBe(false);
    expect(isNamespaced('CSIDriver')).toBe(false);
    expect(isNamespaced('CertificateSigningRequest')).toBe(false);
    expect(isNamespaced('Lease')).toBe(true);
    expect(isNamespaced('Rollout')).toBe(true);
  });

  it("gives the API server's resource names in its errors, a custom resource's as its kind plus s", () => {
    expect(resourceName({ group: 'networking.k8s.io', kind: 'Ingress' })).toBe('ingresses.networking.k8s.io');
    expect(resourceName({ group: '', kind: 'Endpoints' })).toBe('endpoints');
    expect(resourceName({ group: 'storage.k8s.io', kind: 'StorageClass' })).toBe(
      'storageclasses.storage.k8s.io',
    );
    expect(resourceName({ group: 'argoproj.io', kind: 'Rollout' })).toBe('rollouts.argoproj.io');
  });

  it("reads --fail with kubectl's short names and plurals", () => {
    expect(parseFailure('sts/db')).toEqual({ kind: 'statefulset', name: 'db' });
    expect(parseFailure('cronjobs/nightly')).toEqual({ kind: 'cronjob', name: 'nightly' });
    expect(parseFailure('deployment.apps/web')).toEqual({ kind: 'deployment', name: 'web' });
  });

  it('leaves CRD groups out of the "no matches for kind" table, and keeps removed extensions kinds known', () => {
    const byGroup = kindsByGroup();
    expect(byGroup['argoproj.io']).toBeUndefined();
    expect(byGroup.extensions).toContain('Ingress');
    expect(kindInfo('extensions', 'Ingress')?.served).toBe(false);
    expect(kindInfo('networking.k8s.io', 'Ingress')?.served).toBe(true);
  });
});
