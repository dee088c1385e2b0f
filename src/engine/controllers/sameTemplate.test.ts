import { describe, expect, it } from 'vitest';
import type { JsonAny } from '../types';
import { clone, deepEqual } from '../util/clone';
import { POD_TEMPLATE_HASH, sameTemplate } from './newReplicaSet';

/**
 * What the Deployment controller asked before `sameTemplate` (k8s `EqualIgnoreHash`): a copy of the ReplicaSet's
 * template without the hash label, and empty labels dropped, compared whole.
 */
function copiedAndCompared(rsTemplate: JsonAny, template: JsonAny): boolean {
  if (!rsTemplate?.metadata?.labels?.[POD_TEMPLATE_HASH]) return deepEqual(rsTemplate, template);
  const copy = clone(rsTemplate);
  delete copy.metadata.labels[POD_TEMPLATE_HASH];
  if (Object.keys(copy.metadata.labels).length === 0) delete copy.metadata.labels;
  return deepEqual(copy, template);
}

const spec = { containers: [{ name: 'web', image: 'nginx:1.25' }], restartPolicy: 'Always' };
const template = { metadata: { labels: { app: 'web' } }, spec };
const withHash = (labels: Record<string, string | undefined>, rest: JsonAny = {}) => ({
  metadata: { ...rest, labels: { ...labels, [POD_TEMPLATE_HASH]: '5d8f7c' } },
  spec,
});

/** ReplicaSet template, Deployment template, and whether the ReplicaSet is the Deployment's new one. */
const cases: [string, JsonAny, JsonAny, boolean][] = [
  ['the same template with the hash label', withHash({ app: 'web' }), template, true],
  ['another label value', withHash({ app: 'api' }), template, false],
  ['a label more on the ReplicaSet', withHash({ app: 'web', tier: 'x' }), template, false],
  ['a label more on the Deployment', withHash({}), template, false],
  ['only the hash label, a Deployment without labels', withHash({}), { metadata: {}, spec }, true],
  [
    'only the hash label, a Deployment with empty labels',
    withHash({}),
    { metadata: { labels: {} }, spec },
    false,
  ],
  ['the hash label on the Deployment too', withHash({ app: 'web' }), withHash({ app: 'web' }), false],
  ['an annotation more', withHash({ app: 'web' }, { annotations: { a: 'b' } }), template, false],
  ['an undefined label', withHash({ app: 'web', gone: undefined }), template, true],
  ['another image', withHash({ app: 'web' }), { ...template, spec: { ...spec, containers: [] } }, false],
  ['a Deployment template without metadata', withHash({ app: 'web' }), { spec }, false],
  ['a field more on the Deployment', withHash({ app: 'web' }), { ...template, extra: 1 }, false],
  ['a ReplicaSet without the hash label', template, template, true],
  ['no ReplicaSet template', undefined, template, false],
];

describe('sameTemplate: the new ReplicaSet is found without copying templates', () => {
  it.each(cases)('%s', (_name, rsTemplate, deploymentTemplate, expected) => {
    expect(sameTemplate(rsTemplate, deploymentTemplate)).toBe(expected);
    expect(copiedAndCompared(rsTemplate, deploymentTemplate)).toBe(expected);
  });
});
