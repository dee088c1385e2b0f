import { describe, expect, it } from 'vitest';
import { runSimOnDisk } from '../../../test/kits/runSim.testKit';

const chart = 'apiVersion: v2\nname: web\nversion: 0.1.0\n';

describe('sim run on a Helm chart or a Kustomize folder', () => {
  it('sim run charts/web/Chart.yaml says it is a chart and gives the helm template command (exit 2), not "kind" is missing', () => {
    expect(runSimOnDisk(['charts/web/Chart.yaml'], { 'charts/web/Chart.yaml': chart })).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'sim run: charts/web/Chart.yaml:1:1: this is a Helm chart (Chart.yaml): Argo CD renders it with Helm before it syncs, and the sandbox does not run Helm; run helm template web charts/web > rendered.yaml, then sim run rendered.yaml\n',
    });
  });

  it('sim run overlays/dev/kustomization.yaml gives kubectl kustomize and kustomize build', () => {
    const result = runSimOnDisk(['overlays/dev/kustomization.yaml'], {
      'overlays/dev/kustomization.yaml': 'resources:\n- ../../base\n',
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'sim run: overlays/dev/kustomization.yaml:1:1: this is a Kustomize folder (kustomization.yaml): Argo CD builds it with Kustomize before it syncs, and the sandbox does not run Kustomize; run kubectl kustomize overlays/dev > rendered.yaml (or kustomize build overlays/dev), then sim run rendered.yaml\n',
    );
  });

  it('sim run on a chart’s template names the chart’s folder', () => {
    const result = runSimOnDisk(['charts/web/templates/cm.yaml'], {
      'charts/web/templates/cm.yaml':
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\n',
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '; run helm template web charts/web > rendered.yaml, then sim run rendered.yaml\n',
    );
  });
});

describe('sim run --repo with a Helm chart in the repository', () => {
  it('names the chart’s Chart.yaml and says to put the rendered output in the chart’s place', () => {
    const result = runSimOnDisk([
      '--repo',
      'test/fixtures/helm-chart-repo',
      'test/fixtures/helm-chart-repo/app.yaml',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "sim run: test/fixtures/helm-chart-repo/charts/web/Chart.yaml:1:1: this is a Helm chart (Chart.yaml): Argo CD renders it with Helm before it syncs, and the sandbox does not run Helm; run helm template web test/fixtures/helm-chart-repo/charts/web > rendered.yaml, and put rendered.yaml in the folder's place in the repository\n",
    );
  });
});

describe('sim run on a chart’s folder', () => {
  it('sim run charts/web (a folder) says it is a chart, as its Chart.yaml does', () => {
    const result = runSimOnDisk(['test/fixtures/helm-chart-repo/charts/web']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'sim run: test/fixtures/helm-chart-repo/charts/web/Chart.yaml:1:1: this is a Helm chart (Chart.yaml): Argo CD renders it with Helm before it syncs, and the sandbox does not run Helm; run helm template web test/fixtures/helm-chart-repo/charts/web > rendered.yaml, then sim run rendered.yaml\n',
    );
  });
});
