import { describe, expect, it } from 'vitest';
import type { JsonAny, KubeObject } from '../types';
import { qosClass } from './podStatus';

const pod = (resources?: JsonAny): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p', namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'nginx', ...(resources ? { resources } : {}) }] },
});

describe('qosClass (kept per pod spec)', () => {
  it('classes a pod as the API server does', () => {
    expect(qosClass(pod())).toBe('BestEffort');
    expect(qosClass(pod({ requests: { cpu: '100m' } }))).toBe('Burstable');
    const same = { cpu: '1', memory: '1Gi' };
    expect(qosClass(pod({ requests: same, limits: same }))).toBe('Guaranteed');
    expect(qosClass(pod({ limits: same }))).toBe('Guaranteed');
  });

  it('gives a changed pod (a new spec, as every store write that changes it makes) its own class', () => {
    const before = pod();
    expect(qosClass(before)).toBe('BestEffort');
    const after: KubeObject = {
      ...before,
      spec: { containers: [{ ...before.spec.containers[0], resources: { requests: { memory: '64Mi' } } }] },
    };
    expect(qosClass(after)).toBe('Burstable');
    expect(qosClass(before)).toBe('BestEffort');
    expect(qosClass({ ...before, status: { phase: 'Running' } })).toBe('BestEffort');
  });
});
