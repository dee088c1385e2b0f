import { beforeAll, expect, it } from 'vitest';
import { loadScenarioFiles, type CompiledScenario } from '../../scenarios/registry';
import { runsWithoutSyncWindows } from '../../scenarios/runsWithoutSyncWindows';
import { hasSyncWindows } from './hasSyncWindows';
import { SyncWindows } from './syncWindows.svelte';

let compiled: CompiledScenario[] = [];
beforeAll(async () => {
  compiled = await loadScenarioFiles();
});

/** Whether the run's object history is still its shipped text, not decoded yet (registry.ts reads it lazily). */
const stillEncoded = (run: object) => Object.getOwnPropertyDescriptor(run, 'objects')?.get !== undefined;

/** The page's question at its start: does the run on screen have sync windows? */
function present(run: CompiledScenario['defaultRun']): boolean {
  return new SyncWindows(
    () => run,
    () => run.endT,
  ).present;
}

// Issue 32: the page asked this of three-tier's run at its start and decoded the whole object history to answer
// (8% of many-resources' mount at 4× CPU, and its garbage): a history whose text names no `syncWindows` answers no.
it('answers that a shipped run without sync windows has none without decoding its object history', () => {
  for (const id of ['three-tier', 'many-resources', 'failing-migration']) {
    const run = compiled.find((c) => c.id === id)!.defaultRun;
    expect(present(run), id).toBe(false);
    expect(stillEncoded(run), id).toBe(true);
  }
});

it('still finds the windows of a run that has them (sync-window-blocks-release)', () => {
  const run = compiled.find((c) => c.id === 'sync-window-blocks-release')!.defaultRun;
  expect(runsWithoutSyncWindows.has(run)).toBe(false);
  expect(present(run)).toBe(true);
});

it('lists no shipped run that has a sync window among those without', () => {
  for (const c of compiled)
    if (runsWithoutSyncWindows.has(c.defaultRun))
      expect(hasSyncWindows(c.defaultRun.objects), c.id).toBe(false);
});
