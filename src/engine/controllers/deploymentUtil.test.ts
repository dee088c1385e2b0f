import { describe, expect, it } from 'vitest';
import { maxSurge, maxUnavailable } from './deploymentUtil';
import { scaledValue } from './intOrPercent';

const deployment = (replicas: number, rollingUpdate: object) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'd' },
  spec: { replicas, strategy: { type: 'RollingUpdate', rollingUpdate } },
});

describe('maxSurge / maxUnavailable', () => {
  it('round surge up and unavailable down, as Kubernetes does', () => {
    expect(scaledValue('25%', 3, true)).toBe(1);
    expect(scaledValue('25%', 3, false)).toBe(0);
    expect(scaledValue('30%', 10, true)).toBe(3);
    const d = deployment(10, { maxSurge: '25%', maxUnavailable: '25%' });
    expect([maxSurge(d), maxUnavailable(d)]).toEqual([3, 2]);
  });

  it('make maxUnavailable 1 when both round to zero', () => {
    const d = deployment(1, { maxSurge: '0%', maxUnavailable: '25%' });
    expect([maxSurge(d), maxUnavailable(d)]).toEqual([0, 1]);
  });

  it('are 0 for Recreate', () => {
    const d = { ...deployment(3, {}), spec: { replicas: 3, strategy: { type: 'Recreate' } } };
    expect([maxSurge(d), maxUnavailable(d)]).toEqual([0, 0]);
  });
});
