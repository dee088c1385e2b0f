/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { viteSingleFile } from 'vite-plugin-singlefile';
import { fengariCorePlugin } from './src/build/fengariCorePlugin.ts';
import { compileHintsPlugin } from './src/build/compileHintsPlugin.ts';
import { compileScenariosPlugin } from './src/build/compileScenariosPlugin.ts';
import { cspPlugin } from './src/build/cspPlugin.ts';
import { inlineFaviconPlugin } from './src/build/inlineFaviconPlugin.ts';
import { preloadScenarioPlugin } from './src/build/preloadScenarioPlugin.ts';
import { hasSideEffects } from './src/build/pureModules.ts';
import { siteUrlPlugin } from './src/build/siteUrlPlugin.ts';
import { isolatedTests } from './test/isolatedTests.ts';

// The local imports name their `.ts` file: Vite 8 warns, at every start, about each import its future native
// config loader could not read (compileScenariosPlugin says how the engine stays out of this file's graph).
// `base: './'` keeps asset paths relative, so dist/ works from any sub-path of a static host.
// The "single" mode inlines everything into one index.html that opens from file:// (contract.md §2).
export default defineConfig(({ mode }) => ({
  base: './',
  plugins: [
    compileScenariosPlugin(import.meta.dirname),
    siteUrlPlugin(),
    fengariCorePlugin(),
    svelte(),
    ...(mode === 'single'
      ? [inlineFaviconPlugin(import.meta.dirname), viteSingleFile()]
      : [preloadScenarioPlugin(), compileHintsPlugin()]),
    // After the one-file plugin, so the policy can hash the scripts it inlines.
    cspPlugin(),
  ],
  build: {
    outDir: mode === 'single' ? 'dist-single' : 'dist',
    chunkSizeWarningLimit: 2000,
    // The page's first chunk keeps only the modules it uses (src/build/pureModules.ts).
    rollupOptions: { treeshake: { moduleSideEffects: hasSideEffects } },
  },
  // The simulation worker (src/ui/worker): a module worker file of its own in dist/; in the one-file build an
  // inlined Blob URL worker, since a page opened from file:// can start a worker neither from a file nor, in
  // Chromium, as a module from a Blob URL (an opaque origin): there it is a classic script (iife) with its Lua
  // chunk inlined, since a Blob URL has no directory to import a chunk from.
  worker: {
    format: mode === 'single' ? ('iife' as const) : ('es' as const),
    // The worker is built on its own: it needs fengari's core only, like the page (scenarios arrive as data).
    plugins: () => [fengariCorePlugin()],
    rollupOptions: mode === 'single' ? { output: { inlineDynamicImports: true } } : {},
  },
  resolve: {
    alias: {
      'sandbox-sim-worker': `/src/scenarios/simWorker.ts?worker${mode === 'single' ? '&inline' : ''}`,
      // The worker that reads a dropped app (src/ui/ownApp/ownAppWorker.ts), built as the simulation worker is.
      'sandbox-own-app-worker': `/src/ui/ownApp/ownAppWorker.ts?worker${mode === 'single' ? '&inline' : ''}`,
    },
    ...(process.env.VITEST ? { conditions: ['module', 'browser', 'development|production'] } : {}),
  },
  test: {
    environment: 'node',
    reporters: ['default', './test/summaryReporter.ts'],
    // A timeout only catches a hang: far above any test's quiet time, so that the suite passes at any load of the
    // machine, only slower (issue 31: five docs examples failed at 60 s at a load of 15-27 on 2 cores). A test
    // asserts on steps, counts or virtual time, never on wall time (test/README.md).
    testTimeout: 600_000,
    // Worker threads, not forked processes: measured 124 s against 150 s for the whole run on a quiet 2-core
    // machine (loading modules is most of the cost).
    pool: 'threads',
    // As many workers as cores: vitest's default leaves one core to its main process, whose transforms are a
    // small part of a run, so on two cores one worker ran the tests (174 s for the run, 127 s with two).
    maxWorkers: availableParallelism(),
    // Loading the shipped scenarios plays each one's default run (compileScenariosPlugin): seconds on a busy machine.
    hookTimeout: 600_000,
    // Loading modules again for every file was most of the run (89 s, of which 24 s ran tests): files share
    // one module graph per worker (34 s), except those that replace a module or a global (vi.mock, vi.stubGlobal,
    // fake timers, a storage stand-in), which would leak into the files after them. (A project's `include` adds to
    // the root's, hence none at the root.) Sharing also proves the
    // engine keeps no state between runs in its modules: a golden event log would change if it did.
    projects: [
      { extends: true, test: { name: 'isolated', include: isolatedTests } },
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: isolatedTests,
          isolate: false,
        },
      },
    ],
  },
}));
