// The page build's stand-in for fengari's ldump.js and lundump.js (see fengariCorePlugin). The sandbox only
// compiles health scripts from source (LuaVm loads with mode "t" and removes string.dump), so Lua bytecode is
// never written or read; leaving both out keeps the Lua chunk within its size budget.
export function luaU_dump() {
  throw new Error('Lua bytecode is not available in the sandbox');
}
export function luaU_undump() {
  throw new Error('Lua bytecode is not available in the sandbox');
}
