import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { healthOf } from '../engine/health/healthOf';
import type { KubeObject } from '../engine/types';
import { luaHealthOverrides } from '../lua/luaHealthOverrides';
import { readArgocdCm } from './readArgocdCm';

const fixture = (name: string) =>
  readFileSync(new URL(`../../test/fixtures/argocd-cm/${name}`, import.meta.url), 'utf8');
const overridesFrom = (name: string) => luaHealthOverrides(readArgocdCm(fixture(name), name));

const child = (status?: object): KubeObject =>
  ({
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name: 'child', namespace: 'argocd' },
    spec: {},
    ...(status ? { status } : {}),
  }) as KubeObject;

describe('argocd-cm health customizations through healthOf (argocd-semantics.md §3.0 rule 2, §3.12)', () => {
  const overrides = overridesFrom('application-health.yaml');

  it('the documented Application Lua surfaces a Healthy child', () => {
    const health = healthOf(child({ health: { status: 'Healthy' } }), { overrides });
    expect(health).toEqual({ status: 'Healthy', message: '' });
  });

  it('the documented Application Lua gives Progressing to a child with no status.health yet', () => {
    expect(healthOf(child(), { overrides })).toEqual({ status: 'Progressing', message: '' });
    expect(healthOf(child({ sync: { status: 'Synced' } }), { overrides })?.status).toBe('Progressing');
  });

  it('the documented Application Lua surfaces a Degraded child with its message', () => {
    const health = healthOf(
      child({ health: { status: 'Degraded', message: 'Deployment "api" exceeded its progress deadline' } }),
      {
        overrides,
      },
    );
    expect(health).toEqual({
      status: 'Degraded',
      message: 'Deployment "api" exceeded its progress deadline',
    });
  });

  it('without the customization an Application has no health (TestApplication)', () => {
    expect(healthOf(child({ health: { status: 'Degraded' } }))).toBeNull();
  });

  it('mirrors TestFixingDegradedApp: a ConfigMap is Degraded until it has a health annotation', () => {
    const degraded = overridesFrom('configmap-degraded.yaml');
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm-1' } } as KubeObject;
    expect(healthOf(cm, { overrides: degraded })).toEqual({ status: 'Degraded', message: '' });
    const fixed = { ...cm, metadata: { name: 'cm-1', annotations: { health: 'Healthy' } } } as KubeObject;
    expect(healthOf(fixed, { overrides: degraded })).toEqual({ status: 'Healthy', message: '' });
    // The core-group key `ConfigMap` does not apply to a kind of the same name in another group.
    expect(degraded.checkFor('example.com', 'ConfigMap')).toBeUndefined();
  });

  it('turns a runtime error into Unknown with the Lua message', () => {
    const cm = {
      data: { 'resource.customizations.health.apps_Deployment': 'return { status = obj.status.nope.x }' },
    };
    const overrides = luaHealthOverrides(
      readArgocdCm(
        `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: argocd-cm\ndata:\n  ${Object.keys(cm.data)[0]}: "${cm.data['resource.customizations.health.apps_Deployment']}"\n`,
        'cm.yaml',
      ),
    );
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'api' },
      status: {},
    } as KubeObject;
    expect(healthOf(deployment, { overrides })).toEqual({
      status: 'Unknown',
      message:
        "resource.customizations.health.apps_Deployment:1: attempt to index a nil value (field 'nope')",
    });
  });
});

describe('readArgocdCm', () => {
  it('names the file, the line and column of the key’s value and the Lua message for a script that does not parse', () => {
    expect(() => overridesFrom('syntax-error.yaml')).toThrow(
      "syntax-error.yaml:7:45: the health Lua of resource.customizations.health.ConfigMap does not parse: resource.customizations.health.ConfigMap:2: unexpected symbol near '='",
    );
  });

  it('reads the older resource.customizations block form', () => {
    const text = `apiVersion: v1
kind: ConfigMap
metadata:
  name: argocd-cm
data:
  resource.customizations: |
    cert-manager.io/Certificate:
      health.lua: |
        return { status = 'Suspended', message = 'from the block' }
`;
    const overrides = luaHealthOverrides(readArgocdCm(text, 'cm.yaml'));
    const cert = {
      apiVersion: 'cert-manager.io/v1',
      kind: 'Certificate',
      metadata: { name: 'c' },
    } as KubeObject;
    expect(healthOf(cert, { overrides })).toEqual({ status: 'Suspended', message: 'from the block' });
  });

  it('matches wildcard keys after exact ones, as Argo CD’s GetHealthScript does', () => {
    const text = `apiVersion: v1
kind: ConfigMap
metadata:
  name: argocd-cm
data:
  "resource.customizations.health.*.crossplane.io_*": "return { status = 'Suspended' }"
  resource.customizations.health.s3.crossplane.io_Bucket: "return { status = 'Healthy' }"
`;
    const overrides = luaHealthOverrides(readArgocdCm(text, 'cm.yaml'));
    const obj = (apiVersion: string, kind: string) =>
      ({ apiVersion, kind, metadata: { name: 'x' } }) as KubeObject;
    expect(healthOf(obj('s3.crossplane.io/v1', 'Bucket'), { overrides })?.status).toBe('Healthy');
    expect(healthOf(obj('ec2.crossplane.io/v1', 'VPC'), { overrides })?.status).toBe('Suspended');
  });

  it('refuses a file without argocd-cm, and an unknown customization type, with positions', () => {
    expect(() =>
      readArgocdCm('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: other\n', 'x.yaml'),
    ).toThrow('x.yaml:1:1: no ConfigMap named argocd-cm in this file');
    expect(() =>
      readArgocdCm(
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: argocd-cm\ndata:\n  resource.customizations.colour.ConfigMap: red\n',
        'x.yaml',
      ),
    ).toThrow('x.yaml:6:45: resource customization type colour not supported');
  });
});
