import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { applyDefaults } from '../../engine/cluster/defaults';
import { healthOf } from '../../engine/health/healthOf';
import type { KubeObject } from '../../engine/types';
import { healthOverridesWithLua } from '../healthOverridesWithLua';
import { readArgocdCm } from '../readArgocdCm';
import { builtinLuaChecks } from './builtinLuaChecks';

const dir = new URL('../../../test/fixtures/lua-health/', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, dir), 'utf8');

interface HealthTest {
  healthStatus: { status: string; message?: string };
  inputPath: string;
}

/**
 * Mirrors Argo CD's TestLuaHealthScript (util/lua/lua_test.go walks resource_customizations/<group>/<kind>/
 * health_test.yaml): every case of those two folders, on the sandbox's own scripts.
 */
describe.each(['argoproj.io/Rollout', 'policy/PodDisruptionBudget'])(
  'built-in Lua health of %s',
  (folder) => {
    const overrides = healthOverridesWithLua([], builtinLuaChecks);
    const cases = (parse(read(`${folder}/health_test.yaml`)) as { tests: HealthTest[] }).tests;
    it.each(cases.map((c) => [c.inputPath, c] as const))('%s', (_path, c) => {
      const obj = parse(read(`${folder}/${c.inputPath}`)) as KubeObject;
      expect(healthOf(applyDefaults(obj), { overrides })).toEqual({
        status: c.healthStatus.status,
        message: c.healthStatus.message ?? '',
      });
    });
  },
);

describe('built-in Lua checks and argocd-cm', () => {
  const pdb = {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: 'pdb' },
    status: { conditions: [{ type: 'DisruptionAllowed', status: 'False', reason: 'InsufficientPods' }] },
  } as KubeObject;

  it('a PodDisruptionBudget with only InsufficientPods is Healthy (argo-cd issue 20171)', () => {
    expect(healthOf(pdb, { overrides: healthOverridesWithLua([], builtinLuaChecks) })).toEqual({
      status: 'Healthy',
      message: 'PodDisruptionBudget has InsufficientPods',
    });
  });

  it('an argocd-cm customization of the same kind replaces the built-in script', () => {
    const cm = `apiVersion: v1
kind: ConfigMap
metadata:
  name: argocd-cm
data:
  resource.customizations.health.policy_PodDisruptionBudget: "return { status = 'Degraded', message = 'mine' }"
`;
    const overrides = healthOverridesWithLua(readArgocdCm(cm, 'cm.yaml'));
    expect(healthOf(pdb, { overrides })).toEqual({ status: 'Degraded', message: 'mine' });
  });

  it('without a Lua VM a Rollout has no health (the page before Lua loads)', () => {
    const rollout = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Rollout',
      metadata: { name: 'r' },
    } as KubeObject;
    expect(healthOf(rollout)).toBeNull();
  });
});

describe('built-in Lua checks a simulation runs', () => {
  it('leave PodDisruptionBudget without a check until the sandbox writes its status (no wave waits on it for ever)', () => {
    const pdb = {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'pdb' },
    } as KubeObject;
    expect(healthOf(applyDefaults(pdb), { overrides: healthOverridesWithLua() })).toBeNull();
  });
});
