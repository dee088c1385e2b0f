import { describe, expect, it } from 'vitest';
import { configMap, docs, runYaml } from './runYaml';

/**
 * The result message of a server-side apply is what `kubectl apply --server-side` prints, `serverside-applied`,
 * whether the object was created or changed: Argo CD records it as is (controller/testdata/diff-cache.yaml has
 * `message: service/test-lla serverside-applied`; e2e diff_test.go asserts kubectl's output contains it).
 */
describe('server-side apply result messages', () => {
  it('an operation with ServerSideApply=true records "<kind>/<name> serverside-applied"', () => {
    const run = runYaml(docs(configMap('settings')), { syncOptions: ['ServerSideApply=true'] });
    expect(run.row('ConfigMap', 'settings')).toMatchObject({
      status: 'Synced',
      message: 'configmap/settings serverside-applied',
    });
  });

  it('ServerSideApply=false on the resource keeps the client-side words ("created")', () => {
    const clientSide = `
      apiVersion: v1
      kind: ConfigMap
      metadata: {name: legacy, annotations: {argocd.argoproj.io/sync-options: ServerSideApply=false}}
      data: {key: v}`;
    const run = runYaml(docs(clientSide), { syncOptions: ['ServerSideApply=true'] });
    expect(run.row('ConfigMap', 'legacy')?.message).toBe('configmap/legacy created');
  });
});
