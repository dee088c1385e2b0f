import { describe, expect, it } from 'vitest';
import { healthOf } from '../engine/health/healthOf';
import type { KubeObject } from '../engine/types';
import { builtinLuaChecks } from './builtin/builtinLuaChecks';
import { healthOverridesWithLua } from './healthOverridesWithLua';

const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' } } as KubeObject;
/** Argo CD's Rollout health_test.yaml case `degraded_abortedRollout`: a RolloutAborted condition. */
const abortedRollout = {
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'Rollout',
  metadata: { name: 'r', generation: 1 },
  spec: { replicas: 1 },
  status: {
    observedGeneration: '1',
    conditions: [{ type: 'Progressing', reason: 'RolloutAborted', message: 'Rollout is aborted' }],
  },
} as unknown as KubeObject;

const customization = (source: string, useOpenLibs = false) => ({
  key: 'resource.customizations.health.ConfigMap',
  group: '',
  kind: 'ConfigMap',
  source,
  useOpenLibs,
});

/*
 * Isolation: every script shared one Lua state, so a ConfigMap script that redefined `ipairs` turned a
 * Rollout's health from Degraded into Progressing. Argo CD gives each run a new LState (util/lua/lua.go
 * runLuaWithResourceActionParameters, `lua.NewState`); the sandbox gives each run fresh globals (luaVm.ts).
 */
describe('each health-script run has an environment of its own (isolation)', () => {
  it('a ConfigMap script that redefines ipairs leaves the Rollout check Degraded', () => {
    const overrides = healthOverridesWithLua(
      [customization("ipairs = function() return function() end end return { status = 'Healthy' }")],
      builtinLuaChecks,
    );
    expect(healthOf(cm, { overrides })?.status).toBe('Healthy');
    expect(healthOf(abortedRollout, { overrides })).toEqual({
      status: 'Degraded',
      message: 'Rollout is aborted',
    });
  });

  it('library tables and the string metatable changed by one run are whole again in the next', () => {
    const overrides = healthOverridesWithLua(
      [
        customization(
          `local before = tostring(count) .. ' ' .. type(string.upper) .. ' ' .. type(('x').upper)
          .. ' ' .. type(table.insert)
          count = 1
          string.upper = nil
          getmetatable('').__index = {}
          table.insert = nil
          return { status = 'Healthy', message = before }`,
          true,
        ),
      ],
      [],
    );
    expect(healthOf(cm, { overrides })?.message).toBe('nil function function function');
    expect(healthOf(cm, { overrides })?.message).toBe('nil function function function');
  });

  it('a global made by load in one run is gone in the next', () => {
    const overrides = healthOverridesWithLua(
      [
        customization(
          "local seen = tostring(leaked) load('leaked = true')() return { status = 'Healthy', message = seen }",
        ),
      ],
      [],
    );
    expect(healthOf(cm, { overrides })?.message).toBe('nil');
    expect(healthOf(cm, { overrides })?.message).toBe('nil');
  });
});
