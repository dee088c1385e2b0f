import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allSimExamples, simExamples } from './readmeExamples';

const root = fileURLToPath(new URL('../../', import.meta.url));
const examples = allSimExamples(root);

/** Runs a command as a reader's shell would, in the project's folder. */
function shell(command: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn('bash', ['-c', command], { cwd: root, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

describe('the docs’ simulator examples, pasted as written', () => {
  it('finds them: the README runs a scenario; the reference has examples of sim run, sim health, --repo and --then', () => {
    expect(
      examples.some((e) => e.where.startsWith('README.md') && e.command.includes('sim -- run scenarios/')),
    ).toBe(true);
    const readme = examples.filter((e) => e.where.startsWith('docs/reference.md')).map((e) => e.command);
    expect(readme.some((c) => c.includes('sim -- run scenarios/'))).toBe(true);
    expect(readme.some((c) => c.includes('sim -- health '))).toBe(true);
    expect(readme.some((c) => c.includes('--repo '))).toBe(true);
    expect(readme.some((c) => c.includes('--then '))).toBe(true);
  });

  it('reads continuation lines and a documented exit status', () => {
    const text = 'x\n```sh\nnpm run --silent sim -- run a.yaml \\\n  --json   # exit 2: no such file\n```\n';
    expect(simExamples('doc.md', text)).toEqual([
      {
        where: 'doc.md:3',
        command: 'npm run --silent sim -- run a.yaml \\\n  --json   # exit 2: no such file',
        exit: 2,
      },
    ]);
    expect(simExamples('doc.md', '```yaml\nnpm run --silent sim -- run a.yaml\n```\n')).toEqual([]);
  });

  // Each example is a shell running npm and the simulator, mostly waiting on processes: they run a few at a time
  // (vitest's maxConcurrency), each with its own expect so a failure is reported on its own example.
  it.concurrent.for(examples.map((e) => [e.where, e] as const))('%s', async ([, example], { expect }) => {
    const result = await shell(example.command);
    expect(result.code, `${example.command}\n${result.stderr}`).toBe(example.exit);
    if (example.exit === 0) expect(result.stdout.length).toBeGreaterThan(0);
    // An example that only works by luck of a warning nobody reads is no example.
    expect(result.stderr).not.toMatch(/cannot read|unknown option|\n\s+at /);
  });
});
