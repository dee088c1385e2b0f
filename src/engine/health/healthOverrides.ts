import type { HealthStatus, KubeObject } from '../types';

/**
 * Health checks supplied from outside the engine: Argo CD's `argocd-cm`
 * `resource.customizations.health.<group>_<kind>` Lua scripts (argocd-semantics.md §3.0 rule 2, §5.2). The engine
 * calls them and does not implement them: the Lua VM lives outside `src/engine` (which imports nothing but xstate)
 * and is injected by the CLI and by the page, lazily, only when a scenario has Lua.
 *
 * A check returns the object's health, or null when the script gives none. It throws (any Error) when the script
 * fails, does not parse or runs past its instruction budget; the engine then reports `Unknown` with the error's
 * message, as gitops-engine's `GetResourceHealth` does with a health override's error. `nowMs` is the virtual time
 * of the check (ms since t0, clock.ts), which a Lua script reads through os.time and os.date; t0 when absent.
 */
export type HealthCheck = (obj: KubeObject, nowMs?: number) => HealthStatus | null;

export interface HealthOverrides {
  /** The check configured for this API group ('' for the core group) and kind, or undefined when there is none. */
  checkFor(group: string, kind: string): HealthCheck | undefined;
}
