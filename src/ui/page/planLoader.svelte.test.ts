import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inlinePlayer } from '../../scenarios/inlinePlayer';
import { readerImpl } from '../../scenarios/readerImpl';
import { SimulationSession } from './session.svelte';

// The order table's planner is a chunk of its own on the page (issue 32, "Budget"): asked for first, the plan is not
// there yet and the planner starts loading; once it has loaded, the same request answers with the table.
describe('the order table planner, loaded when first asked', () => {
  it('answers nothing while it loads, then the dry run of the scenario: three-tier plans its tasks in waves', async () => {
    const session = new SimulationSession({
      inline: inlinePlayer,
      files: [{ id: 'three-tier', text: readFileSync('scenarios/three-tier.yaml', 'utf8') }],
      reader: readerImpl,
      requestFrame: () => 0,
      cancelFrame: () => {},
    });
    session.load('three-tier');
    const text = session.scenario!.revisions.at(-1)!.manifests;
    expect(session.planner.ready).toBe(false);
    expect(session.planManifests(text)).toBeUndefined();
    await session.planner.load();
    expect(session.planner.ready).toBe(true);
    const plan = session.planManifests(text);
    expect(plan?.ok).toBe(true);
    expect(plan?.ok && plan.plan.tasks.find((task) => task.name === 'frontend')?.wave).toBe(2);
  });
});
