import { beforeAll, describe, expect, it } from 'vitest';
import { inlinePlayer } from '../../scenarios/inlinePlayer';
import { loadScenarioFiles } from '../../scenarios/registry';
import { readerImpl } from '../../scenarios/readerImpl';
import { SimulationSession } from '../page/session.svelte';
import { punchlineTitle } from './punchlineMark.svelte';

function session() {
  return new SimulationSession({
    inline: inlinePlayer,
    reader: readerImpl,
    requestFrame: () => 0,
    cancelFrame: () => undefined,
  });
}

beforeAll(() => loadScenarioFiles());

describe('the punchline on the page (issue 30): "Jump to the punchline" and punchline=1', () => {
  it('jumps to the moment failing-smoke-test is about: the sync Failed while the app is Healthy, captioned', () => {
    const s = session();
    s.load('failing-smoke-test');
    // Until asked for, nothing changes: no caption, no slot kept for one.
    expect(s.punchline.callout).toBeUndefined();
    expect(s.punchline.unavailable).toBeUndefined();
    s.punchline.jump();
    expect(s.t).toBe(35);
    expect([s.frame.operation?.phase, s.frame.app?.health]).toEqual(['Failed', 'Healthy']);
    expect(s.punchline.shown).toEqual({
      title: punchlineTitle,
      text: "The sync Failed while the app is Healthy: the PostSync smoke test failed, and hooks do not count in the app's health.",
    });
  });

  it('shows the caption only at that moment, and drops it when another scenario opens', () => {
    const s = session();
    s.load('failing-smoke-test');
    s.punchline.jump();
    s.seek(20);
    expect(s.punchline.shown).toBeUndefined();
    // The slot stays while the scenario is open, so the boxes below do not move as the cursor passes it.
    expect(s.punchline.callout).toBeDefined();
    s.load('three-tier');
    expect(s.punchline.callout).toBeUndefined();
  });

  it("is not offered for a run that is not the scenario's own (the migration made to fail): its caption tells another", () => {
    const s = session();
    s.load('failing-smoke-test', { toggles: ['migration'] });
    expect(s.punchline.unavailable).toMatch(/the scenario's own run/);
    s.punchline.jump();
    expect(s.t).toBe(0);
    expect(s.punchline.callout).toBeUndefined();
  });
});
