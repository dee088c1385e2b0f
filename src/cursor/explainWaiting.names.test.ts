import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playScenario } from '../scenarios/play';
import { parseScenario } from '../scenarios/scenario';
import { explainWaiting, waitingNames } from './explainWaiting';
import { frameAt } from './frameAt';

function events(id: string) {
  const file = `scenarios/${id}.yaml`;
  return playScenario(parseScenario(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'), file))
    .events;
}

describe('waitingNames (the messages of Test_setRunningPhase, argocd-semantics §2.10)', () => {
  it('reads the named object and the count of the others', () => {
    expect(waitingNames('waiting for healthy state of /Pod/pod-1 and 2 more resources')).toEqual({
      group: '',
      kind: 'Pod',
      name: 'pod-1',
      more: 2,
    });
    expect(waitingNames('waiting for completion of hook batch/Job/database-migration')).toEqual({
      group: 'batch',
      kind: 'Job',
      name: 'database-migration',
      more: 0,
    });
    expect(waitingNames('waiting for deletion of hook /Pod/hook-1')?.name).toBe('hook-1');
    expect(waitingNames('waiting for pruning confirmation of /Pod/my-pod')?.kind).toBe('Pod');
    expect(waitingNames('one or more synchronization tasks completed unsuccessfully')).toBeUndefined();
  });
});

describe('explainWaiting on the study scenarios', () => {
  it('lists only the object the engine names, and counts the one it leaves out', () => {
    const log = events('stuck-load-balancer');
    const start = log.find((e) => e.type === 'operation' && e.message.includes('and 1 more'))!;
    // Past the 2 s wave delay, before the Deployment is Healthy (at about 4.3 s).
    const why = explainWaiting(frameAt(log, start.t + 3), []);
    expect(why.engineMessage).toBe('waiting for healthy state of /Service/frontend and 1 more resources');
    expect(why.blockers.map((b) => `${b.kind}/${b.name}`)).toEqual(['Service/frontend']);
    expect(why.headline).toBe('Sync wave 0 is blocked by 2 objects.');
    expect(why.ended).toBe(false);
  });

  it('does not call a wave blocked by an object that is Healthy already (three-tier-like wave -1 ConfigMap)', () => {
    const log = events('succeeded-then-degraded');
    const waiting = log.find((e) => e.type === 'operation' && e.message.startsWith('waiting for'))!;
    // Past the 2 s wave delay, before the next tick at 5 s.
    const why = explainWaiting(frameAt(log, waiting.t + 3), []);
    expect(why.engineMessage).toBe('waiting for healthy state of /ConfigMap/database-config');
    expect(why.headline).toBe("Sync wave -1 waits for the controller's next tick.");
    expect(why.headline).not.toMatch(/blocked/);
  });

  it('asks "why did it end?" once the operation has ended, and lists nothing', () => {
    const log = events('failed-degraded');
    const end = log.find((e) => e.type === 'operation' && e.phase === 'Failed')!;
    const before = explainWaiting(frameAt(log, end.t - 1), []);
    expect(before.ended).toBe(false);
    expect(before.blockers.map((b) => b.name)).toEqual(['backend-api']);
    const after = explainWaiting(frameAt(log, end.t), []);
    expect(after.ended).toBe(true);
    expect(after.blockers).toEqual([]);
  });
});
