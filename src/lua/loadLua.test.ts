import { describe, expect, it } from 'vitest';
import { healthOf } from '../engine/health/healthOf';
import type { KubeObject } from '../engine/types';
import { healthOverridesFor } from './loadLua';

const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm-1' } } as KubeObject;

describe('healthOverridesFor (the page’s lazy Lua)', () => {
  it('loads nothing for a scenario without Lua', async () => {
    expect(await healthOverridesFor(undefined, [configMap])).toBeUndefined();
    expect(await healthOverridesFor({ 'timeout.reconciliation': '180s' })).toBeUndefined();
  });

  it('compiles argocd-cm data that arrived parsed, and the check runs (TestFixingDegradedApp’s ConfigMap)', async () => {
    const overrides = await healthOverridesFor({
      'resource.customizations.health.ConfigMap':
        "return { status = obj.metadata.annotations and obj.metadata.annotations['health'] or 'Degraded' }",
    });
    expect(healthOf(configMap, { overrides })).toEqual({ status: 'Degraded', message: '' });
  });

  it('loads the VM for a Rollout even without argocd-cm', async () => {
    const rollout = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Rollout',
      metadata: { name: 'r', generation: 1 },
      spec: { paused: true },
      status: { observedGeneration: '1' },
    } as KubeObject;
    const overrides = await healthOverridesFor(undefined, [rollout]);
    expect(healthOf(rollout, { overrides })).toEqual({ status: 'Suspended', message: 'Rollout is paused' });
  });

  it('rejects Lua that does not parse with the key and Lua’s message', async () => {
    await expect(
      healthOverridesFor({ 'resource.customizations.health.ConfigMap': 'return {' }),
    ).rejects.toThrow(
      'argocd-cm:1:1: the health Lua of resource.customizations.health.ConfigMap does not parse: resource.customizations.health.ConfigMap:1: unexpected symbol near <eof>',
    );
  });
});
