import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isInputError } from '../../engine';
import { parseManifests } from '../../scenarios/manifests';
import { parseScenario } from '../../scenarios/scenario';
import { planManifests as planParsed } from './planManifests';
import { planRows } from './planRows';

const scenario = (id: string) =>
  parseScenario(readFileSync(`scenarios/${id}.yaml`, 'utf8'), `scenarios/${id}.yaml`);
/** Plan a text as the session does: read it with the YAML reader, then plan the objects (or the error). */
function planManifests(text: string, s: ReturnType<typeof scenario>) {
  let parsed;
  try {
    parsed = parseManifests(text, `${s.id} (edited)`);
  } catch (error) {
    if (!isInputError(error)) throw error;
    parsed = error;
  }
  return planParsed(parsed, s);
}
const synced = (id: string) => scenario(id).revisions.at(-1)!.manifests;

function orderOf(id: string, text = synced(id)): string[] {
  const outcome = planManifests(text, scenario(id));
  if (!outcome.ok) throw outcome.error;
  return planRows(outcome.plan, outcome.generated).map(
    (r) => `${r.phase}/${r.wave} ${r.kind}/${r.name} ${r.action}`,
  );
}

describe('planManifests', () => {
  it('orders three-tier as the sync runs it: PreSync, waves -1 to 2, PostSync', () => {
    expect(orderOf('three-tier')).toEqual([
      'PreSync/0 Namespace/three-tier create',
      'PreSync/0 Job/database-migration create',
      'Sync/-1 ConfigMap/database-config create',
      'Sync/0 Service/postgres create',
      'Sync/0 StatefulSet/postgres create',
      'Sync/1 Service/backend-api create',
      'Sync/1 Deployment/backend-api create',
      'Sync/2 Service/frontend create',
      'Sync/2 Deployment/frontend create',
      'PostSync/0 Job/smoke-test create',
    ]);
  });

  it('re-plans an edited sync-wave at once', () => {
    const text = synced('three-tier').replace(
      /(name: frontend\n\s+labels:\n.*\n\s+annotations:\n\s+argocd.argoproj.io\/sync-wave: )"2"/,
      '$1"-5"',
    );
    expect(text).not.toBe(synced('three-tier'));
    expect(orderOf('three-tier', text)).toContain('Sync/-5 Deployment/frontend create');
  });

  it('compares with what the earlier revision left live: updates, and hooks deleted before creation', () => {
    const rows = orderOf('failing-migration');
    expect(rows).toContain('Sync/0 Deployment/checkout update');
    expect(rows).toContain('PreSync/0 Job/checkout-migrate create');
    const outcome = planManifests(synced('failing-migration'), scenario('failing-migration'));
    const migrate = outcome.ok ? outcome.plan.tasks.find((t) => t.name === 'checkout-migrate') : undefined;
    expect(migrate?.note).toBe('the existing hook is deleted first (BeforeHookCreation)');
  });

  it('reports a YAML error with its line in the edited text, as the run does', () => {
    const outcome = planManifests(
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: [oops\n',
      scenario('three-tier'),
    );
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.file).toBe('three-tier (edited)');
      expect(outcome.error.line).toBeGreaterThanOrEqual(4);
    }
  });

  it('names generateName hooks by their prefix, since the sync makes up the rest', () => {
    const hook = [
      'apiVersion: batch/v1',
      'kind: Job',
      'metadata:',
      '  generateName: migrate-',
      '  annotations:',
      '    argocd.argoproj.io/hook: PreSync',
      'spec:',
      '  template:',
      '    spec:',
      '      restartPolicy: Never',
      '      containers: [{ name: m, image: busybox }]',
    ].join('\n');
    expect(orderOf('three-tier', hook)).toContain('PreSync/0 Job/migrate-… create');
  });
});
