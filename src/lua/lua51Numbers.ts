import './fengariLoadOrder';
import lobject from 'fengari/src/lobject.js';
import { luaS_bless } from 'fengari/src/lstring.js';
import { to_jsstring, to_luastring } from 'fengari/src/fengaricore.js';
import { goNumberString } from './goNumberString';

/*
 * Numbers as gopher-lua (Lua 5.1) has them, on fengari (Lua 5.3). Lua 5.1 has one number type, a double; Lua 5.3
 * adds integers, which fengari keeps in 32 bits, so `10/2` prints `5.0`, `2147483647 + 1` wraps to a negative
 * number and `0xffffffff` reads as -1. Two exports of lobject.js are wrapped (fengari's VM, API and lexer reach
 * them through the module object, as meterFengari.ts relies on too):
 * - luaO_str2num, which reads every numeral of the source, every `tonumber` and every string used in arithmetic:
 *   what it reads as an integer is made a float of the same value (a hexadecimal numeral read again, unwrapped),
 *   so a script's numbers are doubles and integer overflow cannot happen in them;
 * - luaO_tostring, which `tostring`, `..`, `print` and string.format's `%s` use: numbers are printed as gopher-lua
 *   prints them (goNumberString.ts).
 */
interface TValue {
  value: number;
  ttisinteger(): boolean;
  ttisnumber(): boolean;
  setfltvalue(n: number): void;
  setsvalue(s: unknown): void;
}
type NumberExports = {
  luaO_str2num(s: Uint8Array, o: TValue): number;
  luaO_tostring(L: unknown, o: TValue): void;
};

const patchedMark = Symbol.for('argocd-sandbox.lua51Numbers');

export function useLua51Numbers(): void {
  const exports = lobject as unknown as NumberExports & { [patchedMark]?: true };
  if (exports[patchedMark]) return;
  exports[patchedMark] = true;
  const { luaO_str2num } = exports;
  exports.luaO_str2num = (s, o) => {
    const size = luaO_str2num(s, o);
    if (size !== 0 && o.ttisinteger()) o.setfltvalue(hexadecimal(s) ?? o.value);
    return size;
  };
  const { luaO_tostring } = exports;
  exports.luaO_tostring = (L, o) => {
    if (!o.ttisnumber()) return luaO_tostring(L, o);
    o.setsvalue(luaS_bless(L as never, to_luastring(goNumberString(o.value))));
  };
}

/** A hexadecimal integer numeral's value, beyond 32 bits (Lua 5.3 wraps it; gopher-lua's is a double). */
function hexadecimal(s: Uint8Array): number | undefined {
  if (!s.includes(0x78) && !s.includes(0x58)) return undefined;
  const match = /^\s*(-?)0[xX]([0-9a-fA-F]+)\s*$/.exec(to_jsstring(s));
  if (!match) return undefined;
  return (match[1] ? -1 : 1) * parseInt(match[2], 16);
}
