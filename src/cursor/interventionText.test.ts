import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playScenario } from '../scenarios/play';
import { parseScenario } from '../scenarios/scenario';
import { calloutFor } from './calloutFor';
import { explainWaiting, syncFailHooksOf } from './explainWaiting';
import { frameAt } from './frameAt';
import { syncPolicyOf } from './interventionFacts';
import type { InterventionContext } from './interventionText';
import { runFacts } from './runFacts';
import { runSummary } from '../ui/explain/runSummary';
import { storyOf } from '../ui/explain/storyOf';

/**
 * Issue 32, the learner's first finding: `kubectl -n checkout-dev delete deploy checkout` at 5 s of
 * failing-migration, and "Why did it end?" and the call-out still said the previous version keeps running Healthy.
 * The Deployment is gone: Argo CD shows it OutOfSync and Missing, a missing resource counts for nothing in the
 * app's health (controller/health.go setApplicationHealth, "Missing resources should not affect parent app
 * health"), so the app stays Healthy; and the app has no automated sync policy, so nothing re-creates it
 * (appcontroller.go autoSync, argocd-semantics §5.4).
 */
function scenario(id: string) {
  const url = new URL(`../../scenarios/${id}.yaml`, import.meta.url);
  return parseScenario(readFileSync(url, 'utf8'), `scenarios/${id}.yaml`);
}

function run(id: string, commands: { at: number; command: string }[]) {
  const s = scenario(id);
  const result = playScenario(s, {
    fail: [],
    interventions: commands.map((c) => ({ ...c, namespace: s.app.namespace })),
  });
  const facts = runFacts(result.events, result.endT);
  const policy = syncPolicyOf(result.application);
  const context: InterventionContext = {
    interventions: facts.interventions,
    syncStarts: facts.syncStarts,
    policy,
  };
  const end = frameAt(result.events, result.endT);
  return { result, facts, policy, context, end };
}

describe('failing-migration with kubectl delete deploy checkout at 5 s (issue 32, finding 1)', () => {
  const { result, facts, policy, context, end } = run('failing-migration', [
    { at: 5, command: 'kubectl -n checkout-dev delete deploy checkout' },
  ]);
  const deleted =
    /deleted Deployment\/checkout: it no longer exists, so Argo CD shows it OutOfSync and Missing/;
  const noHeal = /Nothing puts it back: the app has no automated sync policy/;

  it('the run itself: the sync fails in PreSync, the Deployment is Missing and the app stays Healthy (health.go)', () => {
    expect(facts.operation?.phase).toBe('Failed');
    expect(facts.healthEnd.get('Deployment/checkout')).toBe('Missing');
    expect(facts.appFinal).toMatchObject({ sync: 'OutOfSync', health: 'Healthy' });
    expect(policy).toEqual({ automated: false, selfHeal: false });
    expect(facts.interventions).toEqual([
      {
        t: 5,
        command: 'kubectl -n checkout-dev delete deploy checkout',
        objects: [{ kind: 'Deployment', name: 'checkout', did: 'deleted' }],
      },
    ]);
  });

  it('"Why did it end?" says what was deleted, that it is Missing, and that nothing re-creates it', () => {
    const why = explainWaiting(end, syncFailHooksOf(result.events), {
      previous: true,
      interventions: context,
    });
    expect(why.ended).toBe(true);
    expect(why.detail).not.toMatch(/keeps running/);
    expect(why.detail).toMatch(deleted);
    expect(why.detail).toMatch(/counts for nothing in the app's health/);
    expect(why.detail).toMatch(noHeal);
  });

  it('the call-out no longer says the previous version keeps running Healthy', () => {
    const callout = calloutFor(end, { previous: true, interventions: context });
    expect(callout?.title).toBe('Sync Failed, app Healthy');
    expect(callout?.text).not.toMatch(/previous version keeps running/);
    expect(callout?.text).toMatch(deleted);
    expect(callout?.text).toMatch(noHeal);
  });

  it('before the command runs, the call-out and "Why" say nothing of it', () => {
    const at4 = frameAt(result.events, 4);
    const why = explainWaiting(at4, syncFailHooksOf(result.events), {
      previous: true,
      interventions: context,
    });
    expect(`${why.headline} ${why.detail}`).not.toMatch(/kubectl/);
  });

  it('the summary and the story tell the intervention and what it left', () => {
    const summary = runSummary(facts, policy);
    expect(summary).not.toMatch(/keeps running/);
    expect(summary).toMatch(deleted);
    expect(summary).toMatch(noHeal);
    const beat = storyOf(facts, policy).find((b) => b.title === 'Intervention');
    expect(beat?.at).toBe(5);
    expect(beat?.text).toMatch(deleted);
  });
});

describe('with self-heal, the controller re-applies what a command deleted (drift-self-heal, §5.4)', () => {
  it('kubectl delete deploy checkout at 40 s: a sync by auto-sync starts, which applies Git again', () => {
    const { facts, policy } = run('drift-self-heal', [
      { at: 40, command: 'kubectl delete deploy checkout -n checkout-dev' },
    ]);
    expect(policy).toEqual({ automated: true, selfHeal: true });
    const summary = runSummary(facts, policy);
    expect(summary).toMatch(
      /At 40\.0 s, “kubectl delete deploy checkout -n checkout-dev” deleted Deployment\/checkout; it exists again and is Healthy now\./,
    );
    expect(summary).toMatch(
      /Argo CD started a sync at 40\.0 s \(auto-sync with self-heal\), which applies Git's version again\./,
    );
    expect(summary).not.toMatch(/counts for nothing/);
  });
});
