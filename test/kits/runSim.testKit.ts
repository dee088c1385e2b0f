import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CommandIo } from '../../src/cli/command';
import { listRepoFiles } from '../../src/cli/listRepoFiles';
import { sim } from '../../src/cli/sim';

/** Run `sim` on argv with every file reading as one ConfigMap, and collect what it prints (tests only). */
export function runSim(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CommandIo = {
    readFile: () => 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n',
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  };
  const code = sim(argv, io);
  return { code, stdout, stderr };
}

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Run `sim run ARGS…` reading the project's own files (paths relative to its root, as the fixtures name them) and
 * listing a `--repo` folder from disk as `sim` does (listRepoFiles); `files` stands in for paths a test writes in memory.
 */
export function runSimOnDisk(args: string[], files: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const io: CommandIo = {
    readFile: (path) => files[path] ?? readFileSync(`${root}${path}`, 'utf8'),
    listFiles: (dir, warn) => listRepoFiles(`${root}${dir}`, warn),
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  };
  const code = sim(['run', ...args], io);
  return { code, stdout, stderr };
}
