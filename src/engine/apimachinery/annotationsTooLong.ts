/** apimachinery `TotalAnnotationSizeLimitB` (pkg/api/validation/objectmeta.go): 256 KiB of keys and values. */
export const totalAnnotationSizeLimitB = 256 * 1024;

/**
 * The API server's refusal of an object whose annotations' keys and values add up to more than 256 KiB
 * (apimachinery `ValidateAnnotationsSize`, `field.TooLong(fldPath, "", TotalAnnotationSizeLimitB)`), in the words
 * Argo CD itself looks for (util/argo/argo.go: "metadata.annotations: Too long: must have at most 262144 bytes"),
 * or undefined. The engine's writers use it for objects no reader saw, such as an ApplicationSet's generated
 * Applications (the input readers check written objects with scenarios/validateAnnotationsSize.ts).
 */
export function annotationsTooLong(annotations: Record<string, unknown> | undefined): string | undefined {
  if (!annotations) return undefined;
  const encoder = new TextEncoder();
  let total = 0;
  for (const [key, value] of Object.entries(annotations)) {
    total += encoder.encode(key).length + (typeof value === 'string' ? encoder.encode(value).length : 0);
    if (total > totalAnnotationSizeLimitB)
      return `metadata.annotations: Too long: must have at most ${totalAnnotationSizeLimitB} bytes`;
  }
  return undefined;
}
