import { describe, expect, it } from 'vitest';
import { parseManifests } from './manifests';
import { totalAnnotationSizeLimitB } from './validateAnnotationsSize';

// An annotation of 3 MiB was accepted. Kubernetes (apimachinery ValidateAnnotationsSize) refuses an
// object whose annotations add up to more than 256 KiB, keys included; Argo CD matches that message (util/argo/argo.go).
const withAnnotations = (annotations: string) =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\n  annotations:\n${annotations}data: {}\n`;

const failure = (text: string) => {
  try {
    parseManifests(text, 'cm.yaml');
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
};

describe('annotations over 256 KiB in total (ValidateAnnotationsSize)', () => {
  it('refuses an annotation of 3 MiB with Kubernetes own message, at the annotations', () => {
    expect(failure(withAnnotations(`    a: ${'x'.repeat(3 * 1024 * 1024)}\n`))).toBe(
      'cm.yaml:6:5: metadata.annotations: Too long: must have at most 262144 bytes',
    );
  });

  it('counts keys and values of every annotation together, in UTF-8 bytes', () => {
    // Two values of 128 KiB, with their one-byte keys: two bytes over.
    const half = 'x'.repeat(totalAnnotationSizeLimitB / 2);
    expect(failure(withAnnotations(`    a: ${half}\n    b: ${half}\n`))).toContain('Too long');
    // 87,382 three-byte characters are 262,146 bytes: over, though fewer than 262,144 UTF-16 units.
    expect(failure(withAnnotations(`    a: ${'€'.repeat(87_382)}\n`))).toContain('Too long');
  });

  it('accepts annotations of exactly 256 KiB', () => {
    const value = 'x'.repeat(totalAnnotationSizeLimitB - 1);
    expect(failure(withAnnotations(`    a: ${value}\n`))).toBe('accepted');
  });
});
