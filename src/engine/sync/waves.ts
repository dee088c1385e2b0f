import { annotationHelmHookWeight, annotationSyncWave } from '../annotations';
import type { KubeObject } from '../types';

export interface WaveOf {
  wave: number;
  /** Set when an annotation was present but not an integer, so the page can say why the wave fell back. */
  warning?: string;
}

/** Go's `strconv.Atoi` accepts an optional sign and decimal digits, nothing else (no spaces, no `1.0`). */
const integerPattern = /^[+-]?\d+$/;

function parseWave(text: string): number | undefined {
  if (!integerPattern.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

/**
 * The wave of an object (argocd-semantics.md §2.3): the integer `argocd.argoproj.io/sync-wave`, else the integer
 * `helm.sh/hook-weight` (for any object, hook or not), else 0. A present but non-integer value is ignored
 * silently by Argo CD; we fall back the same way and also return a warning the caller can show.
 */
export function waveOf(obj: KubeObject): WaveOf {
  const annotations = obj.metadata.annotations ?? {};
  const warnings: string[] = [];
  for (const key of [annotationSyncWave, annotationHelmHookWeight]) {
    const text = annotations[key];
    if (text === undefined) continue;
    const wave = parseWave(text);
    if (wave !== undefined) return warnings.length ? { wave, warning: warnings[0] } : { wave };
    warnings.push(`${describe(obj)}: ${key} "${text}" is not an integer, so it is ignored`);
  }
  return warnings.length ? { wave: 0, warning: warnings.join('; ') } : { wave: 0 };
}

function describe(obj: KubeObject): string {
  const name = obj.metadata.name || obj.metadata.generateName || '';
  return `${obj.kind}/${name}`;
}
