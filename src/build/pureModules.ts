/**
 * Whether a module of the page's build has side effects when imported (Rollup's `treeshake.moduleSideEffects`).
 * The engine, the texts, the run at the cursor, the links, the timeline's drawing and the scenarios' readers are plain TypeScript
 * modules whose top-level code only defines what they export (a table built by a loop fills the module's own
 * map): a module none of whose exports the page uses can be left out. The bundler cannot see that by itself, so it
 * kept every module that the engine's index re-exports, and the page's first chunk carried the whole engine (the
 * Argo CD command table, ApplicationSet generators, cron): 18 kB gzip of the initial JavaScript (issue 32, "Budget").
 * Svelte modules (`.svelte`, `.svelte.ts`), CSS and packages keep the bundler's own judgement.
 */
export function hasSideEffects(id: string): boolean | undefined {
  const path = id.replaceAll('\\', '/');
  if (/\/src\/(engine|text|cursor|links|timeline|scenarios)\/.*(?<!\.svelte)\.ts$/.test(path)) return false;
  return undefined;
}
