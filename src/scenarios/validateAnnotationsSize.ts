import type { JsonAny } from '../engine';
import type { ObjectIssue } from './objectIssue';

/** apimachinery `TotalAnnotationSizeLimitB`: the keys and values of all of one object's annotations, in bytes. */
export const totalAnnotationSizeLimitB = 256 * 1024;

/**
 * apimachinery's `ValidateAnnotationsSize` (pkg/api/validation/objectmeta.go): the API server refuses an object
 * whose annotations' keys and values add up to more than 256 KiB, in the words Argo CD itself looks for
 * (util/argo/argo.go: "metadata.annotations: Too long: must have at most 262144 bytes"). An annotation of
 * 3 MiB was accepted.
 */
export function validateAnnotationsSize(metadata: JsonAny): ObjectIssue | null {
  const annotations: unknown = metadata?.annotations;
  if (annotations === null || typeof annotations !== 'object' || Array.isArray(annotations)) return null;
  const encoder = new TextEncoder();
  let total = 0;
  for (const [key, value] of Object.entries(annotations as Record<string, unknown>)) {
    total += encoder.encode(key).length + (typeof value === 'string' ? encoder.encode(value).length : 0);
    if (total > totalAnnotationSizeLimitB)
      return {
        path: ['metadata', 'annotations'],
        message: `metadata.annotations: Too long: must have at most ${totalAnnotationSizeLimitB} bytes`,
      };
  }
  return null;
}
