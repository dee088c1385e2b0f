/**
 * JSON for a terminal: `JSON.stringify` escapes the C0 controls but leaves DEL, the C1 controls (the
 * one-byte CSI `\u009b` among them) and the Unicode bidirectional overrides raw, so a name could still colour a
 * terminal or reorder what it shows. Those characters can only occur inside JSON strings, where `\uXXXX` is the
 * standard escape, so the output stays valid JSON and parses back to the same value.
 *
 * @example
 * safeJson({ name: 'a\u009b31mb' }); // '{"name":"a\\u009b31mb"}'
 */
export function safeJson(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(
    /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
