import { describe, expect, it } from 'vitest';
import { parseScenario } from './scenario';

/** A platform scenario with one HPA, `web`, and the given `load:` block (from line 23). */
const scenario = (load: string) => `title: t
argocd: |
  apiVersion: argoproj.io/v1alpha1
  kind: Application
  metadata: { name: web, namespace: argocd }
  spec:
    project: default
    source: { repoURL: https://example.com/web.git, targetRevision: main, path: app }
    destination: { server: https://kubernetes.default.svc, namespace: default }
repo:
  revisions:
    - name: v1
      files:
        app/hpa.yaml: |
          apiVersion: autoscaling/v2
          kind: HorizontalPodAutoscaler
          metadata: { name: web }
          spec:
            scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
            maxReplicas: 4
expect:
  apps: { web: { syncStatus: Synced, health: Healthy } }
${load}
`;

function errorOf(text: string): string {
  try {
    parseScenario(text, 's.yaml');
  } catch (error) {
    return String(error);
  }
  return 'no error';
}

describe('load: (readAutoscalerLoad.ts)', () => {
  it('reads the points of each HorizontalPodAutoscaler, in milliseconds', () => {
    const parsed = parseScenario(
      scenario('load:\n  web:\n    - { at: 0, replicas: 1 }\n    - { at: 2.5, replicas: 3 }'),
      's.yaml',
    );
    expect(parsed.platform!.load).toEqual({
      web: [
        { atMs: 0, replicas: 1 },
        { atMs: 2500, replicas: 3 },
      ],
    });
  });

  it('refuses an HPA the repository does not hold, at its name (file:line:col)', () => {
    expect(errorOf(scenario('load:\n  api:\n    - { at: 0, replicas: 1 }'))).toMatch(
      /s\.yaml:24:3: load: no HorizontalPodAutoscaler "api" in repo\.revisions/,
    );
  });

  it('refuses a point with a bad replicas, an unknown key, or a time not after the one before, at the point', () => {
    expect(errorOf(scenario('load:\n  web:\n    - { at: 0, replicas: -1 }'))).toMatch(
      /s\.yaml:25:7: load\.web\[0\]\.replicas must be a whole number from 0 to 1000/,
    );
    expect(errorOf(scenario('load:\n  web:\n    - { at: 0, replica: 2 }'))).toMatch(
      /s\.yaml:25:7: load\.web\[0\]\.replica is not a load setting \(one of: at, replicas\)/,
    );
    expect(
      errorOf(scenario('load:\n  web:\n    - { at: 5, replicas: 1 }\n    - { at: 5, replicas: 2 }')),
    ).toMatch(/s\.yaml:26:7: load\.web\[1\]\.at must be later than the point before it/);
  });

  it('refuses a load that is not a mapping', () => {
    expect(errorOf(scenario('load: [1, 2]'))).toMatch(
      /s\.yaml:23:7: load must map HorizontalPodAutoscaler names to lists of \{ at: SECONDS, replicas: N \}/,
    );
  });
});
