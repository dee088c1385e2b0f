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
  // The common cases answer from the texts alone, with an answer made once per text: a sync asks the wave of each
  // of its tasks on every tick (the 4,000-resource bench sync 70,209 times), and each answer was a new object and a
  // new list. A text that is not an integer takes the full path below, which words the warning.
  const found = obj.metadata.annotations;
  if (found === undefined) return noWave;
  const syncWave = found[annotationSyncWave];
  const known = syncWave !== undefined ? integerWave(syncWave) : integerWave(found[annotationHelmHookWeight]);
  if (known !== undefined) return known;
  return waveWithWarnings(obj);
}

/** A wave 0 without warning; shared, so read-only (as every answer of `waveOf`). */
const noWave: WaveOf = Object.freeze({ wave: 0 });

/** The answer for an integer wave text (`noWave` for no text), else undefined. */
function integerWave(text: string | undefined): WaveOf | undefined {
  if (text === undefined) return noWave;
  let known = integerWaves.get(text);
  if (known === undefined) {
    const wave = parseWave(text);
    if (wave === undefined) return undefined;
    known = Object.freeze({ wave });
    // Bounded, as the texts are the user's: past the bound an answer is made each time, as before.
    if (integerWaves.size < 1000) integerWaves.set(text, known);
  }
  return known;
}

const integerWaves = new Map<string, WaveOf>();

/** `waveOf` when a wave text is there but not an integer: it falls back and says why. */
function waveWithWarnings(obj: KubeObject): WaveOf {
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
