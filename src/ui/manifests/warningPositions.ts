/** A warning about the edited text at a 1-based line and column, for the editor to mark. */
export interface PositionedWarning {
  line: number;
  column: number;
  message: string;
}

/**
 * The reader's warnings (`file:line:column: message`, manifests.ts) that are about `file`, the text in the editor,
 * with their positions, so that the editor marks each where it is (a field the API server will refuse at sync, a
 * duplicate key). Warnings about other files, or without a position, are left to the notes under the order.
 *
 * @example
 * warningPositions(['web (edited):6:13: spec.replicas: …'], 'web (edited)');
 * // [{ line: 6, column: 13, message: 'spec.replicas: …' }]
 */
export function warningPositions(warnings: readonly string[], file: string): PositionedWarning[] {
  const prefix = `${file}:`;
  const found: PositionedWarning[] = [];
  for (const warning of warnings) {
    if (!warning.startsWith(prefix)) continue;
    const m = /^(\d+):(\d+): (.*)$/s.exec(warning.slice(prefix.length));
    if (m) found.push({ line: Number(m[1]), column: Number(m[2]), message: m[3] });
  }
  return found;
}
