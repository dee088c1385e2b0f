import { describe, expect, it } from 'vitest';
import { annotationHelmHookWeight, annotationSyncWave } from '../annotations';
import type { KubeObject } from '../types';
import { waveOf } from './waves';

function obj(annotations: Record<string, string> = {}): KubeObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', annotations } };
}

describe('4.1 #6 waves_test and weight_test', () => {
  it('no annotation is wave 0', () => {
    expect(waveOf(obj())).toEqual({ wave: 0 });
  });

  it('sync-wave "1" is wave 1, and negative waves work', () => {
    expect(waveOf(obj({ [annotationSyncWave]: '1' })).wave).toBe(1);
    expect(waveOf(obj({ [annotationSyncWave]: '-5' })).wave).toBe(-5);
  });

  it('helm.sh/hook-weight is the wave when there is no sync-wave', () => {
    expect(waveOf(obj({ [annotationHelmHookWeight]: '1' })).wave).toBe(1);
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
