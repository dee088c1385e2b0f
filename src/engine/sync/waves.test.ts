import { describe, expect, it } from 'vitest';
import { annotationHelmHookWeight, annotationSyncWave } from '../annotations';
import type { KubeObject } from '../types';
import { waveOf } from './waves';

function obj(annotations: Record<string, string> = {}): KubeObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', annotations } };
}

// gitops-engine pkg/sync/syncwaves/waves_test.go and hook/helm/weight_test.go (4.1 #6).
describe('4.1 #6 waves_test and weight_test', () => {
  it('TestWave: no annotation is wave 0; sync-wave, else helm.sh/hook-weight, gives the wave', () => {
    expect(waveOf(obj())).toEqual({ wave: 0 });
    expect(waveOf(obj({ [annotationSyncWave]: '1' })).wave).toBe(1);
    expect(waveOf(obj({ [annotationHelmHookWeight]: '1' })).wave).toBe(1);
  });

  it('TestWeight (helm): helm.sh/hook-weight "1" is 1, none is 0', () => {
    expect(waveOf(obj({ [annotationHelmHookWeight]: '1' }))).toEqual({ wave: 1 });
    expect(waveOf(obj())).toEqual({ wave: 0 });
  });

  it('negative waves work', () => {
    expect(waveOf(obj({ [annotationSyncWave]: '-5' })).wave).toBe(-5);
  });
});

describe('non-integer waves (§2.3)', () => {
  it('fall back to the Helm weight and say so', () => {
    const result = waveOf(obj({ [annotationSyncWave]: 'one', [annotationHelmHookWeight]: '3' }));
    expect(result.wave).toBe(3);
    expect(result.warning).toBe(
      'ConfigMap/cm: argocd.argoproj.io/sync-wave "one" is not an integer, so it is ignored',
    );
  });

  it('fall back to 0 when nothing parses, as Go strconv.Atoi rejects "1.5" and " 2"', () => {
    expect(waveOf(obj({ [annotationSyncWave]: '1.5' })).wave).toBe(0);
    expect(waveOf(obj({ [annotationSyncWave]: ' 2' })).wave).toBe(0);
    expect(waveOf(obj({ [annotationSyncWave]: '+2' }))).toEqual({ wave: 2 });
  });
});
