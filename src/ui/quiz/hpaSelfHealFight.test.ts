import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../../engine';
import { playScenario, type PlayOptions } from '../../scenarios/play';
import { platformRunSettings } from '../../scenarios/platformToggles';
import { parseScenario } from '../../scenarios/scenario';
import { predictBeats } from '../predict/predictBeats';
import { runFacts } from '../../cursor/runFacts';
import { frameAt } from '../../cursor/frameAt';
import { questions } from './questions';

const file = 'scenarios/hpa-self-heal-fight.yaml';
const scenario = parseScenario(readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8'), file);
const play = (toggles: string[] = []) =>
  playScenario(scenario, platformRunSettings(scenario, toggles) as PlayOptions);
const result = play();
const selfHeals = (events: readonly SimEvent[]) =>
  events.filter((e) => e.type === 'app-operation' && e.automated && e.t > 0).map((e) => e.t);
const replicasWritten = (events: readonly SimEvent[]) =>
  events.filter((e) => e.type === 'apply' && e.kind === 'Deployment' && e.t > 0).length;

/**
 * scenarios/hpa-self-heal-fight.yaml (issue 30 item 5; argo-cd #28590, #6520): the HPA writes spec.replicas every
 * 15 s (horizontal.go), and self-heal writes Git's 1 back after selfHealRemainingBackoff (appcontroller.go,
 * argocd-semantics.md §5.4: 0, 2, 6, 18, 54 s after the previous self-heal ended).
 */
describe('hpa-self-heal-fight: the run answers its quiz question', () => {
  it('self-heal answers each HPA write, backing off 0, 2, 6, 18 s, and again from 0 after the manual sync at 120 s', () => {
    expect(selfHeals(result.events)).toEqual([
      35.05, 50.05, 65.05, 83.05, 125.05, 140.05, 155.05, 173.05, 227.05,
    ]);
  });

  it('at the quiz link the app is OutOfSync and Healthy, the last operation Succeeded: nobody wins', () => {
    const q = questions.find((x) => x.id === 'hpa-self-heal-fight')!;
    expect(q.link).toMatchObject({ scenario: 'hpa-self-heal-fight', t: 190 });
    const frame = frameAt(result.events, q.link!.t);
    expect({ sync: frame.app?.sync, health: frame.app?.health, phase: frame.operation?.phase }).toEqual({
      sync: 'OutOfSync',
      health: 'Healthy',
      phase: 'Succeeded',
    });
  });

  it('without self-heal the HPA wins: no automated sync after the first, the app stays OutOfSync', () => {
    const run = play(['noSelfHeal']);
    expect(selfHeals(run.events)).toEqual([]);
    expect(run.applications![0].status.sync.status).toBe('OutOfSync');
  });

  it('ignoreDifferences on /spec/replicas keeps the app Synced, but the manual sync at 120 s still writes 1 (the HPA scales up again at 125 s)', () => {
    const run = play(['ignoreReplicas']);
    expect(selfHeals(run.events)).toEqual([]);
    expect(run.applications![0].status.sync.status).toBe('Synced');
    const health = run.events.flatMap((e) => (e.type === 'app' && e.t > 120 ? [`${e.t} ${e.health}`] : []));
    expect(health).toContain('125.05 Progressing');
  });

  it('RespectIgnoreDifferences=true: the manual sync keeps the live 4 (controller/sync.go L304-L321), nothing moves after it', () => {
    const run = play(['respectIgnore']);
    // Created at 5 s, configured by the manual sync at 120 s with the live count in place of Git's.
    expect(replicasWritten(run.events)).toBe(2);
    expect(run.events.filter((e) => e.type === 'app' && e.t > 120)).toEqual([]);
    expect(run.live.find((o) => o.kind === 'Deployment')!.spec.replicas).toBe(4);
  });

  it('predict mode has questions for this run', () => {
    expect(predictBeats(result.events, runFacts(result.events)).length).toBeGreaterThan(0);
  });
});
