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

/**
 * Issue 28 (engine speed): a sync asks the wave of every task on every tick, so an integer text's answer is made
 * once and shared; the texts are read each time, so an annotation changed in place still gives its new wave.
 */
describe('waveOf answers made once per wave text', () => {
  it('shares the answer for one text and reads the text again each time', () => {
    const a = obj({ [annotationSyncWave]: '7' });
    expect(waveOf(a)).toBe(waveOf(obj({ [annotationSyncWave]: '7' })));
    a.metadata.annotations![annotationSyncWave] = '8';
    expect(waveOf(a)).toEqual({ wave: 8 });
    a.metadata.annotations![annotationSyncWave] = 'eight';
    expect(waveOf(a)).toEqual({
      wave: 0,
      warning: 'ConfigMap/cm: argocd.argoproj.io/sync-wave "eight" is not an integer, so it is ignored',
    });
    expect(waveOf({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } })).toEqual({ wave: 0 });
  });
});
