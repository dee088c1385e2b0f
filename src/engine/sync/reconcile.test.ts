import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../types';
import { reconcile } from './reconcile';

const configMap = (name: string, namespace?: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, ...(namespace ? { namespace } : {}) },
  data: { key: name },
});

describe('reconcile across the ticks of one operation', () => {
  it('normalizes the desired objects once per desired list, not on every tick', () => {
    // Every tick of a sync reconciles the same desired list; cloning it each time was most of a tick's cost.
    const desired = [configMap('a'), configMap('b')];
    const first = reconcile(desired, [], 'shop');
    const second = reconcile(desired, [], 'shop');
    expect(second.pairs.map((p) => p.target)).toEqual(first.pairs.map((p) => p.target));
    expect(second.pairs[0].target).toBe(first.pairs[0].target);
    expect(first.pairs[0].target?.metadata.namespace).toBe('shop');
    expect(desired[0].metadata.namespace).toBeUndefined();
  });

  it('normalizes again when the namespace or the list changes', () => {
    const desired = [configMap('a')];
    expect(reconcile(desired, [], 'shop').pairs[0].target?.metadata.namespace).toBe('shop');
    expect(reconcile(desired, [], 'other').pairs[0].target?.metadata.namespace).toBe('other');
    desired[0] = configMap('c');
    expect(reconcile(desired, [], 'other').pairs[0].target?.metadata.name).toBe('c');
  });

  it('reports a duplicated object on every tick, and pairs each tick with that tick live objects', () => {
    const desired = [configMap('a'), configMap('a')];
    const live = [{ ...configMap('a', 'shop'), metadata: { name: 'a', namespace: 'shop', uid: 'u1' } }];
    for (let tick = 0; tick < 2; tick++) {
      const result = reconcile(desired, tick === 0 ? [] : live, 'shop');
      expect(result.problems.map((p) => p.message)).toEqual([
        'Resource /ConfigMap/shop/a appeared 2 times among application resources.',
      ]);
      expect(result.pairs[0].live?.metadata.uid).toBe(tick === 0 ? undefined : 'u1');
    }
  });
});
