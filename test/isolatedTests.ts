/**
 * The test files that replace a module or a global (vi.mock, vi.stubGlobal, fake timers, a storage stand-in). The
 * other files share one module graph per vitest worker (vite.config.ts `test.projects`), so what these replace
 * would leak into the files run after them; they run isolated instead. isolatedTests.test.ts keeps the list whole.
 */
export const isolatedTests = [
  'src/cli/sim.internalError.test.ts',
  'src/ui/page/session.internalError.test.ts',
  'src/browser/quizProgress.test.ts',
  'src/ui/timeline/Timeline.svelte.test.ts',
  'src/ui/page/afterPaint.svelte.test.ts',
  'src/ui/page/rowsInTasks.svelte.test.ts',
  'src/ui/manifests/manifestEditing.svelte.test.ts',
  'src/ui/ownApp/ownAppStore.test.ts',
  'src/browser/followWidth.test.ts',
  'src/browser/whenSettled.test.ts',
];
