// The one thing fengari's lstrlib.js takes from lualib.js. In the page build, fengariCorePlugin points lstrlib's
// require('./lualib.js') here, so the string library does not drag in io, os, package, debug and utf8.
export function lua_assert(condition) {
  if (!condition) throw new Error('assertion failed');
}
