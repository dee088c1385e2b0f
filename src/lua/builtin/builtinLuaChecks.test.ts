import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyDefaults } from '../../engine/cluster/defaults';
import { healthOf } from '../../engine/health/healthOf';
import { parseManifests } from '../../scenarios/manifests';
import type { KubeObject } from '../../engine/types';
import { healthOverridesWithLua } from '../healthOverridesWithLua';
import { readArgocdCm } from '../../scenarios/readArgocdCm';
import { builtinLuaChecks } from './builtinLuaChecks';

const dir = new URL('../../../test/fixtures/lua-health/', import.meta.url);
const fixtures = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .sort();

/**
 * Mirrors Argo CD's TestLuaHealthScript (util/lua/lua_test.go walks resource_customizations/<group>/<kind>/
 * health_test.yaml): every case of the Rollout and PodDisruptionBudget folders, transcribed into a fixture that
 * carries the fields the check reads and the expected status and message (`rollout-<inputPath>.yaml`,
 * `pdb-<inputPath>.yaml`), run on the sandbox's own scripts.
 */
describe('built-in Lua health (Argo CD health_test.yaml cases, test/fixtures/lua-health)', () => {
  const overrides = healthOverridesWithLua([], builtinLuaChecks);
  it('has every case of both folders (24 Rollout, 3 PodDisruptionBudget)', () => {
    expect(fixtures.filter((f) => f.startsWith('rollout-'))).toHaveLength(24);
    expect(fixtures.filter((f) => f.startsWith('pdb-'))).toHaveLength(3);
  });
  it.each(fixtures)('%s', (file) => {
    const [{ object }] = parseManifests(readFileSync(new URL(file, dir), 'utf8'), file);
    const annotations = object.metadata.annotations ?? {};
    expect(healthOf(applyDefaults(object), { overrides })).toEqual({
      status: annotations['sandbox.test/expect-status'],
      message: annotations['sandbox.test/expect-message'],
    });
  });
});

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
