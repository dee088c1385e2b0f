import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../../engine';
import { parseScenario } from '../../scenarios/scenario';
import { defaultSettings, pageRunOptions, playForPageWithLua } from '../../scenarios/pageRun';
import { sameSettings } from '../page/sessionSettings';
import { formatCompare, parseCompare } from './compareLink';

/**
 * The compare view's `syncTimeout=SECONDS` knob (issue 29: "the compare view can set sync-timeout beside a
 * Terminate"): `controller.sync.timeout.seconds` of argocd-cmd-params-cm for one run, over the scenario's own
 * (appcontroller.go L1602-L1607: the operation is terminated once it has run that long; argocd-semantics.md §2.16).
 */
const file = 'scenarios/sync-timeout.yaml';
const scenario = parseScenario(readFileSync(file, 'utf8'), file);

async function checkoutEnd(syncTimeout?: number): Promise<{ t: number; message: string } | undefined> {
  const settings = { ...defaultSettings(scenario), ...(syncTimeout !== undefined ? { syncTimeout } : {}) };
  const played = await playForPageWithLua(scenario, pageRunOptions(scenario, settings));
  const end = played.events.find(
    (e): e is Extract<SimEvent, { type: 'operation' }> =>
      e.type === 'operation' && e.app === 'checkout' && e.phase !== 'Running' && e.phase !== 'Terminating',
  );
  return end && { t: end.t, message: end.message ?? '' };
}

describe('compare=…~syncTimeout=SECONDS', () => {
  it('is read and written back as a knob of one run, beside the other run unchanged', () => {
    const parsed = parseCompare('sync-timeout~syncTimeout=60,sync-timeout~noTimeout');
    expect(parsed.problems).toEqual([]);
    expect(parsed.items).toEqual([
      { scenario: 'sync-timeout', toggles: [], syncTimeout: 60 },
      { scenario: 'sync-timeout', toggles: ['noTimeout'] },
    ]);
    expect(formatCompare(parsed.items)).toBe('sync-timeout~syncTimeout=60,sync-timeout~noTimeout');
    expect(parseCompare('sync-timeout~syncTimeout=-1,sync-timeout').problems).toEqual([
      '"~syncTimeout=-1" in "sync-timeout~syncTimeout=-1" is not a toggle id, waveDelay=SECONDS, seed=N or syncTimeout=SECONDS',
    ]);
  });

  it("terminates the operation at the knob's time instead of the scenario's 300 s, in Argo CD's words", async () => {
    const own = await checkoutEnd();
    const knob = await checkoutEnd(60);
    expect(own?.message).toMatch(/^Operation terminated, triggered by controller sync timeout/);
    expect(knob?.message).toMatch(/^Operation terminated, triggered by controller sync timeout/);
    expect(own!.t).toBeGreaterThanOrEqual(300);
    expect(knob!.t).toBeGreaterThanOrEqual(60);
    expect(knob!.t).toBeLessThan(120);
  });

  it('syncTimeout=0 is no timeout: the operation waits for the terminate by hand', async () => {
    const none = await checkoutEnd(0);
    expect(none?.message ?? '').not.toMatch(/sync timeout/);
    expect(none!.t).toBeGreaterThanOrEqual(600);
  });

  it("a knob run is not the scenario's precomputed default run", () => {
    expect(sameSettings({ ...defaultSettings(scenario), syncTimeout: 60 }, defaultSettings(scenario))).toBe(
      false,
    );
  });
});
