import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const core = fileURLToPath(new URL('../lua/lualibCore.ts', import.meta.url));
const assertOnly = fileURLToPath(new URL('../lua/lualibAssert.js', import.meta.url));
const noBytecode = fileURLToPath(new URL('../lua/noBytecode.js', import.meta.url));

/**
 * Keeps the page's Lua chunk to fengari's core. fengari's lualib.js loads every library (io, os, package,
 * debug, utf8, coroutine, fengari's JS bridge), and its string and table libraries require lualib.js for one assert. In a
 * build, LuaVm's import of lualib.js becomes lualibCore.ts and theirs becomes lualibAssert.js. Node (the CLI
 * and tests) keeps the real lualib.js, whose size does not matter there. Bytecode dump and undump are left out
 * too (noBytecode.js): LuaVm only compiles source text.
 */
export function fengariCorePlugin(): Plugin {
  return {
    name: 'fengari-core',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'fengari/src/lualib.js') return core;
      const from = importer?.replaceAll('\\', '/') ?? '';
      if (source === './lualib.js' && /fengari\/src\/(lstrlib|ltablib)\.js$/.test(from)) return assertOnly;
      if (source === './ldump.js' && from.endsWith('fengari/src/lapi.js')) return noBytecode;
      if (source === './lundump.js' && from.endsWith('fengari/src/ldo.js')) return noBytecode;
      return null;
    },
    // fengari's defs.js and luaconf.js require each other, and only defs.js loaded first defines
    // LUA_REGISTRYINDEX (else NaN: "upvalue index too large" at the first registry access). The bundler orders
    // CommonJS modules as it likes (lauxlib.js first in the Lua chunk), so each fengari module loads defs.js first.
    transform(code, id) {
      if (!/fengari\/src\/\w+\.js$/.test(id) || /\/(defs|luaconf)\.js$/.test(id)) return null;
      return { code: `require('./defs.js');\n${code}`, map: null };
    },
  };
}
