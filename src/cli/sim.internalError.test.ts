import { describe, expect, it, vi } from 'vitest';
import type * as Engine from '../engine';
import type { CommandIo } from './command';
import { sim } from './sim';

// An engine bug, as the Job name clash was: the simulation throws something that is not an input error.
vi.mock('../engine', async (importOriginal) => ({
  ...(await importOriginal<typeof Engine>()),
  runSimulation: () => {
    throw new TypeError("Cannot read properties of undefined (reading 'metadata')");
  },
}));

describe('sim: an unexpected engine exception', () => {
  it('is one line on stderr naming the command, exit 1, no stack trace and nothing on stdout', () => {
    let stdout = '';
    let stderr = '';
    const io: CommandIo = {
      readFile: () => 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n',
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
    };
    expect(sim(['run', 'cm.yaml', '--json'], io)).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      "sim run: internal error: Cannot read properties of undefined (reading 'metadata') (this is a bug in the sandbox, not in your manifests)\n",
    );
  });
});
