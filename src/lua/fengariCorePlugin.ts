import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const core = fileURLToPath(new URL('./lualibCore.ts', import.meta.url));
const assertOnly = fileURLToPath(new URL('./lualibAssert.js', import.meta.url));

/**
 * Keeps the page's Lua chunk to fengari's core. fengari's lualib.js loads every library (io, os, package,
 * debug, utf8, coroutine, fengari's JS bridge), and its string library requires lualib.js for one assert. In a
 * build, LuaVm's import of lualib.js becomes lualibCore.ts and lstrlib's becomes lualibAssert.js. Node (the CLI
 * and tests) keeps the real lualib.js, whose size does not matter there.
 */
export function fengariCorePlugin(): Plugin {
  return {
    name: 'fengari-core',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'fengari/src/lualib.js') return core;
      if (source === './lualib.js' && importer?.replaceAll('\\', '/').endsWith('fengari/src/lstrlib.js'))
        return assertOnly;
      return null;
    },
  };
}
