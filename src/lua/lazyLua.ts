import type { HealthOverrides } from '../engine';
import { blockCustomizations } from './blockCustomizations';
import { healthCustomizations } from './healthCustomizations';
import { healthOverridesWithLua } from './healthOverridesWithLua';

/**
 * The page's Lua chunk (imported only by loadLua.ts, dynamically): the VM, the built-in Lua checks and the
 * argocd-cm reader for data that arrived already parsed (a scenario's argocd-cm).
 */
export function overridesFromData(data: Record<string, string>): HealthOverrides {
  return healthOverridesWithLua(
    healthCustomizations({ data }, blockCustomizations(data['resource.customizations'], undefined)),
  );
}
