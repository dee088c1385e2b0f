import type { HealthOverrides, KubeObject } from '../engine';

/** Kinds whose Argo CD health check is Lua that the sandbox runs through its VM (builtin/builtinLuaChecks.ts). */
const luaKinds = new Set(['argoproj.io/Rollout']);

/** Whether a scenario needs the Lua VM: argocd-cm health customizations, or a kind checked by built-in Lua. */
export function needsLua(
  argocdCmData?: Record<string, string>,
  objects: readonly KubeObject[] = [],
): boolean {
  const customized = Object.keys(argocdCmData ?? {}).some(
    (key) => key.startsWith('resource.customizations.health.') || key === 'resource.customizations',
  );
  return (
    customized ||
    objects.some((o) =>
      luaKinds.has(`${o.apiVersion.includes('/') ? o.apiVersion.split('/')[0] : ''}/${o.kind}`),
    )
  );
}

/**
 * The health overrides for a scenario, loading the Lua VM (a separate chunk, fengari's core) only when the
 * scenario needs it: argocd-cm `data` with health customizations, or objects of a kind with a built-in Lua check.
 * Resolves to undefined when nothing needs Lua, so the page never downloads the VM for most scenarios. A script
 * that does not parse rejects with an InputError.
 */
export async function healthOverridesFor(
  argocdCmData?: Record<string, string>,
  objects: readonly KubeObject[] = [],
): Promise<HealthOverrides | undefined> {
  if (!needsLua(argocdCmData, objects)) return undefined;
  const { overridesFromData } = await import('./lazyLua');
  return overridesFromData(argocdCmData ?? {});
}
