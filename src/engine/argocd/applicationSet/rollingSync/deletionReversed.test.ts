/**
 * applicationset/progressivesync/progressive_sync_test.go `TestIsRollingSyncDeletionReversed`: reverse deletion
 * holds only for a RollingSync strategy with steps and `deletionOrder: Reverse` (`IsDeletionOrderReversed`).
 */
import { describe, expect, it } from 'vitest';
import type { JsonAny, KubeObject } from '../../../types';
import { isDeletionOrderReversed } from './strategy';

const step = (env: string) => ({ matchExpressions: [{ key: 'environment', operator: 'In', values: [env] }] });
const set = (strategy: JsonAny): KubeObject => ({
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'ApplicationSet',
  metadata: { name: 'set' },
  spec: { strategy },
});

describe('progressive_sync_test.go TestIsRollingSyncDeletionReversed', () => {
  it.each<[string, JsonAny, boolean]>([
    [
      'Deletion Order on strategy is set as Reverse',
      {
        type: 'RollingSync',
        rollingSync: { steps: [step('dev'), step('staging')] },
        deletionOrder: 'Reverse',
      },
      true,
    ],
    [
      'Deletion Order on strategy is set as AllAtOnce',
      { type: 'RollingSync', rollingSync: { steps: [] }, deletionOrder: 'AllAtOnce' },
      false,
    ],
    [
      'Deletion Order on strategy is set as Reverse but no steps in RollingSync',
      { type: 'RollingSync', rollingSync: { steps: [] }, deletionOrder: 'Reverse' },
      false,
    ],
    [
      'Deletion Order on strategy is set as Reverse, but AllAtOnce is explicitly set',
      { type: 'AllAtOnce', rollingSync: { steps: [] }, deletionOrder: 'Reverse' },
      false,
    ],
    ['Strategy is Nil', {}, false],
  ])('TestIsRollingSyncDeletionReversed: %s', (_name, strategy, expected) => {
    expect(isDeletionOrderReversed(set(strategy))).toBe(expected);
  });
});
