import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../types';
import { healthOf } from './healthOf';
import type { HealthOverrides } from './healthOverrides';

const configMap: KubeObject = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'cm', namespace: 'default' },
};

function only(
  group: string,
  kind: string,
  check: (obj: KubeObject) => ReturnType<typeof healthOf>,
): HealthOverrides {
  return { checkFor: (g, k) => (g === group && k === kind ? check : undefined) };
}

describe('health overrides (argocd-cm resource.customizations.health)', () => {
  it('give a kind without a built-in check a health, as Argo CD e2e forces a ConfigMap Degraded', () => {
    const overrides = only('', 'ConfigMap', () => ({ status: 'Degraded', message: 'forced' }));
    expect(healthOf(configMap)).toBeNull();
    expect(healthOf(configMap, { overrides })).toEqual({ status: 'Degraded', message: 'forced' });
  });

  it('report a failing script as Unknown with its message', () => {
    const overrides = only('', 'ConfigMap', () => {
      throw new Error('attempt to index a nil value');
    });
    expect(healthOf(configMap, { overrides })).toEqual({
      status: 'Unknown',
      message: 'attempt to index a nil value',
    });
  });

  it('come after the deletion rule (§3.0 rule 1)', () => {
    const overrides = only('', 'ConfigMap', () => ({ status: 'Healthy', message: '' }));
    const deleting = {
      ...configMap,
      metadata: { ...configMap.metadata, deletionTimestamp: '2026-01-01T00:00:00Z' },
    };
    expect(healthOf(deleting, { overrides })?.status).toBe('Progressing');
  });
});
