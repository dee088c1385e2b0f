import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ApplicationJson } from '../../engine';
import type { CommandIo } from '../command';
import { sim } from '../sim';
import { loadArgocdCm } from './argocdCm';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixtures = 'test/fixtures/argocd-cm/';

/** Runs `sim …` in-process over the repository's files. */
function simIn(args: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CommandIo = {
    readFile: (path) => readFileSync(`${root}${path}`, 'utf8'),
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  };
  const code = sim(args, io);
  return { code, stdout, stderr };
}

describe('sim run --argocd-cm', () => {
  it('mirrors Argo CD e2e TestFixingDegradedApp: a ConfigMap forced Degraded fails the sync at its wave', () => {
    const { code, stdout, stderr } = simIn([
      'run',
      `${fixtures}cm-1.yaml`,
      `${fixtures}cm-2.yaml`,
      '--argocd-cm',
      `${fixtures}configmap-degraded.yaml`,
      '--json',
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const app = (JSON.parse(stdout) as { application: ApplicationJson }).application;
    // OperationPhaseIs(Failed), SyncStatusIs(OutOfSync), HealthIs(Degraded) in the e2e test.
    expect(app.status.operationState?.phase).toBe('Failed');
    expect(app.status.sync.status).toBe('OutOfSync');
    expect(app.status.health.status).toBe('Degraded');
    const resource = (name: string) => app.status.resources.find((r) => r.name === name);
    expect(resource('cm-1')).toMatchObject({ status: 'Synced', health: { status: 'Degraded' } });
    expect(resource('cm-2')).toMatchObject({ status: 'OutOfSync', health: { status: 'Missing' } });
  });

  it('without --argocd-cm the same ConfigMaps have no health and the sync succeeds', () => {
    const { stdout } = simIn(['run', `${fixtures}cm-1.yaml`, `${fixtures}cm-2.yaml`, '--json']);
    const app = (JSON.parse(stdout) as { application: ApplicationJson }).application;
    expect(app.status.operationState?.phase).toBe('Succeeded');
    expect(app.status.health.status).toBe('Healthy');
  });

  it('refuses Lua that does not parse with file:line:column and the Lua message, and exit status 2', () => {
    const { code, stdout, stderr } = simIn([
      'run',
      `${fixtures}cm-1.yaml`,
      `--argocd-cm=${fixtures}syntax-error.yaml`,
    ]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `sim run: ${fixtures}syntax-error.yaml:7:45: the health Lua of resource.customizations.health.ConfigMap does not parse: resource.customizations.health.ConfigMap:2: unexpected symbol near '='\n`,
    );
  });
});

describe('sim health --argocd-cm', () => {
  it('applies the ConfigMap override to the objects it assesses', () => {
    const { code, stdout } = simIn([
      'health',
      '--argocd-cm',
      `${fixtures}configmap-degraded.yaml`,
      `${fixtures}cm-1.yaml`,
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ kind: 'ConfigMap', name: 'cm-1', status: 'Degraded', message: '' });
  });

  it('runs the built-in Rollout Lua without any argocd-cm', () => {
    const { code, stdout } = simIn(['health', 'test/fixtures/lua-health/rollout-suspended_userPause.yaml']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      kind: 'Rollout',
      status: 'Suspended',
      message: 'Rollout is paused',
    });
  });

  it('says which option lacks its value', () => {
    const { code, stderr } = simIn(['health', `${fixtures}cm-1.yaml`, '--argocd-cm']);
    expect(code).toBe(2);
    expect(stderr).toContain('sim health: option --argocd-cm needs a value');
  });
});

describe('loadArgocdCm', () => {
  it('reads a file into health overrides keyed by group and kind', async () => {
    const overrides = await loadArgocdCm(`${root}${fixtures}application-health.yaml`);
    expect(overrides.checkFor('argoproj.io', 'Application')).toBeTypeOf('function');
    expect(overrides.checkFor('', 'ConfigMap')).toBeUndefined();
  });
});
