import { describe, expect, it, vi } from 'vitest';
import type * as Engine from '../engine';
import { runSim } from '../../test/kits/runSim.testKit';

// An engine bug, as the Job name clash was: the simulation throws something that is not an input error.
vi.mock('../engine', async (importOriginal) => ({
  ...(await importOriginal<typeof Engine>()),
  runSingleApp: () => {
    throw new TypeError("Cannot read properties of undefined (reading 'metadata')");
  },
}));

describe('sim: an unexpected engine exception', () => {
  it('is one line on stderr naming the command, exit 1, no stack trace and nothing on stdout', () => {
    const { code, stdout, stderr } = runSim(['run', 'cm.yaml', '--json']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      "sim run: internal error: Cannot read properties of undefined (reading 'metadata') (this is a bug in the sandbox, not in your manifests)\n",
    );
  });
});
