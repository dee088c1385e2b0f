import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playScenario } from '../scenarios/play';
import { parseScenario } from '../scenarios/scenario';
import { explainWaiting, syncFailHooksOf } from './explainWaiting';
import { frameAt } from './frameAt';
import { selfHealSyncs } from './selfHealSyncs';

function played(id: string) {
  const url = new URL(`../../scenarios/${id}.yaml`, import.meta.url);
  return playScenario(parseScenario(readFileSync(url, 'utf8'), `scenarios/${id}.yaml`), { fail: [] });
}

function whyAt(events: ReturnType<typeof played>['events'], t: number) {
  return explainWaiting(frameAt(events, t), syncFailHooksOf(events), {
    previous: true,
    selfHeals: selfHealSyncs(events, t),
  });
}

/**
 * Issue 32's small findings: at hpa-self-heal-fight's punchline (80.05 s) "Why did it end?" said "Nothing is waiting:
 * the operation Succeeded", true of the last self-heal sync and silent about the fight that goes on: the HPA writes
 * replicas 4, self-heal writes 1 back after a growing back-off (argocd-semantics §5.4, appcontroller.go
 * selfHealRemainingBackoff).
 */
describe('hpa-self-heal-fight: "Why did it end?" names the self-heal loop', () => {
  const { events } = played('hpa-self-heal-fight');

  it('counts the self-heal syncs: three by the punchline, none at the first sync', () => {
    expect(selfHealSyncs(events, 0)).toBe(0);
    expect(selfHealSyncs(events, 80.05)).toBe(3);
  });

  it('says at the punchline that the fight goes on, with its back-off and how it ends', () => {
    const why = whyAt(events, 80.05);
    expect(why.ended).toBe(true);
    expect(why.headline).toBe(
      'The operation Succeeded, but the fight goes on: self-heal has synced 3 times, and the app is OutOfSync again.',
    );
    expect(why.detail).toMatch(/back-off that grows each time/);
    expect(why.detail).toMatch(/ignoreDifferences with RespectIgnoreDifferences=true/);
  });

  it('keeps "Nothing is waiting" after the first sync, before any fight', () => {
    expect(whyAt(events, 20).headline).toBe('Nothing is waiting: the operation Succeeded.');
  });
});

describe('drift-self-heal: one self-heal that puts Git back is no fight', () => {
  it('says nothing is waiting once the self-heal sync has Succeeded', () => {
    const { events, endT } = played('drift-self-heal');
    expect(whyAt(events, endT).headline).toBe('Nothing is waiting: the operation Succeeded.');
  });
});
