import { describe, expect, it } from 'vitest';
import { eventsOf } from '../../../test/kits/eventQueries.testKit';
import { runSingleApp, type SingleAppInput } from './singleApp';
import { threeTier } from '../../../test/kits/seedApps.testKit';

const input = (seed: number): SingleAppInput => ({
  desired: threeTier(),
  app: 'three-tier',
  namespace: 'three-tier',
  syncOptions: ['CreateNamespace=true'],
  seed,
});

const podNames = (seed: number) => [
  ...new Set(eventsOf(runSingleApp(input(seed)).events, 'pod').map((e) => e.name)),
];

describe('determinism (style.md rule 5)', () => {
  it('gives the same whole result, byte for byte, for the same seed', () => {
    expect(JSON.stringify(runSingleApp(input(7)))).toBe(JSON.stringify(runSingleApp(input(7))));
  });

  it('does not depend on the objects given being reused between runs', () => {
    const shared = input(3);
    const first = JSON.stringify(runSingleApp(shared));
    expect(JSON.stringify(runSingleApp(shared))).toBe(first);
  });

  it('names the pods differently with another seed', () => {
    const one = podNames(1);
    const two = podNames(2);
    expect(one.length).toBeGreaterThan(0);
    // postgres-0 is a StatefulSet ordinal: the same whatever the seed; every generated name differs.
    const generated = one.filter((name) => name !== 'postgres-0');
    expect(generated.length).toBeGreaterThan(0);
    for (const name of generated) expect(two).not.toContain(name);
  });
});
