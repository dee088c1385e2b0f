import { parseDocument } from 'yaml';
import { InputError, type InputPosition } from '../engine';
import { ignoreDifferencesRefusal } from './ignoreDifferencesRefusal';

/**
 * The older single-key form: `resource.customizations` holds YAML keyed `<group>/<kind>` with a `health.lua`
 * string. Its scripts are placed at the block's own position (the value is one string in argocd-cm).
 */
export function blockCustomizations(
  value: string | undefined,
  position: InputPosition | undefined,
): Record<string, { source: string; position?: InputPosition }> | undefined {
  if (value === undefined) return undefined;
  const here = position ?? { file: 'argocd-cm', line: 1, column: 1 };
  const doc = parseDocument(value, { prettyErrors: false, logLevel: 'error' });
  if (doc.errors.length > 0) {
    throw new InputError(`resource.customizations is not valid YAML: ${doc.errors[0].message}`, here);
  }
  const parsed: unknown = doc.toJS({ maxAliasCount: 100 });
  const result: Record<string, { source: string; position?: InputPosition }> = {};
  if (parsed === null || typeof parsed !== 'object') return result;
  for (const [groupKind, entry] of Object.entries(parsed as Record<string, unknown>)) {
    if ((entry as Record<string, unknown> | null)?.ignoreDifferences !== undefined)
      throw new InputError(ignoreDifferencesRefusal(`resource.customizations ${groupKind}`), here);
    const lua = (entry as Record<string, unknown> | null)?.['health.lua'];
    if (typeof lua === 'string') result[groupKind] = { source: lua, position: here };
  }
  return result;
}
