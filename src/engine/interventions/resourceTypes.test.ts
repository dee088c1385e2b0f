import { describe, expect, it } from 'vitest';
import { application } from '../../../test/kits/controlPlane.testKit';
import { configMap } from '../../../test/kits/simulation.testKit';
import { kinds } from '../cluster/kinds';
import { runControlPlane } from '../simulation/runControlPlane';
import { pluralName, resourceType, singularName } from './resourceTypes';

/**
 * The types a kubectl intervention can name are the kinds the fake API server serves (cluster/kinds.ts, the one
 * table of kinds; issue 32: this file restated sixteen of them).
 */
describe('kubectl resource types, from the one table of kinds', () => {
  for (const k of kinds.filter((k) => k.served))
    it(`${k.kind} (${k.group || 'core'}) is named by its kind, its plural, its short names and TYPE.GROUP`, () => {
      const words = [k.kind, k.kind.toLowerCase(), k.plural, ...k.shortNames];
      if (k.group) words.push(`${k.plural}.${k.group}`, `${k.kind.toLowerCase()}.${k.group}`);
      for (const word of words) {
        const type = resourceType(word);
        expect(type, word).toBeDefined();
        // Two groups may serve one name (core and events.k8s.io Event): the bare word finds the first, as kubectl's
        // discovery prefers the core group.
        if (word.includes('.'))
          expect(type).toMatchObject({ kind: k.kind, group: k.group, resource: k.plural });
        else expect(type!.resource).toBe(k.plural);
      }
    });

  it('a kind the server no longer serves is no type (extensions/v1beta1 Deployment)', () => {
    expect(resourceType('deployments.extensions')).toBeUndefined();
    expect(resourceType('deploy')).toMatchObject({ group: 'apps' });
  });

  it('kubectl\'s names in its messages: deployment.apps/web, deployments.apps "web"', () => {
    const type = resourceType('deploy')!;
    expect(singularName(type)).toBe('deployment.apps');
    expect(pluralName(type)).toBe('deployments.apps');
  });

  it('kubectl delete of a served kind the old list left out is answered by the server, not refused as unknown', () => {
    const result = runControlPlane({
      repository: { name: 'main', files: { 'app/settings.yaml': [{ object: configMap('settings') }] } },
      objects: [application('guestbook', { path: 'app' })],
      actions: [{ at: 5, type: 'intervention', command: 'kubectl -n default delete role reader' }],
      untilSeconds: 60,
    });
    expect(result.refused.map((r) => r.error)).toEqual([
      'Error from server (NotFound): roles.rbac.authorization.k8s.io "reader" not found',
    ]);
  });
});
