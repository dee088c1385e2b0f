import './fengariLoadOrder';
import * as lua from 'fengari/src/lua.js';
import { to_jsstring, to_luastring } from 'fengari/src/fengaricore.js';
import ldebug from 'fengari/src/ldebug.js';
import lobject from 'fengari/src/lobject.js';

/**
 * What one run of a health script may spend. `steps` is the deterministic budget that decides in every normal case;
 * `wallMs` is only a backstop for work the step count undercounts, and a script stopped by it is refused as bad
 * input (never given a health), so the outcome of an ordinary run never depends on the machine's speed.
 */
export interface LuaLimits {
  /**
   * Work units per run: one per VM instruction, eight per table write and per new table, one per pattern-matching
   * step, one per 64 bytes of string a concatenation or library function builds, one per four copies string.rep
   * makes (even of an empty string), one per 8 bytes of source `load` compiles. Each unit allocates at most a table slot or 64 bytes, so it bounds memory as well as time.
   */
  steps: number;
  /** The wall-clock backstop, in milliseconds (Argo CD stops a script after 1 s of its own: util/lua/lua.go). */
  wallMs: number;
  /** The longest string a script may build, in bytes (concatenation, string.rep, format, gsub, table.concat). */
  maxString: number;
}

export const defaultLuaLimits: LuaLimits = { steps: 1_000_000, wallMs: 2_000, maxString: 1 << 20 };

/** The spending of the run in progress; undefined between runs (scripts never run concurrently in one thread). */
let active: LuaBudget | undefined;

/** The run in progress, for fengari's metered paths (meterFengari.ts, meteredStrlib.js). */
export function activeBudget(): LuaBudget | undefined {
  return active;
}

/**
 * Charges `units` to the run in progress, raising the limit error when the budget is spent. Library code calls it
 * before the work it pays for wherever the size is known first (string.rep, table.concat), so a bomb is refused
 * before it allocates.
 */
export function chargeLua(units: number): void {
  active?.charge(units);
}

/** Refuses a string of `length` bytes about to be built, when it is over the limit; charges it otherwise. */
export function chargeLuaString(length: number): void {
  if (!active) return;
  refuseLongString(length);
  active.charge(length / 64);
}

/** Stops the run when a string of `length` bytes is about to be built past the limit. */
export function refuseLongString(length: number): void {
  if (active && length > active.limits.maxString) {
    active.trip(`health script built a string of more than ${active.limits.maxString} bytes`);
  }
}

/**
 * One run's spending. Once a limit trips it stays tripped: every later instruction raises the error again (the
 * count hook fires at every instruction from then on) and the sandbox's pcall and xpcall re-raise it, so no script
 * can catch the limit error and carry on.
 */
export class LuaBudget {
  used = 0;
  /** The limit's message once one tripped. */
  tripped: string | undefined;
  private readonly deadline: number;
  private nextClockCheck = clockEvery;

  constructor(
    readonly L: lua.LuaState,
    readonly limits: LuaLimits,
  ) {
    this.deadline = performance.now() + limits.wallMs;
  }

  /** Makes this the run in progress until `end`. */
  begin(): void {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the module remembers which run is in progress
    active = this;
  }

  end(): void {
    if (active === this) active = undefined;
  }

  charge(units: number): void {
    this.used += units;
    if (this.tripped !== undefined) this.trip(this.tripped);
    if (this.used > this.limits.steps) {
      this.trip(`health script exceeded its limit of ${this.limits.steps} steps`);
    }
    if (this.used >= this.nextClockCheck) {
      this.nextClockCheck = this.used + clockEvery;
      if (performance.now() > this.deadline) {
        this.trip(`health script ran for more than ${this.limits.wallMs / 1000} s`);
      }
    }
  }

  /**
   * Records the limit and raises it as a Lua error that begins with the running function's `chunk:line:`, as Lua's
   * own errors do. It may be raised in the middle of an instruction (a table write, a concatenation), where the
   * public API may not push, so it is raised the way fengari's own runtime errors are (ldebug.js luaG_runerror).
   */
  trip(message: string): never {
    const L = this.L;
    if (this.tripped === undefined) {
      this.tripped = `${where(L)}${message}`;
      // From now on the count hook fires before every instruction, so a caught limit error is raised again at once.
      lua.lua_sethook(L, this.hook, lua.LUA_MASKCOUNT, 1);
    }
    lobject.luaO_pushvfstring(L, to_luastring('%s'), [to_luastring(this.tripped)]);
    return ldebug.luaG_errormsg(L);
  }

  /** The count hook: VM instructions are charged `hookEvery` at a time. */
  readonly hook = (): void => {
    this.charge(this.tripped === undefined ? hookEvery : 0);
  };
}

/** VM instructions between two calls of the count hook: cheap enough, and steps stay exact multiples of it. */
export const hookEvery = 1000;
/** Units between two looks at the clock. */
const clockEvery = 4096;

/** `chunk:line: ` of the innermost Lua function running (the script's line), or '' outside one. */
function where(L: lua.LuaState): string {
  for (let level = 0; level < 3; level++) {
    const ar = new lua.lua_Debug();
    if (!lua.lua_getstack(L, level, ar)) return '';
    lua.lua_getinfo(L, to_luastring('Sl'), ar);
    if (ar.currentline > 0) return `${to_jsstring(ar.short_src)}:${ar.currentline}: `;
  }
  return '';
}
