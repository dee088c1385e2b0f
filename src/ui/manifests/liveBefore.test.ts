import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../engine';
import { findLive, liveBefore } from './liveBefore';

const options = {
  namespace: 'demo',
  revision: 'v1',
  startedAt: 1767225600,
  prune: false,
  dryRun: false,
  syncOptions: [],
  pruneConfirmed: false,
};

const configMap = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } });
const hook = (name: string, phase: string, policy?: string): KubeObject => ({
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: {
    name,
    annotations: {
      'argocd.argoproj.io/hook': phase,
      ...(policy ? { 'argocd.argoproj.io/hook-delete-policy': policy } : {}),
    },
  },
});
const names = (objects: KubeObject[]) => objects.map((o) => `${o.kind}/${o.metadata.name}`).sort();

describe('liveBefore', () => {
  it('is empty without history', () => {
    expect(liveBefore([], options)).toEqual({ managed: [], all: [] });
  });

  it('keeps what earlier syncs applied, in the destination namespace', () => {
    const { managed } = liveBefore([[configMap('a')], [configMap('b')]], options);
    expect(names(managed)).toEqual(['ConfigMap/a', 'ConfigMap/b']);
    expect(managed.every((o) => o.metadata.namespace === 'demo')).toBe(true);
  });

  it('drops what a sync with prune removed', () => {
    const { managed } = liveBefore([[configMap('a')], [configMap('b')]], { ...options, prune: true });
    expect(names(managed)).toEqual(['ConfigMap/b']);
  });

  it('keeps hooks unless HookSucceeded deleted them; SyncFail hooks never ran', () => {
    const history = [
      [hook('migrate', 'PreSync'), hook('smoke', 'PostSync', 'HookSucceeded'), hook('notify', 'SyncFail')],
    ];
    expect(names(liveBefore(history, options).managed)).toEqual(['Job/migrate']);
  });

  it("knows the namespace CreateNamespace=true made without counting it as the app's", () => {
    const live = liveBefore([[configMap('a')]], { ...options, syncOptions: ['CreateNamespace=true'] });
    expect(names(live.managed)).toEqual(['ConfigMap/a']);
    expect(findLive(live.all, { group: '', kind: 'Namespace', namespace: '', name: 'demo' })).toBeDefined();
  });
});
