import { describe, expect, it } from 'vitest';
import { syntheticApp } from '../../../test/bench/syntheticApp';
import { cloneCounts } from '../util/clone';
import { runSingleApp } from './singleApp';

/**
 * What a run copies, counted rather than timed (a busy machine cannot change a count): the bench's synthetic app
 * (test/bench/syntheticApp.ts) of 100 resources, run to its end as `npm run bench` (b) runs 1,000 cold. Every
 * `clone` is a deep copy that a first run makes in the interpreter and its garbage collector then copies again.
 */
describe('clones of a whole run', () => {
  it('a 100-resource sync makes under 8 deep copies per resource (15.5 before: the Deployment controller copied each ReplicaSet template and its status, the Job controller its status, each comparison every manifest twice, each diff its manifest)', () => {
    const before = cloneCounts.clones;
    const result = runSingleApp({ desired: syntheticApp(100), untilSeconds: 7200 });
    expect(result.application.status.operationState?.phase).toBe('Succeeded');
    expect((cloneCounts.clones - before) / 100).toBeLessThan(8);
  });
});
