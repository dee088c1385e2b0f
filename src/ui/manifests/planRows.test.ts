import { describe, expect, it } from 'vitest';
import { planSync, type KubeObject } from '../../engine';
import { planRows, stepSummary } from './planRows';

const options = {
  namespace: 'demo',
  revision: 'v2',
  startedAt: 1767225600,
  prune: false,
  dryRun: false,
  syncOptions: [],
  pruneConfirmed: false,
};

function object(kind: string, name: string, annotations: Record<string, string> = {}): KubeObject {
  const apiVersion = kind === 'Job' ? 'batch/v1' : kind === 'Deployment' ? 'apps/v1' : 'v1';
  return { apiVersion, kind, metadata: { name, annotations } };
}

const hook = (name: string, phase: string, policy?: string) =>
  object('Job', name, {
    'argocd.argoproj.io/hook': phase,
    ...(policy ? { 'argocd.argoproj.io/hook-delete-policy': policy } : {}),
  });

describe('planRows', () => {
  const desired = [
    object('Deployment', 'web', { 'argocd.argoproj.io/sync-wave': '1' }),
    object('ConfigMap', 'config'),
    hook('migrate', 'PreSync'),
    hook('smoke', 'PostSync', 'HookSucceeded'),
    hook('notify', 'SyncFail'),
  ];
  const rows = planRows(planSync({ desired, live: [object('Service', 'old')], options }));

  it('lists phase → wave → kind → name with what the dry run would do', () => {
    expect(rows.map((r) => `${r.phase}/${r.wave} ${r.kind}/${r.name} ${r.action}`)).toEqual([
      'PreSync/0 Job/migrate create',
      'Sync/0 ConfigMap/config create',
      'Sync/0 Service/old skip',
      'Sync/1 Deployment/web create',
      'PostSync/0 Job/smoke create',
      'SyncFail/0 Job/notify create',
    ]);
  });

  it('shows hook types and delete policies, the default BeforeHookCreation included', () => {
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(byName.get('migrate')).toMatchObject({ hook: 'PreSync', deletePolicy: 'BeforeHookCreation' });
    expect(byName.get('smoke')).toMatchObject({ hook: 'PostSync', deletePolicy: 'HookSucceeded' });
    expect(byName.get('web')).toMatchObject({ hook: '', deletePolicy: '' });
  });

  it('puts skipped tasks and SyncFail hooks outside the steps and explains them', () => {
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(byName.get('old')).toMatchObject({ step: -1, note: 'ignored (requires pruning)' });
    expect(byName.get('notify')).toMatchObject({ step: -1, note: 'runs only if the sync fails' });
  });

  it('numbers the steps in running order and marks where each starts', () => {
    expect(rows.map((r) => [r.name, r.step, r.firstOfStep])).toEqual([
      ['migrate', 0, true],
      ['config', 1, true],
      ['old', -1, true],
      ['web', 2, true],
      ['smoke', 3, true],
      ['notify', -1, true],
    ]);
  });

  it('gives each row a unique key, even for a hook in two phases', () => {
    const twice = planRows(planSync({ desired: [hook('both', 'PreSync,PostSync')], live: [], options }));
    expect(twice.map((r) => r.key)).toEqual(['PreSync/batch/Job/demo/both', 'PostSync/batch/Job/demo/both']);
  });
});

describe('stepSummary', () => {
  it('says nothing is waited for when there is one step (§6.3)', () => {
    const plan = planSync({ desired: [object('ConfigMap', 'a'), object('Service', 'b')], live: [], options });
    expect(stepSummary(plan)).toBe('One step: everything is applied at once and nothing is waited for.');
  });

  it('counts the steps when there are several', () => {
    const desired = [
      object('ConfigMap', 'a'),
      object('Service', 'b', { 'argocd.argoproj.io/sync-wave': '3' }),
      hook('h', 'PreSync'),
      hook('p', 'PostSync'),
    ];
    const plan = planSync({ desired, live: [], options });
    expect(stepSummary(plan)).toMatch(/^4 steps: each waits/);
  });
});
