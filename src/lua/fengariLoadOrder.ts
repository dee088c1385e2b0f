// fengari's defs.js and luaconf.js require each other: unless defs.js (which lua.js requires first) loads before
// luaconf.js, LUA_REGISTRYINDEX is NaN and every registry access fails ("upvalue index too large"). Every module
// of the sandbox that imports fengari imports this one first, so that the bundler, which orders CommonJS modules
// by their first importer, loads lua.js before any other fengari module, in the page as in Node.
import 'fengari/src/lua.js';
