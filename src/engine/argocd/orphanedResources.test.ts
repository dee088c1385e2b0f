import { describe, expect, it } from 'vitest';
import type { JsonAny, KubeObject } from '../types';
import type { RepoRevision } from './repository';
import { application, appProject } from '../../../test/kits/controlPlane.testKit';
import { clusterAt } from '../simulation/objectHistory';
import { runControlPlane, type ControlPlaneAction } from '../simulation/runControlPlane';
import { configMap, deployment, service } from '../../../test/kits/simulation.testKit';
import { globMatch } from './orphanedResources';

/**
 * AppProject `spec.orphanedResources` and the `OrphanedResourceWarning` condition (controller/appcontroller.go
 * `getResourceTree`, `isKnownOrphanedResourceExclusion`), e2e TestOrphanedResource.
 */
const repo: RepoRevision = {
  name: 'main',
  files: {
    'guestbook/ui.yaml': [{ object: deployment('guestbook-ui') }, { object: service('guestbook-ui') }],
  },
};
const project = (orphanedResources: JsonAny | undefined): KubeObject => {
  const p = appProject('e2e');
  return { ...p, spec: { ...p.spec, ...(orphanedResources ? { orphanedResources } : {}) } };
};
const orphan = configMap('orphaned-configmap');
const app = application('guestbook', { path: 'guestbook', project: 'e2e' });

/** The app's conditions after each step: a project change (or the orphan's creation) then a refresh. */
function conditionsAfter(steps: (KubeObject | 'orphan')[]): string[][] {
  const actions: ControlPlaneAction[] = steps.flatMap((step, i): ControlPlaneAction[] => [
    { at: 60 * (i + 1), type: 'kubectl-apply', objects: [step === 'orphan' ? orphan : step] },
    { at: 60 * (i + 1) + 5, type: 'refresh', app: 'guestbook' },
  ]);
  const seen: string[][] = [];
  const result = runControlPlane({
    repository: repo,
    objects: [project({ warn: true }), app],
    actions,
    untilSeconds: 60 * (steps.length + 2),
  });
  // The Application as it was just before each next step (the object history's versions).
  for (let i = 0; i <= steps.length; i++) {
    const version = clusterAt(result.objects, 60 * (i + 1) - 1).find(
      (o) => o.kind === 'Application' && o.metadata.name === 'guestbook',
    )!;
    seen.push((version.status?.conditions ?? []).map((c: JsonAny) => `${c.type}: ${c.message}`));
  }
  return seen;
}

describe('orphaned resources (AppProject spec.orphanedResources)', () => {
  it('TestOrphanedResource: a ConfigMap no app manages warns until an ignore entry matches it or monitoring is off', () => {
    const warning = ['OrphanedResourceWarning: Application has 1 orphaned resources'];
    expect(
      conditionsAfter([
        'orphan',
        project({ warn: true, ignore: [{ group: 'Test', kind: 'ConfigMap' }] }),
        project({ warn: true, ignore: [{ kind: 'ConfigMap' }] }),
        project({ warn: true, ignore: [{ kind: 'ConfigMap', name: 'orphaned-configmap' }] }),
        project(undefined),
      ]),
    ).toEqual([[], warning, warning, [], [], []]);
  });

  it('counts an orphan with what it owns, and nothing tracked by an Application', () => {
    // A Deployment made by hand: itself, its ReplicaSet and its pod.
    const byHand = deployment('by-hand');
    const tracked: KubeObject = {
      ...configMap('other-app-config'),
      metadata: {
        name: 'other-app-config',
        annotations: { 'argocd.argoproj.io/tracking-id': 'guestbook:/ConfigMap:default/other-app-config' },
      },
    };
    const result = runControlPlane({
      repository: repo,
      objects: [project({ warn: true }), app],
      actions: [
        { at: 60, type: 'kubectl-apply', objects: [byHand, tracked] },
        { at: 120, type: 'refresh', app: 'guestbook' },
      ],
      untilSeconds: 200,
    });
    const guestbook = result.applications.find((a) => a.metadata.name === 'guestbook')!;
    expect(guestbook.status.conditions).toEqual([
      expect.objectContaining({
        type: 'OrphanedResourceWarning',
        message: 'Application has 3 orphaned resources',
      }),
    ]);
  });

  it("matches ignore entries as util/glob does: '*' any run, '?' one character", () => {
    expect(globMatch('orphaned-*', 'orphaned-configmap')).toBe(true);
    expect(globMatch('Config?ap', 'ConfigMap')).toBe(true);
    expect(globMatch('', '')).toBe(true);
    expect(globMatch('Test', '')).toBe(false);
    expect(globMatch('*-b', 'a-b-c')).toBe(false);
  });
});
