import { describe, expect, it } from 'vitest';
import { runSimOnDisk as run } from '../../../test/kits/runSim.testKit';
import { thenVerbs } from './thenActions';

/** An argument error printed `<command line>:1:1:`, which points at nothing; it names the argument now. */
const platform = ['--repo', 'test/fixtures/platform/repo', 'test/fixtures/platform/platform.yaml'];

describe('sim run: an argument it cannot use is named as typed (exit 2, one line)', () => {
  it.each([
    [['a.yaml', '--until', '100000'], 'sim run: --until 100000: must be at most 86400 seconds'],
    [['a.yaml', '--until=abc'], 'sim run: --until=abc: needs a plain decimal number of seconds'],
    [['a.yaml', '--seed', '-1'], 'sim run: --seed -1: needs a whole number from 0 to 4294967295'],
    [['a.yaml', '--fail', 'migrate'], 'sim run: --fail migrate: takes KIND/NAME (e.g. job/migrate)'],
    [['a.yaml', '--json', '--bogus'], 'sim run: --bogus: unknown option'],
    [
      ['a.yaml', '--then', 'soon:sync x'],
      'sim run: --then soon:sync x: takes SECONDS:ACTION (e.g. 60:"sync checkout")',
    ],
    [
      ['a.yaml', '--then', '5:sync x'],
      'sim run: --then 5:sync x: works with --repo (several Applications) only; a single app takes commands (kubectl, argocd, git)',
    ],
    [
      [...platform, '--then', '5:deploy platform'],
      `sim run: --then 5:deploy platform: unknown action "deploy"`,
    ],
    [
      [...platform, '--then', '5:sync nobody'],
      'sim run: --then 5:sync nobody: no Application "nobody" in this run',
    ],
    [
      [...platform, '--then', '5:kubectl-delete platform'],
      'sim run: --then 5:kubectl-delete platform: takes KIND/NAME [-n NS]',
    ],
    [[], 'sim run: sim run needs at least one manifest or scenario file'],
  ])('%j', (args, message) => {
    const result = run(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')[0]).toContain(message);
    expect(result.stderr).not.toContain('<command line>');
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});

describe('--then lists every action it takes', () => {
  it('the help and the "unknown action" message name rollback and every other action the parser accepts', () => {
    const help = run(['--help']).stdout;
    const unknown = run([...platform, '--then', '5:deploy platform']).stderr;
    expect(thenVerbs).toEqual([
      'commit',
      'sync',
      'rollback',
      'terminate',
      'refresh',
      'kubectl-apply',
      'kubectl-delete',
    ]);
    for (const verb of thenVerbs) {
      expect(help).toMatch(new RegExp(`^ +${verb} `, 'm'));
      expect(unknown).toContain(verb);
      // The parser takes each listed action: a mistake in its arguments, never "unknown action".
      expect(run([...platform, '--then', `5:${verb}`]).stderr).not.toContain('unknown action');
    }
    expect(help).toContain('rollback APP ID');
  });
});
