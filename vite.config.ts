/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { viteSingleFile } from 'vite-plugin-singlefile';
import { fengariCorePlugin } from './src/lua/fengariCorePlugin';
import { compileScenariosPlugin } from './src/scenarios/compileScenariosPlugin';
import { cspPlugin } from './src/build/cspPlugin';
import { inlineFaviconPlugin } from './src/build/inlineFaviconPlugin';

// `base: './'` keeps asset paths relative, so dist/ works from any sub-path of a static host.
// The "single" mode inlines everything into one index.html that opens from file:// (contract.md §2).
export default defineConfig(({ mode }) => ({
  base: './',
  plugins: [
    compileScenariosPlugin(import.meta.dirname),
    fengariCorePlugin(),
    svelte(),
    ...(mode === 'single' ? [inlineFaviconPlugin(import.meta.dirname), viteSingleFile()] : []),
    // After the one-file plugin, so the policy can hash the scripts it inlines.
    cspPlugin(),
  ],
  build: { outDir: mode === 'single' ? 'dist-single' : 'dist', chunkSizeWarningLimit: 2000 },
  resolve: process.env.VITEST ? { conditions: ['module', 'browser', 'development|production'] } : {},
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    reporters: ['default', './test/summaryReporter.ts'],
    testTimeout: 60_000,
  },
}));
