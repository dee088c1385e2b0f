import { describe, expect, it } from 'vitest';
import { isInputError, type KubeObject, type RepoRevision } from '../engine';
import { checkArgoObjects } from './platformInput';

const repo: RepoRevision = { name: 'main', files: {} };
const at = { file: 'argo.yaml', line: 7, column: 1 };

function problem(object: KubeObject): string | undefined {
  try {
    checkArgoObjects([{ object, position: at }], repo);
    return undefined;
  } catch (error) {
    if (isInputError(error)) return error.message;
    throw error;
  }
}

const project = (syncWindows: unknown): KubeObject => ({
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'AppProject',
  metadata: { name: 'shop', namespace: 'argocd' },
  spec: { syncWindows },
});

const cmdParams = (data: Record<string, string>): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'argocd-cmd-params-cm', namespace: 'argocd' },
  data,
});

describe('Argo CD settings in a control-plane run’s input (scenario argocd:, sim run --repo argo.yaml, Your app)', () => {
  it('accepts AppProject sync windows and argocd-cmd-params-cm’s sync timeout', () => {
    expect(
      problem(project([{ kind: 'deny', schedule: '5 0 * * *', duration: '10m', applications: ['*'] }])),
    ).toBeUndefined();
    expect(problem(cmdParams({ 'controller.sync.timeout.seconds': '300' }))).toBeUndefined();
  });

  it('refuses a window SyncWindow.Validate refuses, at the object, in Argo CD’s words (types.go Validate)', () => {
    expect(problem(project([{ kind: 'deny', schedule: '@daily', duration: '1h' }]))).toBe(
      'argo.yaml:7:1: AppProject "shop": spec.syncWindows[0].schedule: cannot parse schedule \'@daily\': parser does not accept descriptors: @daily',
    );
  });

  it('refuses a key of argocd-cmd-params-cm the sandbox does not model, and a timeout that is not a number', () => {
    expect(problem(cmdParams({ 'controller.self.heal.timeout.seconds': '5' }))).toContain(
      '"controller.self.heal.timeout.seconds" is not simulated',
    );
    expect(problem(cmdParams({ 'controller.sync.timeout.seconds': '5m' }))).toContain(
      'controller.sync.timeout.seconds: "5m" is not a whole number of seconds',
    );
  });
});
