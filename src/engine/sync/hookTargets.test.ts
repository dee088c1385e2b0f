import { describe, expect, it } from 'vitest';
import { hookFinalizer } from '../annotations';
import type { KubeObject } from '../types';
import { FakeCluster, hookPod, testOptions } from '../../../test/kits/fakeCluster.testKit';
import { SyncResults } from './results';
import type { SyncOperationOptions } from './syncInput';
import { taskObj } from './syncTask';
import { buildTasks } from './tasks';

/** The hook targets one tick builds, by phase, for these options. */
function hookTargets(desired: KubeObject[], options: Partial<SyncOperationOptions>) {
  const built = buildTasks(
    { desired, live: [], options: testOptions(options), ports: new FakeCluster() },
    new SyncResults([], () => {}),
  );
  return built.tasks.filter((t) => t.phase === 'PreSync').map(taskObj);
}

describe('hook targets kept between ticks (tasks.ts hookTarget, §2.14 hook names)', () => {
  const generated = (): KubeObject => {
    const hook = hookPod('', 'PreSync');
    delete hook.metadata.name;
    hook.metadata.generateName = 'migrate-';
    delete hook.metadata.finalizers;
    return hook;
  };

  it('gives the next tick of the same operation the very same target, named and with the finalizer', () => {
    const desired = [generated()];
    const options = { revision: 'abcdef123456', startedAt: 1767225600 };
    const [first] = hookTargets(desired, options);
    const [second] = hookTargets(desired, options);
    expect(second).toBe(first);
    expect(first.metadata.name).toBe('migrate-abcdef1-presync-1767225600');
    expect(first.metadata.finalizers).toEqual([hookFinalizer]);
    expect(desired[0].metadata.finalizers).toBeUndefined();
  });

  it('names the hook anew for another revision or another start, from the same desired object', () => {
    const desired = [generated()];
    const [a] = hookTargets(desired, { revision: 'abcdef123456', startedAt: 1767225600 });
    const [b] = hookTargets(desired, { revision: '0123456789ab', startedAt: 1767225600 });
    const [c] = hookTargets(desired, { revision: 'abcdef123456', startedAt: 1767225660 });
    expect([a, b, c].map((t) => t.metadata.name)).toEqual([
      'migrate-abcdef1-presync-1767225600',
      'migrate-0123456-presync-1767225600',
      'migrate-abcdef1-presync-1767225660',
    ]);
  });
});
