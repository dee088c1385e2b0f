import { describe, expect, it } from 'vitest';
import { terminalOn } from '../../../test/kits/terminalRun.testKit';
import { commandNote } from './commandNote';
import { courseCommands } from './courseCommands';

/**
 * Issue 32, the learner's third finding: the course's chip `argocd app get APP | grep -E 'Phase|Message|Sync
 * Status'` prints no Phase line, faithfully (cmd/argocd/commands/app.go printHeader prints the operation block only
 * with --show-operation), and the page now says why, under what it printed.
 */
describe('the course command that asks for Phase without --show-operation (app.go printHeader L311)', () => {
  const { run } = terminalOn('failing-migration');
  const chip = courseCommands('checkout-dev', 'checkout-dev', false).find(
    (c) => c.includes('Phase') && !c.includes('--show-operation'),
  )!;

  it('prints no Phase line, as the CLI does, and the note says why in Argo CD terms', () => {
    expect(chip).toBe(`argocd app get checkout-dev | grep -E 'Phase|Message|Sync Status'`);
    const out = run(chip, 10).text;
    expect(out).toMatch(/^Sync Status:/m);
    expect(out).not.toMatch(/^Phase:/m);
    expect(commandNote(chip, out)).toBe(
      'No Phase line: “argocd app get” prints the operation (Phase, Message) only with --show-operation, so without it the grep finds only the Sync Status line.',
    );
  });

  it('no note when the Phase line is there (--show-operation), nor for other commands', () => {
    const shown = `argocd app get checkout-dev --show-operation | grep -E 'Phase|Message|Sync Status'`;
    const out = run(shown, 10).text;
    expect(out).toMatch(/^Phase:\s+Running$/m);
    expect(commandNote(shown, out)).toBeUndefined();
    expect(commandNote('kubectl -n checkout-dev get pods', '')).toBeUndefined();
    expect(
      commandNote('argocd app get checkout-dev', run('argocd app get checkout-dev', 10).text),
    ).toBeUndefined();
  });

  it('with --show-operation before any operation, the note says none has run', () => {
    expect(commandNote('argocd app get x --show-operation | grep Phase', '')).toMatch(
      /^No Phase line: the app has no operation yet/,
    );
  });
});
