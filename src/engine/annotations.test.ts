import { describe, expect, it } from 'vitest';
import { annotationSyncOptions, hasAnnotationOption, optionValue, splitCsv } from './annotations';
import type { KubeObject } from './types';

describe('splitCsv', () => {
  it('trims items, drops empty ones and removes duplicates', () => {
    expect(splitCsv(' PreSync, ,PostSync,PreSync ,')).toEqual(['PreSync', 'PostSync']);
  });

  it('gives nothing for a missing or empty value', () => {
    expect(splitCsv(undefined)).toEqual([]);
    expect(splitCsv('')).toEqual([]);
  });
});

describe('sync options', () => {
  const obj: KubeObject = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', annotations: { [annotationSyncOptions]: 'Prune=false, Replace=true' } },
  };

  it('matches a whole option after trimming, not a prefix', () => {
    expect(hasAnnotationOption(obj, annotationSyncOptions, 'Replace=true')).toBe(true);
    expect(hasAnnotationOption(obj, annotationSyncOptions, 'Replace')).toBe(false);
  });

  it('finds a Key=Value option by its key', () => {
    expect(optionValue(['PruneLast=true', 'Prune=confirm'], 'Prune')).toBe('confirm');
    expect(optionValue(['PruneLast=true'], 'Prune')).toBeUndefined();
  });
});
