/**
 * controller/health_test.go, case by case: the application controller's `setApplicationHealth` folds its managed
 * resources into the app's health (argocd-semantics.md §1.8). The sandbox's fold is `appHealth`; what the Go test
 * builds as a `managedResource` (Live, Target, hook annotations) is built here with the same fixtures
 * (controller/testdata job-failed.yaml and pod-running-restart-always.yaml are test/fixtures/health's).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseManifests } from '../../scenarios/manifests';
import { applyDefaults } from '../cluster/defaults';
import { refOf } from '../cluster/gvk';
import { isHook } from '../sync';
import type { HealthStatusCode, KubeObject } from '../types';
import { appHealth, type AppHealthInput } from './appHealth';
import { healthOf } from './healthOf';

const fixtureDir = new URL('../../../test/fixtures/health/', import.meta.url);
// Each fixture is read and parsed once; every use gets its own copy.
const parsed = new Map<string, KubeObject>();
const read = (file: string, name: string, annotations?: Record<string, string>): KubeObject => {
  if (!parsed.has(file))
    parsed.set(
      file,
      applyDefaults(parseManifests(readFileSync(new URL(file, fixtureDir), 'utf8'), file)[0].object),
    );
  const object = structuredClone(parsed.get(file)!);
  object.metadata.name = name;
  object.metadata.namespace = 'default';
  if (annotations) object.metadata.annotations = { ...object.metadata.annotations, ...annotations };
  return object;
};
/** A managedResource with a live object: the controller reads its hook annotations from the live object. */
const live = (object: KubeObject): AppHealthInput => ({
  ...refOf(object),
  live: object,
  health: healthOf(object),
  isHook: isHook(object),
});
/** A managedResource with only a Target: in Git, not in the cluster. */
const target = (object: KubeObject): AppHealthInput => ({ ...refOf(object), health: null });
const pod = (name: string, annotations?: Record<string, string>) =>
  read('pod-running-restart-always.yaml', name, annotations);
const job = (name: string, annotations?: Record<string, string>) =>
  read('job-failed.yaml', name, annotations);

describe('controller/health_test.go setApplicationHealth', () => {
  it('TestSetApplicationHealth: a failed Job beside a running pod is Degraded; as a PreSync hook or with ignore-healthcheck it does not count', () => {
    expect(appHealth([live(pod('running-pod')), live(job('failed-job'))])).toEqual({
      status: 'Degraded',
      message: 'Caused by batch/Job:default/failed-job',
    });
    const hook = job('failed-job', { 'argocd.argoproj.io/hook': 'PreSync' });
    expect(appHealth([live(pod('running-pod')), live(hook)])).toEqual({ status: 'Healthy', message: '' });
    const ignored = job('failed-job', { 'argocd.argoproj.io/ignore-healthcheck': 'true' });
    expect(appHealth([live(pod('running-pod')), live(ignored)])).toEqual({ status: 'Healthy', message: '' });
  });

  it('TestSetApplicationHealth_NoResource: no resources is Healthy, with no causes', () => {
    expect(appHealth([])).toEqual({ status: 'Healthy', message: '' });
  });

  it('TestSetApplicationHealth_OnlyHooks: an app whose only resource is a live Sync hook is Healthy', () => {
    const hook = pod('pod', { 'argocd.argoproj.io/hook': 'Sync' });
    expect(appHealth([live(hook)])).toEqual({ status: 'Healthy', message: '' });
  });

  it('TestSetApplicationHealth_MissingResource: a missing pod beside a live one does not affect the app', () => {
    expect(appHealth([target(pod('pod')), live(pod('pod2'))])).toEqual({ status: 'Healthy', message: '' });
  });

  it('TestSetApplicationHealth_MissingResource_WithIgnoreHealthcheck: the live one ignored, the missing one still not counted: Healthy', () => {
    const ignored = pod('pod2', { 'argocd.argoproj.io/ignore-healthcheck': 'true' });
    expect(appHealth([target(pod('pod')), live(ignored)])).toEqual({ status: 'Healthy', message: '' });
  });

  it('TestSetApplicationHealth_AllMissingResources: every resource missing is Missing, with no causes', () => {
    expect(appHealth([target(pod('pod')), target(pod('pod2'))])).toEqual({ status: 'Missing', message: '' });
  });

  it('TestSetApplicationHealth_AllMissingResources_WithHooks: a live Sync hook does not make the missing app live', () => {
    const hook = pod('pod2', { 'argocd.argoproj.io/hook': 'Sync' });
    expect(appHealth([target(pod('pod')), live(hook)])).toEqual({ status: 'Missing', message: '' });
  });

  it('TestSetApplicationHealth_MultipleCauses: both failed Jobs are named, in order', () => {
    expect(appHealth([live(pod('running-pod')), live(job('failed-job')), live(job('failed-job-2'))])).toEqual(
      {
        status: 'Degraded',
        message: 'Caused by batch/Job:default/failed-job, batch/Job:default/failed-job-2',
      },
    );
  });

  it('TestFormatHealthCauses: one namespaced cause, a cluster-scoped core one, and eight truncated to three "and 5 more"', () => {
    const degraded = (group: string, kind: string, namespace: string, name: string): AppHealthInput => ({
      group,
      kind,
      namespace,
      name,
      live: { apiVersion: 'v1', kind, metadata: { name } },
      health: { status: 'Degraded', message: '' },
    });
    expect(appHealth([degraded('apps', 'Deployment', 'default', 'frontend')]).message).toBe(
      'Caused by apps/Deployment:default/frontend',
    );
    expect(appHealth([degraded('', 'PersistentVolume', '', 'pv-1')]).message).toBe(
      'Caused by PersistentVolume:pv-1',
    );
    const eight = appHealth(Array.from({ length: 8 }, (_, i) => degraded('', 'Pod', 'default', `pod-${i}`)));
    expect(eight.message).toBe(
      'Caused by Pod:default/pod-0, Pod:default/pod-1, Pod:default/pod-2 and 5 more',
    );
  });

  // The Go test sets each new status with a Pod health Lua override; the override's result is what the fold reads
  // (the sandbox runs such Lua in src/lua, tested there), so it is given here as the pod's health.
  it.each<[HealthStatusCode, HealthStatusCode]>([
    ['Unknown', 'Degraded'],
    ['Degraded', 'Progressing'],
    ['Missing', 'Progressing'],
    ['Progressing', 'Suspended'],
    ['Suspended', 'Healthy'],
  ])(
    'TestSetApplicationHealth_HealthImproves: %s to %s is taken as it is, the pod its cause',
    (_old, now) => {
      const running = { ...live(pod('running-pod')), health: { status: now, message: '' } };
      expect(appHealth([running])).toEqual({
        status: now,
        message: now === 'Healthy' ? '' : 'Caused by Pod:default/running-pod',
      });
    },
  );

  // controller/state_test.go: a Deployment `demo` with no status (the Go test builds an empty appsv1.Deployment).
  const demo = (): KubeObject => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'demo', namespace: 'default' },
  });

  it('TestSetHealth (state_test.go): an extra live Deployment with no status leaves the app Healthy', () => {
    expect(appHealth([live(demo())])).toEqual({ status: 'Healthy', message: '' });
  });
});
