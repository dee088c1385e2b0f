import type { ParsedObject } from './manifests';
import type { PlatformToggle } from './platformScenario';
import { readToggleAnnotations } from './toggleAnnotations';

/**
 * A one-Application scenario's `toggles:`. A toggle makes a workload fail (`fail: job/name`) or changes annotations
 * of the synced revision (`annotate:`, toggleAnnotations.ts), or both. `fail` refuses a toggle at the `toggles:`
 * block, with the index and the key that is wrong. A platform scenario's toggles are parsePlatformToggles's
 * (platformScenario.ts).
 */
export function readToggles(
  value: unknown,
  synced: readonly ParsedObject[],
  fail: (message: string) => never,
): PlatformToggle[] {
  return ((value ?? []) as unknown[]).map((t, i) => {
    const toggle = t as Record<string, unknown>;
    const hasFail = typeof toggle?.fail === 'string';
    if (typeof toggle?.id !== 'string' || (!hasFail && toggle.annotate === undefined)) {
      fail(
        `toggles[${i}] needs an id and a fail target like job/name, or annotate: { Kind/name: { key: value } }`,
      );
    }
    for (const key of Object.keys(toggle ?? {}))
      if (!['id', 'label', 'fail', 'annotate'].includes(key))
        fail(`toggles[${i}].${key} is not a toggle setting here (one of: id, label, fail, annotate)`);
    const base = { id: String(toggle.id), label: String(toggle.label ?? toggle.id) };
    if (toggle.annotate === undefined) return { ...base, fail: String(toggle.fail) };
    const annotate = readToggleAnnotations(toggle.annotate, synced, `toggles[${i}]`);
    if ('error' in annotate) return fail(annotate.error as string);
    return { ...base, ...(hasFail ? { fail: String(toggle.fail) } : {}), annotate };
  });
}
