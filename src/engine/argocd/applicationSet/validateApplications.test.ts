import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../types';
import { isValidApplication, validateGeneratedApplications } from './validateApplications';

function app(name: string, project = 'default', destination: Record<string, string> = {}): KubeObject {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name, namespace: 'argocd' },
    spec: {
      project,
      destination: { server: 'https://kubernetes.default.svc', namespace: 'x', ...destination },
    },
  };
}

const defaultOnly = new Set(['default']);

// Mirrors applicationset_controller_test.go TestValidateGeneratedApplications.
describe('TestValidateGeneratedApplications', () => {
  it('valid app should return true', () => {
    const result = validateGeneratedApplications('set', [app('app')], defaultOnly);
    expect(result.errors.size).toBe(0);
    expect(result.message).toBeUndefined();
  });

  it('app with no name should return error', () => {
    const result = validateGeneratedApplications('', [app('')], defaultOnly);
    expect([...result.errors]).toEqual([
      [
        '',
        "ApplicationSet  contains an application with no name; a name must be set in the template's metadata.name " +
          'or via a templatePatch (generateName is not supported)',
      ],
    ]);
  });

  it("can't have both name and server defined", () => {
    const result = validateGeneratedApplications(
      'set',
      [app('app', 'default', { name: 'my-cluster', server: 'my-server' })],
      defaultOnly,
    );
    expect(result.message).toBe(
      "application destination spec is invalid: application destination can't have both name and server defined: " +
        'my-cluster my-server',
    );
  });

  it('project mismatch should return error', () => {
    const result = validateGeneratedApplications('set', [app('app', 'DOES-NOT-EXIST')], defaultOnly);
    expect(result.message).toBe('application references project DOES-NOT-EXIST which does not exist');
  });

  it('cluster should match', () => {
    const destination = { name: 'nonexistent-cluster', server: '' };
    const result = validateGeneratedApplications('set', [app('app', 'default', destination)], defaultOnly);
    expect(result.message).toBe(
      'application destination spec is invalid: there are no clusters with this name: nonexistent-cluster',
    );
  });

  it('reports a duplicate name and refuses every app of that name (the error is keyed by name)', () => {
    const result = validateGeneratedApplications(
      'platform-stack',
      [app('a'), app('a'), app('b')],
      defaultOnly,
    );
    expect(result.message).toBe('ApplicationSet platform-stack contains applications with duplicate name: a');
    expect(isValidApplication(result, app('a'))).toBe(false);
    expect(isValidApplication(result, app('b'))).toBe(true);
  });

  it('reports the last invalid app by name and how many more there are (controller L300-310)', () => {
    const result = validateGeneratedApplications(
      'set',
      [app('zeta', 'team-z'), app('alpha', 'team-a'), app('mid', 'team-m')],
      defaultOnly,
    );
    expect(result.message).toBe('application references project team-z which does not exist (and 2 more)');
  });
});

// Mirrors TestReconcilerValidationProjectErrorBehaviour: the app with the unknown project is not created, the
// other one is.
describe('TestReconcilerValidationProjectErrorBehaviour', () => {
  it('keeps the valid app and drops the one whose project does not exist', () => {
    const apps = [app('good-project', 'good-project'), app('bad-project', 'bad-project')];
    const result = validateGeneratedApplications('name', apps, new Set(['default', 'good-project']));
    expect(apps.filter((a) => isValidApplication(result, a)).map((a) => a.metadata.name)).toEqual([
      'good-project',
    ]);
    expect(result.message).toBe('application references project bad-project which does not exist');
  });
});
