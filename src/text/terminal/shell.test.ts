import { describe, expect, it } from 'vitest';
import { CommandHistory } from './commandHistory';
import { complete } from './complete';
import { runFilter } from './filters';
import { humanDuration } from './humanDuration';
import { terminalOn } from '../../../test/kits/terminalRun.testKit';
import { parseShellLine } from './shellLine';

const migration = terminalOn('failing-migration');
const end = migration.result.endT;

describe('the shell line', () => {
  it("reads the course's lines: quotes, a pipe into sed, `; echo` and `>/dev/null`", () => {
    expect(parseShellLine("argocd app get checkout-dev --show-operation | sed -n '/^GROUP/,$p'")).toEqual({
      ok: true,
      pipelines: [
        {
          stages: [
            ['argocd', 'app', 'get', 'checkout-dev', '--show-operation'],
            ['sed', '-n', '/^GROUP/,$p'],
          ],
          quiet: false,
        },
      ],
    });
    const two = parseShellLine("kubectl get deploy x -o jsonpath='{.spec}'; echo");
    expect(two.ok && two.pipelines.map((p) => p.stages[0])).toEqual([
      ['kubectl', 'get', 'deploy', 'x', '-o', 'jsonpath={.spec}'],
      ['echo'],
    ]);
    const quiet = parseShellLine('argocd app get checkout-dev --refresh >/dev/null');
    expect(quiet.ok && quiet.pipelines[0].quiet).toBe(true);
  });

  it('refuses what it cannot do with a clear message: a file redirect, an open quote, `$(…)`', () => {
    expect(parseShellLine('kubectl get pods > pods.txt')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/only `>\/dev\/null`/),
    });
    expect(parseShellLine("grep 'x")).toMatchObject({
      ok: false,
      error: expect.stringMatching(/matching `'`/),
    });
    expect(parseShellLine('echo $(date)')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/`\(` is not supported/),
    });
  });

  it('a quiet command prints nothing; an escape sequence from the input is printed visibly, never acted on', () => {
    expect(migration.run('argocd app get checkout-dev --refresh >/dev/null', end).text).toBe('');
    expect(migration.run('echo "\u001b[31mred"', end).text).toBe('\\x1b[31mred\n');
    expect(migration.run('kubectl get pods | wc -l', end)).toMatchObject({ failed: true });
    expect(migration.run('git revert --no-edit HEAD', end).text).toMatch(/^git: not available here/);
  });
});

describe('filters after a pipe', () => {
  const text = ['Name:  a', 'Phase: Failed', 'GROUP KIND', 'x', 'y'];
  it('grep, grep -E with alternatives, -v and -i', () => {
    expect(runFilter(['grep', 'Phase'], text)).toEqual({ ok: true, lines: ['Phase: Failed'] });
    expect(runFilter(['grep', '-E', 'Phase|Name'], text)).toEqual({
      ok: true,
      lines: ['Name:  a', 'Phase: Failed'],
    });
    // In a basic expression `|` is literal, as in GNU grep.
    expect(runFilter(['grep', 'Phase|Name'], text)).toEqual({ ok: true, lines: [] });
    expect(runFilter(['grep', '-vi', 'phase'], text)).toMatchObject({
      lines: ['Name:  a', 'GROUP KIND', 'x', 'y'],
    });
  });

  it("sed -n '/RE/,$p', tail -N and head -n N", () => {
    expect(runFilter(['sed', '-n', '/^GROUP/,$p'], text)).toEqual({
      ok: true,
      lines: ['GROUP KIND', 'x', 'y'],
    });
    expect(runFilter(['tail', '-2'], text)).toEqual({ ok: true, lines: ['x', 'y'] });
    expect(runFilter(['head', '-n', '1'], text)).toEqual({ ok: true, lines: ['Name:  a'] });
    expect(runFilter(['sed', 's/a/b/'], text)).toMatchObject({ ok: false });
  });
});

describe('completion, history and AGE', () => {
  it('Tab completes commands, kinds and the names that exist at the cursor', () => {
    const world = migration.worldAt(end);
    expect(complete('kub', world).line).toBe('kubectl ');
    expect(complete('kubectl -n checkout-dev get jo', world).line).toBe('kubectl -n checkout-dev get jobs ');
    expect(complete('kubectl logs job/checkout-s', world)).toEqual({
      line: 'kubectl logs job/checkout-s',
      choices: ['job/checkout-smoke-test', 'job/checkout-sync-failed'],
    });
    expect(complete('argocd app get ch', world).line).toBe('argocd app get checkout-dev ');
    // Before the migration failed there is no SyncFail Job to complete.
    expect(complete('kubectl logs job/checkout-sy', migration.worldAt(1)).line).toBe(
      'kubectl logs job/checkout-sy',
    );
  });

  it('↑ walks back, ↓ forward, and the line being typed comes back', () => {
    const h = new CommandHistory();
    h.push('one');
    h.push('two');
    expect(h.move(-1, 'draft')).toBe('two');
    expect(h.move(-1, 'two')).toBe('one');
    expect(h.move(-1, 'one')).toBe('one');
    expect(h.move(1, 'one')).toBe('two');
    expect(h.move(1, 'two')).toBe('draft');
  });

  it("humanDuration is Kubernetes' HumanDuration", () => {
    expect(
      [0, 45_000, 119_000, 200_000, 600_000, 3_600_000, 4 * 3_600_000 + 300_000, 3 * 86_400_000].map(
        humanDuration,
      ),
    ).toEqual(['0s', '45s', '119s', '3m20s', '10m', '60m', '4h5m', '3d']);
  });
});
