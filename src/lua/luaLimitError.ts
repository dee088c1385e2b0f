import type { HealthOverrides, InputError } from '../engine';

// Apart from luaHealthOverrides.ts so that the page's main chunk can ask without loading the Lua VM.

/** HealthOverrides whose scripts run under limits; `limitError` says whether one was stopped by a limit. */
export interface LuaHealthOverrides extends HealthOverrides {
  limitError(): InputError | undefined;
}

/**
 * The input error of a run whose health Lua was stopped by a limit (CLI: exit 2 at the argocd-cm entry; page: the
 * message), or undefined. A limit is not a health: once one trips, every check of the same VM throws the same error
 * at once (the engine shows `Unknown` meanwhile), so the run ends fast, and its caller refuses it with this error.
 */
export function luaLimitError(overrides: HealthOverrides | undefined): InputError | undefined {
  return overrides && 'limitError' in overrides ? (overrides as LuaHealthOverrides).limitError() : undefined;
}
