import { describe, expect, it } from 'vitest';
import { terminalOn } from '../../../test/kits/terminalRun.testKit';
import { complete } from './complete';
import { isIntervention } from './interventionLine';

/**
 * The terminal reads every command through the command table (src/engine/interventions/commandTable.ts, issue 28):
 * a flag is modelled, refused in the CLI's words, or refused with one sentence; `--help` and Tab read the table.
 */
const migration = terminalOn('failing-migration');
const end = migration.result.endT;

describe('the terminal never accepts and ignores a flag', () => {
  it('a flag argocd does not have is refused in cobra’s words (cmd/main.go: "Error: " and the error)', () => {
    expect(migration.run('argocd app sync checkout-dev --sync-option Prune=false', 0)).toMatchObject({
      text: 'Error: unknown flag: --sync-option\n',
      failed: true,
    });
  });

  it('a flag argocd has that the sandbox does not model is refused with what Argo CD would do', () => {
    const out = migration.run('argocd app get checkout-dev --show-params', end);
    expect(out.failed).toBe(true);
    expect(out.text).toBe(
      'argocd app get --show-params: the sandbox does not model it; in Argo CD it prints the Helm or Kustomize parameters of the source, and the sandbox renders plain manifests\n',
    );
  });

  it('a modelled flag is read: argocd app history -o id prints the IDs (printApplicationHistoryIDs)', () => {
    expect(migration.run('argocd app history -o id checkout-dev', end).text).toBe('0\n');
  });

  it('kubectl: a flag of another verb is refused, not ignored', () => {
    expect(migration.run('kubectl describe job checkout-migrate -n checkout-dev --tail 5', end).text).toBe(
      "error: unknown flag: --tail\nSee 'kubectl describe --help' for usage.\n",
    );
  });
});

describe('argocd app sync with a flag that changes the operation is an intervention, run by the engine', () => {
  it('--dry-run, --resource, --strategy make it one; --async and --timeout only shape what the terminal prints', () => {
    for (const flags of ['--dry-run', '--resource apps:Deployment:checkout', '--strategy apply', '--prune'])
      expect(isIntervention(`argocd app sync checkout-dev ${flags}`), flags).toBe(true);
    for (const flags of ['', '--async', '--timeout 5', '--dry-run=false'])
      expect(isIntervention(`argocd app sync checkout-dev ${flags}`), flags).toBe(false);
  });
});

describe('--help and Tab are read from the table', () => {
  it('argocd app sync --help lists every flag, the unmodelled ones marked with their sentence', () => {
    const out = migration.run('argocd app sync --help', 0).text;
    expect(out).toMatch(/^Usage:\n {2}argocd app sync APPNAME \[flags\]$/m);
    expect(out).toMatch(/^ {6}--dry-run +Preview apply without affecting cluster$/m);
    expect(out).toMatch(
      /^ {2}-l, --selector SELECTOR +Act on apps that match this label selector \(not modelled: /m,
    );
    expect(migration.run('kubectl logs -h', 0).text).toMatch(
      /^ {6}--tail N +Lines of recent log file to display$/m,
    );
  });

  it('Tab completes a flag of the command from the table', () => {
    const world = migration.worldAt(end);
    expect(complete('argocd app sync checkout-dev --dr', world).line).toBe(
      'argocd app sync checkout-dev --dry-run ',
    );
    expect(complete('argocd app ro', world).line).toBe('argocd app rollback ');
    expect(complete('kubectl logs --ta', world).line).toBe('kubectl logs --tail ');
  });
});

describe('git and the filters read the table too', () => {
  it('git push --force: git’s own words for an option the sandbox does not take', () => {
    expect(migration.run('git push --force', end)).toMatchObject({
      text: "error: unknown option `force'\n",
      failed: true,
    });
  });
});

describe('the course’s own lines all read through the table', () => {
  it('none is refused as an unknown or unmodelled flag', () => {
    for (const line of [
      'argocd app get checkout-dev --refresh >/dev/null',
      "argocd app get checkout-dev --show-operation | sed -n '/^GROUP/,$p'",
      'argocd app list -o name',
      'argocd app sync checkout-dev --async',
      'argocd app wait checkout-dev --sync --health --timeout 240',
      'git revert --no-edit HEAD && git push -q',
      'kubectl -n checkout-dev logs job/checkout-migrate --tail=5',
      'kubectl -n checkout-dev get pods -o wide --show-labels',
    ]) {
      const text = migration.run(line, 0).text;
      expect(text, line).not.toMatch(/unknown (flag|option|shorthand)|does not model/);
    }
  });
});

describe('a second name is never dropped', () => {
  it('argocd app get a b is refused, not read as get a', () => {
    expect(migration.run('argocd app get checkout-dev other', end).text).toBe(
      'argocd app get takes one APPNAME, not 2 (the CLI prints its help and exits 1)\n',
    );
  });
});
