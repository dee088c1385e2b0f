import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CommandIo } from '../cli/command';
import { sim } from '../cli/sim';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = 'test/fixtures/argocd-cm/';

function simIn(args: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CommandIo = {
    readFile: (path) => readFileSync(`${root}${path}`, 'utf8'),
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  };
  return { code: sim(args, io), stdout, stderr };
}

/*
 * A health Lua that trips a limit is bad input: `sim` exits 2 with the file, line and column of its
 * argocd-cm entry (as a script that does not parse is, readArgocdCm.ts) and the limit in Lua's words, fast.
 */
describe('sim and a health Lua stopped by a limit', () => {
  const stopped =
    'test/fixtures/argocd-cm/limit-pcall-loop.yaml:9:45: the health Lua of resource.customizations.health.ConfigMap was stopped: resource.customizations.health.ConfigMap:1: health script exceeded its limit of 1000000 steps';

  it('sim run exits 2 at the argocd-cm entry, and prints no result', () => {
    const { code, stdout, stderr } = simIn([
      'run',
      `${fixtures}cm-1.yaml`,
      `${fixtures}cm-2.yaml`,
      '--argocd-cm',
      `${fixtures}limit-pcall-loop.yaml`,
      '--json',
    ]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(`sim run: ${stopped}\n`);
  });

  it('sim health exits 2 the same way', () => {
    const { code, stdout, stderr } = simIn([
      'health',
      `${fixtures}cm-1.yaml`,
      '--argocd-cm',
      `${fixtures}limit-pcall-loop.yaml`,
    ]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(`sim health: ${stopped}\n`);
  });

  it('a script that prints keeps sim run --json valid JSON', () => {
    const { code, stdout } = simIn([
      'run',
      `${fixtures}cm-1.yaml`,
      '--argocd-cm',
      `${fixtures}print-health.yaml`,
      '--json',
    ]);
    expect(code).toBe(0);
    const parsed = JSON.parse(stdout) as { application: { status: { health: { status: string } } } };
    expect(parsed.application.status.health.status).toBe('Healthy');
  });
});
