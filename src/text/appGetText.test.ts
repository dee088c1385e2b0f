import { describe, expect, it } from 'vitest';
import type { ApplicationJson, JsonAny, KubeObject } from '../engine';
import { application, appProject } from '../../test/kits/controlPlane.testKit';
import { runControlPlane } from '../engine/simulation/runControlPlane';
import { configMap } from '../../test/kits/simulation.testKit';
import { appGetText, summarySyncPolicy } from './appGetText';

/** `argocd app get` of an Application with a condition (cmd/argocd/commands/app.go printHeader, printAppConditions). */
describe('argocd app get: the conditions table', () => {
  // A project permits nothing it does not list (util/argo/argo.go ValidatePermissions): the kit's lists are kept.
  const base = appProject('e2e');
  const project: KubeObject = { ...base, spec: { ...base.spec, orphanedResources: { warn: true } } };
  const result = runControlPlane({
    repository: { name: 'main', files: { 'cm/cm.yaml': [{ object: configMap('settings') }] } },
    objects: [project, application('guestbook', { path: 'cm', project: 'e2e' })],
    actions: [
      { at: 30, type: 'kubectl-apply', objects: [configMap('orphaned-configmap')] },
      { at: 40, type: 'refresh', app: 'guestbook' },
    ],
    untilSeconds: 120,
  });
  const app = result.applications.find((a) => a.metadata.name === 'guestbook') as ApplicationJson;

  it('prints CONDITION, MESSAGE, LAST TRANSITION between blank lines, after the summary and before the operation', () => {
    const lines = appGetText(app).split('\n');
    const header = lines.findIndex((l) => l.startsWith('CONDITION'));
    expect(lines[header - 1]).toBe('');
    expect(lines[header - 2]).toMatch(/^Health Status:\s+Healthy$/);
    expect(lines[header]).toMatch(/^CONDITION\s{2,}MESSAGE\s{2,}LAST TRANSITION$/);
    expect(lines[header + 1]).toMatch(
      /^OrphanedResourceWarning {2}Application has 1 orphaned resources {2}2026-01-01 00:00:40 \+0000 UTC$/,
    );
    expect(lines[header + 2]).toBe('');
    expect(lines[header + 3]).toBe('');
    expect(lines[header + 4]).toMatch(/^Operation:\s+Sync$/);
  });

  it('prints the sync status alone for an app that never compared (no revision), instead of failing', () => {
    const invalid = result.applications.find((a) => a.metadata.name === 'guestbook') as ApplicationJson;
    const never = {
      ...invalid,
      status: { ...invalid.status, sync: { status: 'Unknown' } },
    } as unknown as ApplicationJson;
    expect(appGetText(never).split('\n')).toContain('Sync Status:        Unknown');
  });
});

/**
 * The summary's Sync Policy line, as cmd/argocd/commands/app_test.go TestPrintAppSummaryTable expects it
 * ("Sync Policy:        Automated (Prune)" for `automated: { prune: true }`) and printAppSummaryTable prints it.
 */
describe('argocd app get: Sync Policy (TestPrintAppSummaryTable)', () => {
  const withPolicy = (syncPolicy: JsonAny | undefined): ApplicationJson => {
    const app = runControlPlane({
      repository: { name: 'main', files: { 'cm/cm.yaml': [{ object: configMap('settings') }] } },
      objects: [application('guestbook', { path: 'cm' })],
      untilSeconds: 10,
    }).applications[0] as ApplicationJson;
    return { ...app, spec: { ...app.spec, syncPolicy } } as ApplicationJson;
  };

  it.each([
    [{ automated: { prune: true } }, 'Automated (Prune)'],
    [{ automated: { prune: true, selfHeal: true } }, 'Automated (Prune)'],
    [{ automated: {} }, 'Automated'],
    [{ automated: { enabled: false, prune: true } }, 'Manual'],
    [undefined, 'Manual'],
  ])('%j prints %s', (policy, printed) => {
    expect(summarySyncPolicy(withPolicy(policy))).toBe(printed);
    expect(appGetText(withPolicy(policy))).toMatch(
      new RegExp(`^Sync Policy: {8}${printed.replace(/[()]/g, '\\$&')}$`, 'm'),
    );
  });
});
