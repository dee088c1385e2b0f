// Tests are not engine code: they read the fixture files and parse them as `sim health` does.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseManifests } from '../../scenarios/manifests';
import { applyDefaults } from '../cluster/defaults';
import type { KubeObject } from '../types';
import { healthOf } from './healthOf';
import { podHealth } from './pod';

/**
 * gitops-engine's `health_test.go` style: one fixture file per branch of every check of argocd-semantics.md §3,
 * each carrying the expected status and message in two annotations. `null` means "no health check".
 */
const fixtureDir = new URL('../../../test/fixtures/health/', import.meta.url);
const fixtures = readdirSync(fixtureDir)
  .filter((f) => f.endsWith('.yaml'))
  .sort();

function loadFixture(file: string): KubeObject {
  const parsed = parseManifests(readFileSync(new URL(file, fixtureDir), 'utf8'), file);
  expect(parsed).toHaveLength(1);
  return parsed[0].object;
}

describe('health fixtures (test/fixtures/health)', () => {
  it('has a fixture for every kind with a check', () => {
    const prefixes = new Set(fixtures.map((f) => f.split('-')[0].replace('.yaml', '')));
    for (const kind of [
      'deployment',
      'statefulset',
      'daemonset',
      'replicaset',
      'pod',
      'job',
      'cronjob',
      'pvc',
    ]) {
      expect(prefixes).toContain(kind);
    }
    for (const kind of ['svc', 'ingress', 'hpa', 'apiservice', 'workflow']) expect(prefixes).toContain(kind);
  });

  for (const file of fixtures) {
    it(file, () => {
      const object = loadFixture(file);
      const annotations = object.metadata.annotations ?? {};
      const status = annotations['sandbox.test/expect-status'];
      const message = annotations['sandbox.test/expect-message'];
      expect(status, 'sandbox.test/expect-status').toBeTypeOf('string');
      expect(message, 'sandbox.test/expect-message').toBeTypeOf('string');
      const health = healthOf(applyDefaults(object));
      if (status === 'null') expect(health).toBeNull();
      else expect(health).toEqual({ status, message });
    });
  }
});

describe('healthOf', () => {
  it('treats a pod as a hook when told so, even without the hook annotation', () => {
    const worker = applyDefaults(loadFixture('pod-running-restart-never-with-ignore-annotation.yaml'));
    expect(healthOf(worker)?.status).toBe('Healthy');
    expect(healthOf(worker, { isHook: true })?.status).toBe('Progressing');
  });

  it('lets isHook: false override the hook annotation', () => {
    const hook = applyDefaults(loadFixture('pod-running-restart-never-hook-with-ignore-annotation.yaml'));
    expect(healthOf(hook, { isHook: false })?.status).toBe('Healthy');
  });

  it('needs the API server defaults: a ready pod without restartPolicy is Unknown until defaulted', () => {
    const pod = loadFixture('pod-running-restart-always.yaml');
    delete pod.spec.restartPolicy;
    expect(podHealth(pod, false).status).toBe('Unknown');
    expect(healthOf(applyDefaults(pod))?.status).toBe('Healthy');
  });

  it('skips the replicas rule of a Deployment whose spec.replicas is unset', () => {
    const deployment = loadFixture('deployment-updating.yaml');
    delete deployment.spec.replicas;
    expect(healthOf(deployment)).toEqual({
      status: 'Progressing',
      message: 'Waiting for rollout to finish: 3 old replicas are pending termination...',
    });
  });

  it('does not change the object it assesses', () => {
    const job = loadFixture('job-failed.yaml');
    const before = JSON.stringify(job);
    healthOf(job);
    expect(JSON.stringify(job)).toBe(before);
  });
});
