// The one thing fengari's lstrlib.js and ltablib.js take from lualib.js. In the page build, fengariCorePlugin points their
// require('./lualib.js') here, so these libraries do not drag in io, os, package, debug and utf8.
export function lua_assert(condition) {
  if (!condition) throw new Error('assertion failed');
}
