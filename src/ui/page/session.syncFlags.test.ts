import { beforeAll, describe, expect, it } from 'vitest';
import { loadScenarioFiles } from '../../scenarios/registry';
import { readerImpl } from '../../scenarios/readerImpl';
import { SimulationSession } from './session.svelte';
import { inlinePlayer } from '../../scenarios/inlinePlayer';
import { isIntervention } from '../../text/terminal/interventionLine';

/**
 * `argocd app sync` typed in the page's terminal with a flag that changes the operation (issue 28): the run plays
 * again with it at the cursor, as Argo CD would run it (argocd-semantics.md §9.3, §9.4).
 */
beforeAll(() => loadScenarioFiles());

function session() {
  return new SimulationSession({
    inline: inlinePlayer,
    reader: readerImpl,
    requestFrame: () => 0,
    cancelFrame: () => {},
  });
}

describe('drift-self-heal with self-heal off: the Deployment deleted by hand at 40 s', () => {
  it('--dry-run at 50 s changes nothing; --resource apps:Deployment:checkout at 60 s brings only it back, no history', async () => {
    const s = session();
    await s.load('drift-self-heal', { toggles: ['noSelfHeal'] });
    await s.interventions.intervene('kubectl delete deploy checkout', 40, 'checkout-dev');
    for (const [t, line] of [
      [50, 'argocd app sync checkout --dry-run'],
      [60, 'argocd app sync checkout --resource apps:Deployment:checkout'],
    ] as const) {
      expect(isIntervention(line)).toBe(true);
      expect(await s.interventions.intervene(line, t)).toEqual({ output: '', refused: false });
    }
    const deploymentAt = (t: number) =>
      s.events.filter(
        (e) => e.type === 'apply' && e.kind === 'Deployment' && e.name === 'checkout' && e.t >= t,
      );
    // The dry run's operation applies nothing (its results are dry runs, no apply event); the selective sync does.
    expect(deploymentAt(50).every((e) => e.t >= 60)).toBe(true);
    expect(deploymentAt(60)).toHaveLength(1);
    const starts = s.events.filter((e) => e.type === 'app-operation').map((e) => e.t);
    expect(starts).toEqual([0, 50, 60]);
  });
});
