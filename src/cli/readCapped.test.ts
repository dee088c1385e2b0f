import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readCapped } from './readCapped';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'sim-read-'));
const fifo = join(dir, 'pipe.yaml');
execFileSync('mkfifo', [fifo]);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runs the real CLI entry, as `npm run sim` does (Node's file reading, not the tests' in-memory io), with a
 * deadline that only catches a hang: a start takes under a second on a quiet machine, and far longer on a busy one
 * (issue 31).
 */
function cli(args: string[]) {
  const child = spawnSync(process.execPath, ['scripts/sim.mjs', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 300_000,
  });
  return { code: child.status, stderr: child.stderr };
}

describe('readCapped (input files are checked with stat and read with a cap)', () => {
  it('reads a small regular file', () => {
    const file = join(dir, 'cm.yaml');
    writeFileSync(file, 'kind: ConfigMap\n');
    expect(readCapped(file, 100)).toBe('kind: ConfigMap\n');
  });

  it('refuses a FIFO without waiting for a writer', () => {
    expect(() => readCapped(fifo, 100)).toThrow('is a FIFO, not a regular file');
  });

  it('refuses /dev/zero and /dev/urandom without reading them', () => {
    expect(() => readCapped('/dev/zero', 100)).toThrow('is a character device, not a regular file');
    expect(() => readCapped('/dev/urandom', 100)).toThrow('is a character device, not a regular file');
  });

  it('refuses a directory in the words cat uses', () => {
    const sub = join(dir, 'sub');
    mkdirSync(sub);
    expect(() => readCapped(sub, 100)).toThrow('is a directory');
  });

  it('refuses a file over the cap before reading it', () => {
    const file = join(dir, 'big.yaml');
    writeFileSync(file, 'x'.repeat(3 * 1048576));
    expect(() => readCapped(file, 2 * 1048576)).toThrow(
      'file is 3.0 MiB; the sandbox reads files up to 2 MiB',
    );
  });

  it('sim run on a FIFO and sim health on /dev/zero end quickly with exit 2 and one line', () => {
    const run = cli(['run', fifo]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`sim run: cannot read ${fifo}: is a FIFO, not a regular file\n`);
    const health = cli(['health', '/dev/zero']);
    expect(health.code).toBe(2);
    expect(health.stderr).toBe(
      'sim health: cannot read /dev/zero: is a character device, not a regular file\n',
    );
    const manifest = join(dir, 'app.yaml');
    writeFileSync(manifest, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n');
    const live = cli(['run', manifest, '--live', '/dev/urandom']);
    expect(live.code).toBe(2);
    expect(live.stderr).toBe(
      'sim run: cannot read /dev/urandom: is a character device, not a regular file\n',
    );
  }, 90_000);
});

describe('readCapped: a file that is not UTF-8 (issue 31)', () => {
  it('sim run refuses a Latin-1 é at file:line:col and its byte offset, exit 2 (it was read as U+FFFD)', () => {
    const file = join(dir, 'latin1.yaml');
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\ndata:\n  x: caf'),
        Buffer.from([0xe9]),
        Buffer.from('\n'),
      ]),
    );
    const { code, stderr } = cli(['run', file]);
    expect(code).toBe(2);
    expect(stderr).toContain(
      `${file}:6:9: the file is not UTF-8: byte 0xe9 at byte offset 66 is not a UTF-8 character`,
    );
  });
});
