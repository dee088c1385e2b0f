import { describe, expect, it } from 'vitest';
import { RenderFirstError, renderFirst } from './renderFirst';

const chart = 'apiVersion: v2\nname: web\nversion: 0.1.0\n';

describe('renderFirst: a Helm chart or a Kustomize folder says what it is and the command that renders it', () => {
  it('a chart’s Chart.yaml, on the page: helm template with the chart’s name and the dropped folder', () => {
    const error = renderFirst(
      [
        { path: 'values.yaml', text: 'replicas: 2\n' },
        { path: 'templates/deployment.yaml', text: 'replicas: {{ .Values.replicas }}\n' },
        { path: 'Chart.yaml', text: chart },
      ],
      'page',
      'web',
    );
    expect(error).toBeInstanceOf(RenderFirstError);
    expect(error?.message).toBe(
      'Chart.yaml:1:1: this is a Helm chart (Chart.yaml): Argo CD renders it with Helm before it syncs, and the sandbox does not run Helm; run helm template web web and paste its output in the paste box',
    );
    expect(error?.renderCommand).toBe('helm template web web');
  });

  it('for sim run, the output goes to a file sim run reads; for --repo, in the chart’s place', () => {
    expect(renderFirst([{ path: 'charts/api/Chart.yaml', text: chart }], 'cli')?.detail).toBe(
      'this is a Helm chart (Chart.yaml): Argo CD renders it with Helm before it syncs, and the sandbox does not run Helm; run helm template web charts/api > rendered.yaml, then sim run rendered.yaml',
    );
    expect(renderFirst([{ path: 'repo/charts/api/Chart.yaml' }], 'repo')?.detail).toMatch(
      /; run helm template api repo\/charts\/api > rendered\.yaml, and put rendered\.yaml in the folder's place in the repository$/,
    );
  });

  it('kustomization.yaml (by name, or by kind: Kustomization): kubectl kustomize DIR, or kustomize build DIR', () => {
    const byName = renderFirst(
      [{ path: 'overlays/dev/kustomization.yaml', text: 'resources:\n- ../../base\n' }],
      'page',
    );
    expect(byName?.message).toBe(
      'overlays/dev/kustomization.yaml:1:1: this is a Kustomize folder (kustomization.yaml): Argo CD builds it with Kustomize before it syncs, and the sandbox does not run Kustomize; run kubectl kustomize overlays/dev (or kustomize build overlays/dev) and paste its output in the paste box',
    );
    const byKind = renderFirst(
      [{ path: 'pasted.yaml', text: 'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\n' }],
      'page',
    );
    expect(byKind?.renderCommand).toBe('kubectl kustomize .');
    expect(renderFirst([{ path: 'base/Kustomization' }], 'cli')?.renderCommand).toBe(
      'kubectl kustomize base',
    );
  });

  it('a packaged chart and a lone template name the chart to render; a folder with a space is quoted for the shell', () => {
    expect(renderFirst([{ path: 'web-1.2.3.tgz' }], 'page')?.renderCommand).toBe(
      'helm template web web-1.2.3.tgz',
    );
    expect(
      renderFirst(
        [{ path: 'my charts/web/templates/svc.yaml', text: 'name: {{ include "web.fullname" . }}\n' }],
        'cli',
      )?.renderCommand,
    ).toBe("helm template web 'my charts/web'");
  });

  it('manifests are not refused, nor a ConfigMap holding another tool’s {{ … }} template, nor helm template’s output', () => {
    const alertmanager =
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: alerts\ndata:\n  slack.tmpl: "{{ range .Alerts }}{{ .Labels.alertname }}{{ end }}"\n';
    const rendered =
      '---\n# Source: web/templates/deployment.yaml\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n';
    expect(renderFirst([{ path: 'alerts.yaml', text: alertmanager }], 'cli')).toBeUndefined();
    expect(renderFirst([{ path: 'pasted.yaml', text: rendered }], 'page')).toBeUndefined();
    expect(renderFirst([{ path: 'scenarios/three-tier.yaml' }], 'cli')).toBeUndefined();
  });
});
