/**
 * test/e2e/applicationset_test.go with the list generator, replayed as a control-plane run: the ApplicationSet
 * applied, changed and deleted with kubectl at its moments, the Applications read from the cluster's history at
 * each (clusterAt). `TestSimpleListGenerator` and `TestSimpleListGeneratorGoTemplate` follow the same steps with
 * the two template syntaxes; `TestCustomApplicationFinalizers` gives the template its own finalizer.
 */
import { describe, expect, it } from 'vitest';
import type { JsonAny, KubeObject } from '../../../types';
import type { RepoRevision } from '../../repository';
import { clusterAt } from '../../../simulation/objectHistory';
import { runControlPlane } from '../../../simulation/runControlPlane';
import { configMap } from '../../../../../test/kits/simulation.testKit';
import { startApplicationSetController } from './applicationSetController';

const repo: RepoRevision = {
  name: 'main',
  files: { 'guestbook/guestbook.yaml': [{ object: configMap('guestbook-ui') }] },
};

function appSet(
  goTemplate: boolean,
  change: { namespace?: string; meta?: JsonAny; finalizers?: string[] } = {},
) {
  const v = (name: string) => (goTemplate ? `{{.${name}}}` : `{{${name}}}`);
  const set: KubeObject = {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'ApplicationSet',
    metadata: { name: 'simple-list-generator', namespace: 'argocd' },
    spec: {
      ...(goTemplate ? { goTemplate: true } : {}),
      generators: [
        { list: { elements: [{ cluster: 'my-cluster', url: 'https://kubernetes.default.svc' }] } },
      ],
      template: {
        metadata: {
          name: `${v('cluster')}-guestbook`,
          ...(change.finalizers ? { finalizers: change.finalizers } : {}),
          ...(change.meta ?? {}),
        },
        spec: {
          project: 'default',
          source: {
            repoURL: 'https://github.com/argoproj/argocd-example-apps.git',
            targetRevision: 'HEAD',
            path: 'guestbook',
          },
          destination: { server: v('url'), namespace: change.namespace ?? 'guestbook' },
        },
      },
    },
  };
  return set;
}

const appAt = (result: ReturnType<typeof runControlPlane>, t: number) =>
  clusterAt(result.objects, t).find(
    (o) => o.kind === 'Application' && o.metadata.name === 'my-cluster-guestbook',
  );

describe('test/e2e/applicationset_test.go, the list generator', () => {
  it.each([
    ['TestSimpleListGenerator', false],
    ['TestSimpleListGeneratorGoTemplate', true],
  ])(
    '%s: created, its namespace and then its metadata updated from the template, deleted with the set',
    (_name, go) => {
      const meta = {
        annotations: { 'annotation-key': 'annotation-value' },
        labels: { 'label-key': 'label-value' },
      };
      const result = runControlPlane({
        repository: repo,
        objects: [appSet(go)],
        applicationSetController: startApplicationSetController,
        actions: [
          { at: 30, type: 'kubectl-apply', objects: [appSet(go, { namespace: 'guestbook2' })] },
          { at: 60, type: 'kubectl-apply', objects: [appSet(go, { namespace: 'guestbook2', meta })] },
          {
            at: 90,
            type: 'kubectl-delete',
            kind: 'ApplicationSet',
            name: 'simple-list-generator',
            namespace: 'argocd',
          },
        ],
        untilSeconds: 150,
      });
      const created = appAt(result, 20)!;
      expect(created.metadata.finalizers).toEqual(['resources-finalizer.argocd.argoproj.io']);
      expect(created.spec).toMatchObject({
        project: 'default',
        source: {
          repoURL: 'https://github.com/argoproj/argocd-example-apps.git',
          targetRevision: 'HEAD',
          path: 'guestbook',
        },
        destination: { server: 'https://kubernetes.default.svc', namespace: 'guestbook' },
      });
      expect(appAt(result, 50)!.spec.destination.namespace).toBe('guestbook2');
      expect(appAt(result, 80)!.metadata).toMatchObject(meta);
      // ApplicationSetHasConditions(ExpectedConditions): ResourcesUpToDate, no error.
      const set = clusterAt(result.objects, 80).find((o) => o.kind === 'ApplicationSet')!;
      expect(set.status.conditions.map((c: JsonAny) => `${c.type} ${c.status} ${c.reason}`)).toEqual([
        'ErrorOccurred False ApplicationSetUpToDate',
        'ParametersGenerated True ParametersGenerated',
        'ResourcesUpToDate True ApplicationSetUpToDate',
      ]);
      expect(appAt(result, 149)).toBeUndefined();
    },
  );

  it.each([
    ['TestCustomApplicationFinalizers', false],
    ['TestCustomApplicationFinalizersGoTemplate', true],
  ])(
    "%s: the template's own finalizer is the app's only one; deleting the set deletes the app",
    (_name, go) => {
      const background = 'resources-finalizer.argocd.argoproj.io/background';
      const result = runControlPlane({
        repository: repo,
        objects: [appSet(go, { finalizers: [background] })],
        applicationSetController: startApplicationSetController,
        actions: [
          {
            at: 30,
            type: 'kubectl-delete',
            kind: 'ApplicationSet',
            name: 'simple-list-generator',
            namespace: 'argocd',
          },
        ],
        untilSeconds: 90,
      });
      expect(appAt(result, 20)!.metadata.finalizers).toEqual([background]);
      expect(appAt(result, 89)).toBeUndefined();
    },
  );
});
