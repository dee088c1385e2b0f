// The page build's stand-in for fengari/src/lualib.js (see fengariCorePlugin): only the four libraries LuaVm
// opens, so the Lua chunk holds the VM and these and nothing else.
export { luaopen_base } from 'fengari/src/lbaselib.js';
export { luaopen_math } from 'fengari/src/lmathlib.js';
export { luaopen_string } from 'fengari/src/lstrlib.js';
export { luaopen_table } from 'fengari/src/ltablib.js';
