import './fengariLoadOrder';
import lobject from 'fengari/src/lobject.js';
import ltable from 'fengari/src/ltable.js';
import { activeBudget } from './luaBudget';

/*
 * The allocations fengari's VM makes without calling a library function: table writes (t[k] = v, table
 * constructors, SETLIST of a vararg list) and the strings the `..` operator builds. fengari has no allocator hook
 * (Lua's lua_Alloc), but its VM reaches these through the exports of ltable.js and lobject.js (`ltable.luaH_setint`,
 * `ltable.luaH_setfrom`, `ltable.luaH_new`, and `lobject.setsvalue2s` for a concatenation's result, lvm.js
 * luaV_concat), so wrapping those exports meters them in the CLI and in the page alike. Outside a run (compiling,
 * pushing `obj`) nothing is charged.
 *
 * A concatenation is measured once built: its operands are each within the string limit, so the one string built
 * past it is at most a few operands long before the run stops (`s = s .. s` ends at twice the limit, not at 8 GB).
 */
/**
 * Units per table write or new table: an entry is an object, a TValue and a Map slot, and fengari takes several times
 * an instruction's time to add one, so the step budget (not the clock) ends a table that grows for ever.
 */
const tableWrite = 8;

const meteredMark = Symbol.for('argocd-sandbox.meteredFengari');

export function meterFengari(): void {
  const tables = ltable as typeof ltable & { [meteredMark]?: true };
  if (tables[meteredMark]) return;
  tables[meteredMark] = true;
  const { luaH_setint, luaH_setfrom, luaH_new } = ltable;
  ltable.luaH_setint = (t, key, value) => {
    activeBudget()?.charge(tableWrite);
    luaH_setint(t, key, value);
  };
  ltable.luaH_setfrom = (L, t, key, value) => {
    activeBudget()?.charge(tableWrite);
    luaH_setfrom(L, t, key, value);
  };
  ltable.luaH_new = (L) => {
    activeBudget()?.charge(tableWrite);
    return luaH_new(L);
  };
  const { setsvalue2s } = lobject;
  lobject.setsvalue2s = (L, index, ts) => {
    const budget = activeBudget();
    if (budget && budget.L === L && budget.tripped === undefined) {
      const length = ts.realstring.length;
      if (length > budget.limits.maxString) {
        budget.trip(`health script built a string of more than ${budget.limits.maxString} bytes`);
      }
      budget.charge(length / 64);
    }
    setsvalue2s(L, index, ts);
  };
}
