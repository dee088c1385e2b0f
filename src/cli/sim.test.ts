import { describe, expect, it } from 'vitest';
import { runSim as run } from '../../test/kits/runSim.testKit';

describe('sim', () => {
  it('dispatches to the command named first', () => {
    expect(run(['health', 'cm.yaml'])).toEqual({
      code: 0,
      stdout: '{"kind":"ConfigMap","name":"settings","status":null,"message":""}\n',
      stderr: '',
    });
  });

  it('an unknown command is a usage error (exit 2) that lists the commands', () => {
    const result = run(['helth', 'cm.yaml']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^sim: unknown command "helth"\nusage: sim <command>/);
    expect(result.stderr).toContain('  health  ');
  });

  it('no command at all is a usage error; --help is not', () => {
    expect(run([]).code).toBe(2);
    expect(run(['--help'])).toMatchObject({ code: 0, stderr: '' });
  });

  it('does not mistake inherited object keys for commands', () => {
    expect(run(['toString']).code).toBe(2);
  });
});
