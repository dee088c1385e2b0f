import { describe, expect, it } from 'vitest';
import { appSetGetText } from './appSetGetText';

// argocd-semantics.md §5.6: `argocd appset get` shows the template's summary and the conditions, no per-app rows.
describe('appSetGetText', () => {
  it('prints the summary and the conditions in the order stored (type order)', () => {
    const text = appSetGetText({
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'ApplicationSet',
      metadata: { name: 'platform-stack', namespace: 'argocd' },
      spec: {
        template: {
          spec: {
            project: 'platform',
            source: {
              repoURL: 'https://github.com/org/manifests',
              targetRevision: 'main',
              path: '{{.component}}',
            },
            destination: { server: 'https://kubernetes.default.svc', namespace: 'production' },
          },
        },
      },
      status: {
        conditions: [
          {
            type: 'ErrorOccurred',
            status: 'False',
            message: 'All applications have been generated successfully',
            lastTransitionTime: '2026-01-01T00:00:00Z',
          },
          {
            type: 'RolloutProgressing',
            status: 'False',
            message: 'ApplicationSet Rollout has completed',
            lastTransitionTime: '2026-01-01T00:01:38Z',
          },
        ],
        applicationStatus: [{ application: 'platform-database', status: 'Healthy', message: '', step: '1' }],
      },
    });
    expect(text).toBe(
      [
        'Name:               argocd/platform-stack',
        'Project:            platform',
        'Server:             https://kubernetes.default.svc',
        'Namespace:          production',
        'Health Status:',
        'Source:',
        '- Repo:             https://github.com/org/manifests',
        '  Target:           main',
        '  Path:             {{.component}}',
        'SyncPolicy:         <none>',
        '',
        'CONDITION           STATUS  MESSAGE                                            LAST TRANSITION',
        'ErrorOccurred       False   All applications have been generated successfully  2026-01-01 00:00:00 +0000 UTC',
        'RolloutProgressing  False   ApplicationSet Rollout has completed               2026-01-01 00:01:38 +0000 UTC',
        '',
      ].join('\n'),
    );
    expect(text).not.toContain('platform-database');
  });

  it("SyncPolicy is the template's: Automated (Prune)", () => {
    const text = appSetGetText({
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'ApplicationSet',
      metadata: { name: 's', namespace: 'argocd' },
      spec: { template: { spec: { syncPolicy: { automated: { prune: true } } } } },
    });
    expect(text).toContain('SyncPolicy:         Automated (Prune)\n');
  });
});
