import { describe, expect, it } from 'vitest';
import type { JsonAny, SimEvent } from '../../engine';
import { runSimOnDisk as run } from '../../../test/kits/runSim.testKit';

/**
 * Nothing typed is accepted and ignored: a `sim run` flag that a kind of run does not read is refused in one
 * sentence (exit 2), where it used to be parsed and dropped; and `--then` now reaches a scenario of several
 * Applications, which used to play without it.
 */
describe('sim run refuses a flag its kind of run does not read', () => {
  const cases: [string, string[], string][] = [
    [
      '--live with a scenario file',
      ['scenarios/three-tier.yaml', '--live', 'scenarios/three-tier.yaml'],
      '--live',
    ],
    [
      '--retry-limit with a scenario file',
      ['scenarios/three-tier.yaml', '--retry-limit', '2'],
      '--retry-limit',
    ],
    ['--prune with a scenario of several Applications', ['scenarios/app-of-apps.yaml', '--prune'], '--prune'],
    ['--app with a scenario of several Applications', ['scenarios/app-of-apps.yaml', '--app', 'x'], '--app'],
    [
      '--terminate-at with a scenario of several Applications',
      ['scenarios/app-of-apps.yaml', '--terminate-at', '5'],
      '--terminate-at',
    ],
    [
      '--progressive-syncs with a scenario of one Application',
      ['scenarios/three-tier.yaml', '--progressive-syncs'],
      '--progressive-syncs',
    ],
    ['--toggle with manifest files', ['test/fixtures/platform/platform.yaml', '--toggle', 'x'], '--toggle'],
    [
      '--toggle with --repo',
      ['--repo', 'test/fixtures/platform/repo', 'test/fixtures/platform/platform.yaml', '--toggle', 'x'],
      '--toggle',
    ],
  ];
  for (const [name, args, flag] of cases)
    it(name, () => {
      const result = run(args);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(new RegExp(`^sim run: ${flag}: is not read by [^\\n]+: [^\\n]+\\n$`));
    });

  it('the flags a scenario of one Application reads still apply (--prune, --terminate-at)', () => {
    const result = run(['scenarios/three-tier.yaml', '--prune', '--terminate-at', '3', '--json']);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as { application: JsonAny };
    expect(json.application.status.operationState.phase).toBe('Failed');
  });
});

describe('--then reaches a scenario of several Applications', () => {
  it("app-of-apps: `kubectl annotate` of the parent at 1 s is played, with kubectl's output", () => {
    const result = run([
      'scenarios/app-of-apps.yaml',
      '--json',
      '--then',
      '1:kubectl -n argocd annotate application platform demo=1',
    ]);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as { events: SimEvent[] };
    const typed = json.events.filter((e) => e.type === 'intervention');
    expect(typed).toHaveLength(1);
    expect(typed[0]).toMatchObject({ t: 1, output: 'application.argoproj.io/platform annotated' });
  });
});
