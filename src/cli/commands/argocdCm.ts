import { readFile } from 'node:fs/promises';
import type { HealthOverrides } from '../../engine';
import { healthOverridesWithLua } from '../../lua/healthOverridesWithLua';
import type { HealthCustomization } from '../../lua/healthCustomizations';
import { luaLimitError, type LuaHealthOverrides } from '../../lua/luaLimitError';
import { readArgocdCm } from '../../scenarios/readArgocdCm';

/**
 * The CLI's health overrides: the built-in Lua checks (Rollout, PodDisruptionBudget) and, given an argocd-cm
 * ConfigMap's text (`--argocd-cm FILE`), its `resource.customizations.health.*` Lua first, each compiled once.
 * Bad input throws an InputError with file:line:column. The CLI always has the Lua VM, so this is synchronous;
 * the page loads the VM lazily (src/lua/loadLua.ts).
 */
export function argocdCmOverrides(
  text?: string,
  file = 'argocd-cm',
  builtins?: HealthCustomization[],
): LuaHealthOverrides {
  const overrides = healthOverridesWithLua(text === undefined ? [] : readArgocdCm(text, file), builtins);
  watched?.push(overrides);
  return overrides;
}

/** The overrides made while `refusingLuaLimits` runs (the CLI is synchronous: one run at a time). */
let watched: LuaHealthOverrides[] | undefined;

/**
 * Runs `body` (a simulation) and refuses it, throwing the InputError at the argocd-cm entry, when a health Lua of
 * overrides made meanwhile was stopped by a limit (steps, string length, wall clock): such a run has no verdict.
 */
export function refusingLuaLimits<T>(body: () => T): T {
  const outer = watched;
  const mine: LuaHealthOverrides[] = [];
  watched = mine;
  try {
    const result = body();
    const stopped = mine.map(luaLimitError).find((e) => e !== undefined);
    if (stopped) throw stopped;
    return result;
  } finally {
    watched = outer;
  }
}

/** Reads an argocd-cm file and returns its health overrides (the contract's async form, for other callers). */
export async function loadArgocdCm(file: string): Promise<HealthOverrides> {
  return argocdCmOverrides(await readFile(file, 'utf8'), file);
}
