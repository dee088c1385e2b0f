// Tests are not engine code: they read the fixture files and parse them as `sim health` does.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseManifests } from '../../scenarios/manifests';
import { applyDefaults } from '../cluster/defaults';
import { refOf } from '../cluster/gvk';
import type { HealthStatus, HealthStatusCode, KubeObject } from '../types';
import { appHealth, type AppHealthInput } from './appHealth';
import { healthOf } from './healthOf';

const fixtureDir = new URL('../../../test/fixtures/health/', import.meta.url);

function fixture(file: string, name?: string, annotations: Record<string, string> = {}): KubeObject {
  const object = applyDefaults(
    parseManifests(readFileSync(new URL(file, fixtureDir), 'utf8'), file)[0].object,
  );
  if (name) object.metadata.name = name;
  object.metadata.annotations = { ...object.metadata.annotations, ...annotations };
  return object;
}

/** A live managed resource, assessed with healthOf. */
function live(object: KubeObject, extra: Partial<AppHealthInput> = {}): AppHealthInput {
  return { ...refOf(object), live: object, health: healthOf(object), ...extra };
}

/** A resource in Git that is not in the cluster. */
function missing(kind: string, name: string, group = ''): AppHealthInput {
  return { group, kind, namespace: 'default', name, health: null };
}

/** A child Application whose health comes from the documented Application health Lua (§3.12). */
function childApp(status: HealthStatusCode): AppHealthInput {
  const object: KubeObject = {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name: 'foo', namespace: 'default' },
    status: { health: { status } },
  };
  const health: HealthStatus = { status, message: '' };
  return { ...refOf(object), live: object, health };
}

const runningPod = () => live(fixture('pod-running-restart-always.yaml', 'running-pod'));
const failedJob = (name = 'failed-job', annotations: Record<string, string> = {}, extra = {}) =>
  live(fixture('job-failed.yaml', name, annotations), extra);

describe('appHealth (argocd-semantics.md §1.8)', () => {
  it('case 77: a failed Job next to a running pod makes the app Degraded, naming the Job', () => {
    expect(appHealth([runningPod(), failedJob()])).toEqual({
      status: 'Degraded',
      message: 'Caused by batch/Job:default/failed-job',
    });
  });

  it('case 77: a live hook does not count', () => {
    const hook = failedJob('failed-job', { 'argocd.argoproj.io/hook': 'PreSync' }, { isHook: true });
    expect(appHealth([runningPod(), hook])).toEqual({ status: 'Healthy', message: '' });
  });

  it('case 77: ignore-healthcheck "true" leaves the resource out', () => {
    const ignored = failedJob('failed-job', { 'argocd.argoproj.io/ignore-healthcheck': 'true' });
    expect(appHealth([runningPod(), ignored]).status).toBe('Healthy');
  });

  it('counts ignore-healthcheck only when it is exactly "true"', () => {
    const notIgnored = failedJob('failed-job', { 'argocd.argoproj.io/ignore-healthcheck': 'yes' });
    expect(appHealth([runningPod(), notIgnored]).status).toBe('Degraded');
  });

  it('case 78: no resources → Healthy', () => {
    expect(appHealth([])).toEqual({ status: 'Healthy', message: '' });
  });

  it('case 78: only hooks → Healthy', () => {
    const hookPod = live(fixture('pod-running-restart-always.yaml', 'hook'), { isHook: true });
    expect(appHealth([hookPod]).status).toBe('Healthy');
  });

  it('case 78: a missing resource next to a live healthy one does not affect the app', () => {
    expect(appHealth([missing('Pod', 'not-yet'), runningPod()])).toEqual({ status: 'Healthy', message: '' });
  });

  it('case 78: every resource missing → Missing, with no causes', () => {
    expect(appHealth([missing('Pod', 'a'), missing('Deployment', 'b', 'apps')])).toEqual({
      status: 'Missing',
      message: '',
    });
  });

  it('case 78: every resource missing but a live hook → still Missing', () => {
    const hookPod = live(fixture('pod-running-restart-always.yaml', 'hook'), { isHook: true });
    expect(appHealth([missing('Pod', 'a'), hookPod]).status).toBe('Missing');
  });

  it('case 78: an Unknown child app next to a missing pod → Healthy', () => {
    expect(appHealth([childApp('Unknown'), missing('Pod', 'a')]).status).toBe('Healthy');
  });

  it('case 79: a Degraded child app makes the parent Degraded', () => {
    expect(appHealth([childApp('Degraded'), missing('Pod', 'a')])).toEqual({
      status: 'Degraded',
      message: 'Caused by argoproj.io/Application:default/foo',
    });
  });

  it('case 79: Missing or Unknown child apps do not affect the parent', () => {
    expect(appHealth([childApp('Missing')]).status).toBe('Healthy');
    expect(appHealth([childApp('Unknown')]).status).toBe('Healthy');
  });

  it('case 80: two failed Jobs are both named, the healthy pod is not', () => {
    expect(appHealth([runningPod(), failedJob('failed-job'), failedJob('failed-job-2')]).message).toBe(
      'Caused by batch/Job:default/failed-job, batch/Job:default/failed-job-2',
    );
  });

  it('case 80: more than three causes → the first three, then "and N more"', () => {
    const pods = Array.from({ length: 8 }, (_, i) => ({
      ...missing('Pod', `pod-${i}`),
      live: fixture('pod-crashloop.yaml', `pod-${i}`),
      health: { status: 'Degraded' as const, message: '' },
    }));
    expect(appHealth(pods).message).toBe(
      'Caused by Pod:default/pod-0, Pod:default/pod-1, Pod:default/pod-2 and 5 more',
    );
  });

  it('case 80: a cluster-scoped core object is named without group or namespace', () => {
    const pv: KubeObject = { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv-1' } };
    const input: AppHealthInput = { ...refOf(pv), live: pv, health: { status: 'Degraded', message: '' } };
    expect(appHealth([input]).message).toBe('Caused by PersistentVolume:pv-1');
  });

  it('takes the worst status, and only resources with that status as causes', () => {
    const progressing = live(fixture('deployment-updating.yaml', 'frontend'));
    const suspended = live(fixture('deployment-paused.yaml', 'paused'));
    expect(appHealth([suspended, progressing, runningPod()])).toEqual({
      status: 'Progressing',
      message: 'Caused by apps/Deployment:default/frontend',
    });
    expect(appHealth([progressing, failedJob()]).message).toBe('Caused by batch/Job:default/failed-job');
  });

  it('ignores kinds without a health check, skipped targets, ignored hooks and the app itself', () => {
    const configMap = live(fixture('configmap.yaml'));
    expect(configMap.health).toBeNull();
    expect(appHealth([configMap, runningPod()]).status).toBe('Healthy');
    expect(appHealth([failedJob('skipped', {}, { isSkipped: true })]).status).toBe('Healthy');
    expect(appHealth([failedJob('garbage-hook', {}, { isIgnored: true })]).status).toBe('Healthy');
    expect(appHealth([failedJob('self', {}, { isSelf: true }), runningPod()]).status).toBe('Healthy');
  });

  it('a skipped target does not count as an expected resource', () => {
    expect(appHealth([{ ...missing('Pod', 'skipped'), isSkipped: true }])).toEqual({
      status: 'Healthy',
      message: '',
    });
  });
});
