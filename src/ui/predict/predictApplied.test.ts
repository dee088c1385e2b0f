import { describe, expect, it } from 'vitest';
import { terminalOn } from '../../../test/kits/terminalRun.testKit';
import { runFacts } from '../../cursor/runFacts';
import { stopCaption } from '../presenter/stopCaption';
import { frameAt } from '../../cursor/frameAt';
import { predictBeats } from './predictBeats';

/**
 * Issue 32, the learner's second finding: on failing-smoke-test predict judged its first question with
 * "applied (configured)" while the terminal printed `deployment.apps/checkout unchanged`. Argo CD keeps kubectl's
 * output as the task's message with result Synced (gitops-engine sync_context.go `applyObject`; conformance case 6,
 * "in-sync waves are not skipped: each is applied (unchanged)"): the resource is applied, and kubectl says
 * unchanged. Predict, the stop caption, the result table and the terminal all say so.
 */
describe('failing-smoke-test: one story for the Deployment the sync applies unchanged (sync_context.go applyObject)', () => {
  const { result, run } = terminalOn('failing-smoke-test');
  const facts = runFacts(result.events, result.endT);
  const apply = result.events.find(
    (e) => e.type === 'apply' && e.t >= 0 && e.kind === 'Deployment' && e.name === 'checkout',
  )!;

  it('kubectl said unchanged: that is the sync result message', () => {
    expect(apply).toMatchObject({ message: 'deployment.apps/checkout unchanged' });
  });

  it("predict's first question asks whether the sync applies it, and its answer quotes kubectl's unchanged", () => {
    const first = predictBeats(result.events, facts)[0];
    expect(first.question).toBe('Will this sync apply Deployment/checkout?');
    expect(first.choices[first.answer]).toBe('Yes: the sync applies it');
    expect(first.explanation).toContain('kubectl printed "deployment.apps/checkout unchanged"');
    expect(first.explanation).toContain('already matched Git');
    expect(first.explanation).not.toMatch(/configured/);
  });

  it('the result table row and the terminal print the same words, and the stop caption says unchanged', () => {
    const row = frameAt(result.events, result.endT).results.find(
      (r) => r.kind === 'Deployment' && r.name === 'checkout',
    );
    expect(row?.message).toBe('deployment.apps/checkout unchanged');
    expect(run('argocd app get checkout-dev --show-operation', result.endT).text).toMatch(
      /Deployment\s+checkout-dev\s+checkout\s+Synced\s+Healthy\s+deployment\.apps\/checkout unchanged/,
    );
    // The caption of a presenter stop where the apply is the most telling event of the moment.
    expect(stopCaption([apply], apply.t)).toBe('Deployment/checkout unchanged.');
  });
});
