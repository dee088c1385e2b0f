import { beforeAll, describe, expect, it } from 'vitest';
import { wholeHistory } from '../engine';
import { loadScenarioFiles, scenarioCatalog, type CompiledScenario } from './registry';
import { defaultSettings, pageRunOptions, playForPageWithLua } from './pageRun';

let compiled: CompiledScenario[] = [];
beforeAll(async () => {
  compiled = await loadScenarioFiles();
});

// The build ships each scenario's default run (compileScenariosPlugin) so the first paint simulates nothing; it
// must be exactly the run the page would make itself, or a toggle switched on and off again would change it.
describe('precomputed default runs', () => {
  it('every shipped scenario has one', () => {
    expect(compiled.map((c) => c.id).sort()).toEqual(scenarioCatalog.map((s) => s.id).sort());
    for (const c of compiled) expect(c.defaultRun.events.length, c.id).toBeGreaterThan(0);
  });

  it.each(scenarioCatalog.map((s) => s.id))(
    '%s: equals a fresh run with the page’s own settings',
    async (id) => {
      const { scenario, defaultRun } = compiled.find((c) => c.id === id)!;
      const fresh = await playForPageWithLua(scenario, pageRunOptions(scenario, defaultSettings(scenario)));
      expect(defaultRun.events).toEqual(fresh.events);
      // The history ships as patches of whole versions (historyPatches.ts), where a fresh run keeps some of an
      // Application's versions as changes of its rows (objectHistory.ts): both are compared as their readers
      // (`versionAt`) see them.
      const shipped = wholeHistory(defaultRun.objects);
      const made = wholeHistory(fresh.objects);
      expect({ ...defaultRun, objects: shipped }).toEqual({ ...fresh, objects: made });
      // Decoded, it prints exactly as the fresh one, field order included, which toEqual does not check (the
      // terminal prints objects in their own order).
      expect(JSON.stringify(shipped)).toBe(JSON.stringify(made));
    },
  );
});
