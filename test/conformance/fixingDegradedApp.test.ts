import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eventsOf } from '../kits/eventQueries.testKit';
import { luaHealthOverrides } from '../../src/lua/luaHealthOverrides';
import { readArgocdCm } from '../../src/scenarios/readArgocdCm';
import { docs, runYaml } from './runYaml';

/**
 * Argo CD's e2e TestFixingDegradedApp (test/e2e/sync_waves_test.go), replayed with its own app and its own health
 * Lua. The app is `testdata/sync-waves`: ConfigMap cm-1 in wave 1 and cm-2 in wave 2 (test/fixtures/argocd-cm
 * holds both). The test sets a ConfigMap resource override whose health Lua returns the `health` annotation, or
 * Degraded when there is none (test/fixtures/argocd-cm/configmap-degraded.yaml holds that Lua as argocd-cm).
 */
const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/argocd-cm/${name}`, import.meta.url), 'utf8');

const healthOverrides = () =>
  luaHealthOverrides(readArgocdCm(fixture('configmap-degraded.yaml'), 'configmap-degraded.yaml'));

const cm1 = fixture('cm-1.yaml');
const cm2 = fixture('cm-2.yaml');
const broken = docs(cm1, cm2);

/** The test's PatchFile of cm-1.yaml and cm-2.yaml: the `health` annotation set to Healthy. */
const healthy = (yaml: string) =>
  yaml.replace('    argocd.argoproj.io/sync-wave:', '    health: Healthy\n    argocd.argoproj.io/sync-wave:');
const fixed = docs(healthy(cm1), healthy(cm2));

describe('sync_waves_test.go TestFixingDegradedApp', () => {
  it('TestFixingDegradedApp: with the ConfigMap Lua, cm-1 is Degraded, the sync fails with one result, cm-2 is never applied', () => {
    const run = runYaml(broken, { healthOverrides: healthOverrides() });
    expect(run.op.phase).toBe('Failed');
    expect(run.sync).toBe('OutOfSync');
    expect(run.health).toBe('Degraded');
    expect(run.rows.map((r) => `${r.kind}/${r.name}`)).toEqual(['ConfigMap/cm-1']);
    expect(run.resource('ConfigMap', 'cm-1')).toMatchObject({
      status: 'Synced',
      health: { status: 'Degraded' },
    });
    expect(run.resource('ConfigMap', 'cm-2')).toMatchObject({
      status: 'OutOfSync',
      health: { status: 'Missing' },
    });
    expect(run.live('ConfigMap', 'cm-2')).toBeUndefined();
  });

  it('TestFixingDegradedApp: once both ConfigMaps say health Healthy in Git, cm-1 is OutOfSync, then the sync succeeds with two results', () => {
    const run = runYaml(fixed, {
      history: [broken],
      recordHistory: true,
      healthOverrides: healthOverrides(),
    });
    const before = eventsOf(run.events, 'operation').filter((e) => e.t < 0 && e.phase !== 'Running');
    expect(before.map((e) => e.phase)).toEqual(['Failed']);
    // Refresh(RefreshTypeNormal) before the second sync: the new annotation makes the live cm-1 OutOfSync.
    // The sandbox's refresh is the baseline at t 0, written before the second operation starts.
    const secondStart = run.events.findIndex((e) => e.type === 'operation' && e.t >= 0);
    const refreshed = run.events.slice(0, secondStart).filter((e) => e.t >= 0);
    const cm1Status = eventsOf(refreshed, 'sync-status').filter((e) => e.name === 'cm-1');
    expect(cm1Status.at(-1)?.status).toBe('OutOfSync');
    expect(run.op.phase).toBe('Succeeded');
    expect(run.sync).toBe('Synced');
    expect(run.health).toBe('Healthy');
    expect(run.rows.map((r) => `${r.kind}/${r.name}`)).toEqual(['ConfigMap/cm-1', 'ConfigMap/cm-2']);
    for (const name of ['cm-1', 'cm-2']) {
      expect(run.resource('ConfigMap', name)).toMatchObject({
        status: 'Synced',
        health: { status: 'Healthy' },
      });
    }
    // The test's last check, that the app's health lastTransitionTime moved: the app turned Healthy after the
    // first sync left it Degraded (the sandbox's Application has no health.lastTransitionTime; its app events do).
    const health = eventsOf(run.events, 'app').map((e) => [e.t >= 0 ? 'second' : 'first', e.health]);
    expect(health).toContainEqual(['first', 'Degraded']);
    expect(health.at(-1)).toEqual(['second', 'Healthy']);
  });
});
