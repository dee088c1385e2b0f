import { type HealthCheck, type HealthOverrides, InputError } from '../engine';
import type { HealthCustomization } from './healthCustomizations';
import type { LuaHealthOverrides } from './luaLimitError';
import { LuaLimitError, LuaSyntaxError, LuaVm } from './luaVm';

/** The first limit a script of a VM's overrides tripped, as the input error the run is refused with. */
const stopped = new WeakMap<LuaVm, InputError>();

/**
 * HealthOverrides backed by Lua: each script is compiled once, up front, so a script that does not parse is an
 * input error before the simulation starts (naming the argocd-cm file, the line and column of the key's value and
 * Lua's message) rather than an `Unknown` health in the middle of a run. `fallback` answers for kinds these
 * scripts do not configure (the built-in Lua checks, which argocd-cm overrides).
 */
export function luaHealthOverrides(
  customizations: HealthCustomization[],
  vm = new LuaVm(),
  fallback?: HealthOverrides,
): LuaHealthOverrides {
  const exact = new Map<string, HealthCheck>();
  const wildcards: { group: RegExp; kind: RegExp; check: HealthCheck }[] = [];
  for (const c of customizations) {
    let check: HealthCheck;
    try {
      check = vm.compile(c.source, c.key, c.useOpenLibs === true);
    } catch (error) {
      if (!(error instanceof LuaSyntaxError)) throw error;
      const detail = `the health Lua of ${c.key} does not parse: ${error.message}`;
      throw new InputError(detail, c.position ?? { file: 'argocd-cm', line: 1, column: 1 });
    }
    check = limited(check, vm, c);
    if (c.group.includes('*') || c.kind.includes('*')) {
      wildcards.push({ group: glob(c.group), kind: glob(c.kind), check });
    } else exact.set(`${c.group}/${c.kind}`, check);
  }
  return {
    limitError: () => stopped.get(vm),
    // Argo CD looks the exact group/kind up first, then the wildcard keys (util/lua/lua.go GetHealthScript).
    checkFor(group, kind) {
      return (
        exact.get(`${group}/${kind}`) ??
        wildcards.find((w) => w.group.test(group) && w.kind.test(kind))?.check ??
        fallback?.checkFor(group, kind)
      );
    },
  };
}

/** A `*` glob as a whole-string pattern, as Argo CD's glob.Match treats the wildcard keys. */
function glob(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*');
  return new RegExp(`^${escaped}$`);
}

/** A check that, once any script of `vm` was stopped by a limit, refuses every run with that input error. */
function limited(check: HealthCheck, vm: LuaVm, c: HealthCustomization): HealthCheck {
  return (obj, nowMs) => {
    const earlier = stopped.get(vm);
    if (earlier) throw earlier;
    try {
      return check(obj, nowMs);
    } catch (error) {
      if (!(error instanceof LuaLimitError)) throw error;
      const refused = new InputError(
        `the health Lua of ${c.key} was stopped: ${error.message}`,
        c.position ?? { file: 'argocd-cm', line: 1, column: 1 },
      );
      stopped.set(vm, refused);
      throw refused;
    }
  };
}
