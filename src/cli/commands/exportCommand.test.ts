import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CommandIo } from '../command';
import { sim } from '../sim';
import { writeFiles } from '../writeFiles';

const scratch = mkdtempSync(join(tmpdir(), 'sandbox-export-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function run(args: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CommandIo = {
    readFile: (path) => readFileSync(path, 'utf8'),
    writeFiles,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  };
  return { code: sim(['export', ...args], io), stdout, stderr };
}

describe('sim export (run it for real)', () => {
  it('writes the folder and says what to do next', () => {
    const out = join(scratch, 'three-tier');
    const result = run(['scenarios/three-tier.yaml', '--out', out]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain('./make-repo.sh');
    // The revision's manifests as the scenario writes them, comments included.
    const manifests = readFileSync(join(out, 'revisions/01-v1/manifests/manifests.yaml'), 'utf8');
    expect(manifests).toContain('kind: Deployment');
    expect(readFileSync('scenarios/three-tier.yaml', 'utf8')).toContain(manifests.split('\n')[0].trim());
  });

  it.each([
    [[], 'sim export: sim export needs a scenario file'],
    [['scenarios/three-tier.yaml'], 'sim export: sim export needs --out DIR, the folder to write'],
    [['scenarios/three-tier.yaml', '--out'], 'sim export: --out: needs a folder'],
    [['scenarios/three-tier.yaml', '--bogus'], 'sim export: --bogus: unknown option'],
    [['missing.yaml', '--out', 'x'], 'sim export: cannot read missing.yaml: no such file or directory'],
    [['examples/plain/app.yaml', '--out', 'x'], 'sim export: examples/plain/app.yaml:1:1: not a scenario'],
  ])('%j is refused (exit 2, one line)', (args, message) => {
    const result = run(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('never writes into a folder that holds anything', () => {
    const out = join(scratch, 'taken');
    run(['scenarios/three-tier.yaml', '--out', out]);
    writeFileSync(join(out, 'README.md'), 'mine');
    const again = run(['scenarios/three-tier.yaml', '--out', out]);
    expect(again.code).toBe(2);
    expect(again.stderr).toBe(`sim export: ${out} is not empty; name a new folder\n`);
    expect(readFileSync(join(out, 'README.md'), 'utf8')).toBe('mine');
  });
});
