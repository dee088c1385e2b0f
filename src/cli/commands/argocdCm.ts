import { readFile } from 'node:fs/promises';
import type { HealthOverrides } from '../../engine';
import { healthOverridesWithLua } from '../../lua/healthOverridesWithLua';
import type { HealthCustomization } from '../../lua/healthCustomizations';
import { readArgocdCm } from '../../lua/readArgocdCm';

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
): HealthOverrides {
  return healthOverridesWithLua(text === undefined ? [] : readArgocdCm(text, file), builtins);
}

/** Reads an argocd-cm file and returns its health overrides (the contract's async form, for other callers). */
export async function loadArgocdCm(file: string): Promise<HealthOverrides> {
  return argocdCmOverrides(await readFile(file, 'utf8'), file);
}
