import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runDefaults } from '../../engine';
import { runSim, runSimOnDisk } from '../../../test/kits/runSim.testKit';

const twoWaves = `apiVersion: v1
kind: ConfigMap
metadata:
  name: first
  annotations: { argocd.argoproj.io/sync-wave: "0" }
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: second
  annotations: { argocd.argoproj.io/sync-wave: "1" }
`;

/** The default column of contract.md §1.1's option table for `option`. */
function documentedDefault(option: string): string | undefined {
  const contract = readFileSync(new URL('../../../docs/contract.md', import.meta.url), 'utf8');
  const row = contract.split('\n').find((line) => line.startsWith(`| \`${option} `));
  return row?.split('|').at(-2)?.trim();
}

/** The engine's run defaults (src/engine/runDefaults.ts) are the ones `sim run` uses, prints and documents (issue 32). */
describe('sim run: the run defaults, written once', () => {
  it('a run without --wave-delay and --seed is the run with the engine’s defaults given', () => {
    const without = runSimOnDisk(['two.yaml', '--json'], { 'two.yaml': twoWaves });
    const given = runSimOnDisk(
      [
        'two.yaml',
        '--json',
        '--wave-delay',
        String(runDefaults.waveDelaySeconds),
        '--seed',
        String(runDefaults.seed),
      ],
      { 'two.yaml': twoWaves },
    );
    expect(without.code).toBe(0);
    expect(without.stdout).toBe(given.stdout);
    const delays = (JSON.parse(without.stdout).events as { type: string; seconds?: number }[]).filter(
      (e) => e.type === 'wave-delay',
    );
    expect(delays.map((e) => e.seconds)).toEqual([runDefaults.waveDelaySeconds]);
  });

  it('--help and contract.md §1.1 give the same defaults', () => {
    const help = runSim(['run', '--help']).stdout;
    expect(help).toMatch(new RegExp(`--wave-delay SECONDS .*\\(default ${runDefaults.waveDelaySeconds}\\)`));
    expect(help).toMatch(new RegExp(`--seed N .*\\(default ${runDefaults.seed}\\)`));
    expect(documentedDefault('--wave-delay')).toBe(String(runDefaults.waveDelaySeconds));
    expect(documentedDefault('--seed')).toBe(String(runDefaults.seed));
  });
});
