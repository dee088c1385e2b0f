import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('sim piped into a reader that stops early', () => {
  it('`sim run … --json | head -3` prints the first lines and no EPIPE stack trace', () => {
    const result = spawnSync(
      'bash',
      ['-c', 'set -o pipefail; npm run --silent sim -- run scenarios/many-resources.yaml --json | head -3'],
      { cwd: root, encoding: 'utf8' },
    );
    expect(result.stdout).toBe('{\n  "application": {\n    "apiVersion": "argoproj.io/v1alpha1",\n');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 60_000);
});
