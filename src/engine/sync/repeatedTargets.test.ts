import { describe, expect, it } from 'vitest';
import { configMap } from '../../../test/kits/simulation.testKit';
import type { KubeObject } from '../types';
import { normalizedTargets, repeatedTargetMessages } from './reconcile';

/**
 * The app's comparison reads the repeated-resource messages (controller/state.go `DeduplicateTargetObjects`
 * L606-L618) without the normalized copies: the same messages, in the same order, as the copies' problems.
 */
describe('repeatedTargetMessages', () => {
  const ns = (obj: KubeObject, namespace?: string): KubeObject => ({
    ...obj,
    metadata: { ...obj.metadata, namespace },
  });
  const namespace: KubeObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team' } };
  const hook: KubeObject = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { generateName: 'migrate-' },
    spec: {},
  };
  const desired: KubeObject[] = [
    configMap('a'),
    ns(configMap('a'), 'default'),
    ns(configMap('a'), 'other'),
    configMap('b'),
    ns(namespace, 'ignored'),
    namespace,
    hook,
    hook,
    ns(configMap('b'), ''),
  ];

  it('names each key held more than once, with the destination namespace filled in and none for cluster-scoped kinds', () => {
    const messages = repeatedTargetMessages(desired, 'default');
    expect(messages).toEqual([
      'Resource /ConfigMap/default/a appeared 2 times among application resources.',
      'Resource /ConfigMap/default/b appeared 2 times among application resources.',
      'Resource /Namespace//team appeared 2 times among application resources.',
    ]);
    expect(messages).toEqual(normalizedTargets(desired, 'default').problems.map((p) => p.message));
  });

  it('finds nothing in a list without repeats', () => {
    expect(repeatedTargetMessages([configMap('a'), configMap('b')], 'default')).toEqual([]);
  });
});
