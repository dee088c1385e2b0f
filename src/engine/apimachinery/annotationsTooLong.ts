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
  let total = 0;
  for (const [key, value] of Object.entries(annotations)) {
    total += utf8Length(key) + (typeof value === 'string' ? utf8Length(value) : 0);
    if (total > totalAnnotationSizeLimitB)
      return `metadata.annotations: Too long: must have at most ${totalAnnotationSizeLimitB} bytes`;
  }
  return undefined;
}

/** The bytes of a string in UTF-8, as Go counts a string's length (the engine has no TextEncoder: no DOM). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      // A surrogate pair is one character of four bytes.
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
