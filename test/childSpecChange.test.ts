import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../src/engine';
import { playScenario } from '../src/scenarios/play';
import { parseScenario } from '../src/scenarios/scenario';

// An app of apps whose parent points a child at a new path: the child's spec.source now differs from its last
// comparison, so the refresh its update requests is a full one and auto-sync follows at once
// (appcontroller.go needRefreshAppStatus "spec.source differs" → processAppRefreshQueueItem → autoSync), not at
// the child's next periodic refresh, up to 3 minutes later.
const child = (path: string) => `          apiVersion: argoproj.io/v1alpha1
          kind: Application
          metadata:
            name: database
            namespace: argocd
          spec:
            project: default
            source:
              repoURL: https://example.com/shop.git
              targetRevision: main
              path: ${path}
            destination:
              server: https://kubernetes.default.svc
              namespace: default
            syncPolicy:
              automated: { prune: true }
`;
const config = (name: string) => `          apiVersion: v1
          kind: ConfigMap
          metadata:
            name: ${name}
          data: { version: "${name}" }
`;
const scenario = `title: child spec change
options: { waveDelay: 2, seed: 1, until: 100 }
argocd: |
  apiVersion: argoproj.io/v1alpha1
  kind: Application
  metadata:
    name: platform
    namespace: argocd
  spec:
    project: default
    source:
      repoURL: https://example.com/shop.git
      targetRevision: main
      path: apps
    destination:
      server: https://kubernetes.default.svc
      namespace: argocd
repo:
  revisions:
    - name: one
      files:
        apps/database.yaml: |
${child('database/v1')}        database/v1/config.yaml: |
${config('v1')}    - name: two
      files:
        apps/database.yaml: |
${child('database/v2')}        database/v2/config.yaml: |
${config('v2')}actions:
  - { at: 60, commit: two }
  - { at: 61, sync: platform }
`;

describe('a child Application whose source changes (needRefreshAppStatus: spec.source differs)', () => {
  it('compares and auto-syncs in the second its parent applies the new spec', () => {
    const { events } = playScenario(parseScenario(scenario, 'child-spec-change.yaml'));
    const syncs = events.filter(
      (e): e is Extract<SimEvent, { type: 'app-operation' }> =>
        e.type === 'app-operation' && e.app === 'database',
    );
    expect(syncs.map((e) => e.t)).toEqual([0, 61]);
    expect(syncs[1].automated).toBe(true);
  });
});
