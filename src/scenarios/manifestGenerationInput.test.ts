import { describe, expect, it } from 'vitest';
import { parseScenario } from './scenario';

/** A platform scenario whose `repo:` block starts with `repoLines` (line 10 on). */
const scenario = (repoLines: string) => `title: t
argocd: |
  apiVersion: argoproj.io/v1alpha1
  kind: Application
  metadata: { name: web, namespace: argocd }
  spec:
    project: default
    source: { repoURL: https://example.com/web.git, targetRevision: main, path: app }
    destination: { server: https://kubernetes.default.svc, namespace: default }
repo:
${repoLines}
  revisions:
    - name: v1
      files:
        app/cm.yaml: |
          apiVersion: v1
          kind: ConfigMap
          metadata: { name: web }
`;

function errorOf(text: string): string {
  try {
    parseScenario(text, 's.yaml');
  } catch (error) {
    return String(error);
  }
  return 'no error';
}

describe('repo.manifestGenerationSeconds (manifestGeneration.ts)', () => {
  it('is read as the seconds the repo server takes, and left out when absent (at once, as before)', () => {
    expect(parseScenario(scenario('  manifestGenerationSeconds: 8'), 's.yaml').platform).toMatchObject({
      manifestGenerationSeconds: 8,
    });
    expect(parseScenario(scenario(''), 's.yaml').platform!.manifestGenerationSeconds).toBeUndefined();
  });

  it('a value that is not a number of seconds is refused at its place', () => {
    expect(errorOf(scenario('  manifestGenerationSeconds: soon'))).toContain(
      's.yaml:11:30: repo.manifestGenerationSeconds must be a number of seconds from 0 to 86400',
    );
    expect(errorOf(scenario('  manifestGenerationSeconds: -1'))).toContain('must be a number of seconds');
  });

  it('another key of repo: is refused rather than ignored', () => {
    expect(errorOf(scenario('  latency: 8'))).toContain(
      's.yaml:11:3: "latency" is not a field of repo (the fields are revisions, manifestGenerationSeconds)',
    );
  });
});
