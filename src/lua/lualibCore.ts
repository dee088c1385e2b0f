// The page build's stand-in for fengari/src/lualib.js (see fengariCorePlugin): only the three libraries LuaVm
// opens from fengari (the string library is the sandbox's own, meteredStrlib.js), so the Lua chunk holds the VM and
// these and nothing else.
import './fengariLoadOrder';

export { luaopen_base } from 'fengari/src/lbaselib.js';
export { luaopen_math } from 'fengari/src/lmathlib.js';
export { luaopen_table } from 'fengari/src/ltablib.js';
