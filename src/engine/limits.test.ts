import { describe, expect, it } from 'vitest';
import { InputError } from './inputError';
import { limits, RunLimits } from './limits';
import { runControlPlane } from './simulation/runControlPlane';
import { runSingleApp } from './simulation/singleApp';
import type { KubeObject } from './types';

function deployment(name: string, replicas: number): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] },
      },
    },
  };
}

/** Runs and returns the InputError the run ended with, and how long it took in wall time. */
function refusal(
  desired: KubeObject[],
  positions?: { file: string; line: number; column: number }[],
  settings: { waveDelaySeconds?: number; untilSeconds?: number; seed?: number } = {},
) {
  try {
    runSingleApp({ desired, positions, ...settings });
  } catch (error) {
    if (error instanceof InputError) return { error };
    throw error;
  }
  throw new Error('the run was not refused');
}

describe('run limits (documented limits end a run with a clear message)', () => {
  it('refuses a Deployment with 100,000 replicas at its position, before simulating', () => {
    const { error } = refusal([deployment('huge', 100_000)], [{ file: 'app.yaml', line: 7, column: 1 }]);
    // The replicas check's words, not the pod limit's that ends a run half a minute in: refused before simulating
    // (shown by what refused it, not by a time, so that the test holds at any load).
    expect(error.message).toBe(
      'app.yaml:7:1: Deployment/huge: spec.replicas: 100000 is over the limit of 1000 replicas per workload',
    );
  });

  it('refuses more input objects than the limit', () => {
    const many = Array.from({ length: limits.maxInputObjects + 1 }, (_, i) => ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: `cm-${i}` },
    }));
    expect(refusal(many).error.detail).toBe('5001 objects is over the limit of 5000 objects in one run');
  });

  it('stops a run whose workloads together make more pods than the limit, pointing at the workload to blame', () => {
    const desired = Array.from({ length: 6 }, (_, i) => deployment(`web-${i}`, limits.maxReplicas));
    const positions = desired.map((_, i) => ({ file: 'app.yaml', line: 1 + 14 * i, column: 1 }));
    const { error } = refusal(desired, positions);
    expect(error.detail).toMatch(
      /^the run was stopped at t=[\d.]+s: more than 5000 pods in the cluster; 1000 of them belong to Deployment\/web-\d$/,
    );
    // The position is that Deployment's own, not `<simulation>:1:1`.
    const blamed = Number(/web-(\d)$/.exec(error.detail)![1]);
    expect(error.message.startsWith(`app.yaml:${1 + 14 * blamed}:1: `)).toBe(true);
  }, 60_000);

  it('stops a run with more objects in the cluster than the limit, at the input file', () => {
    const watch = new RunLimits({ at: { file: 'app.yaml', line: 1, column: 1 } });
    const cm = (i: number): KubeObject => ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: `c${i}` },
    });
    for (let i = 0; i < limits.maxObjects; i++) watch.count('ADDED', cm(i));
    expect(() => watch.check(0, 12)).not.toThrow();
    watch.count('ADDED', cm(limits.maxObjects));
    expect(() => watch.check(0, 12)).toThrow(
      'app.yaml:1:1: the run was stopped at t=12s: more than 20000 objects in the cluster',
    );
    // A deletion brings the cluster back under the limit: the count follows the watch, not the creations.
    watch.count('DELETED', cm(0));
    expect(() => watch.check(0, 13)).not.toThrow();
  });

  it('stops a run whose event log grows past the limit', () => {
    const watch = new RunLimits();
    expect(() => watch.check(limits.maxEvents, 5)).not.toThrow();
    expect(() => watch.check(limits.maxEvents + 1, 5)).toThrow(
      '<simulation>:1:1: the run was stopped at t=5s: more than 200000 events in the log',
    );
  });

  it.each([
    [{ waveDelaySeconds: 1e15 }, 'a wave delay may be at most 86400 virtual seconds, not 1000000000000000'],
    [{ untilSeconds: Infinity }, 'a run may last at most 86400 virtual seconds, not Infinity'],
    [{ seed: 1.7 }, 'the seed must be a whole number from 0 to 4294967295, not 1.7'],
    [{ seed: 2 ** 32 }, 'the seed must be a whole number from 0 to 4294967295, not 4294967296'],
  ])(
    'refuses the run settings %j, whichever way they came in (the page has no parser of its own)',
    (settings, detail) => {
      expect(refusal([deployment('web', 1)], undefined, settings).error.detail).toBe(detail);
    },
  );

  it('bounds a run of several Applications too (it had no bound on its length)', () => {
    expect(() =>
      runControlPlane({ repository: { name: 'r', files: {} }, objects: [], untilSeconds: 1e15 }),
    ).toThrow('<simulation>:1:1: a run may last at most 86400 virtual seconds, not 1000000000000000');
  });

  it('accepts a run of one simulated day', () => {
    expect(() =>
      runSingleApp({ desired: [deployment('big', 50)], untilSeconds: limits.maxVirtualSeconds }),
    ).not.toThrow();
  });
});
