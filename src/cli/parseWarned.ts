import { escapeControl } from '../engine';
import { parseManifests, type ParsedObject } from '../scenarios/manifests';
import type { CommandIo } from './command';

/**
 * A file's objects, its warnings printed on stderr as every `sim` command prints them (control characters
 * escaped): problems Argo CD tolerates, and a field the API server cannot decode (the reader reads it, the sync
 * fails on it), named at its file:line:col before the run.
 */
export function parseWarned(
  io: CommandIo,
  text: string,
  file: string,
  options: { requireName?: boolean } = {},
): ParsedObject[] {
  const warnings: string[] = [];
  const parsed = parseManifests(text, file, { ...options, warnings });
  for (const w of warnings) io.stderr(`warning: ${escapeControl(w)}\n`);
  return parsed;
}
