import { strToU8, zipSync, type Zippable } from 'fflate';
import type { ExportedFolder } from './exportScenario';

/** A fixed date for every entry, so the same export zips to the same bytes. */
const entryTime = new Date('2026-01-01T00:00:00Z');

/**
 * An export as a .zip, every file under the export's folder name; the scripts keep their executable mode
 * (Unix attributes in the central directory, which `unzip` applies).
 */
export function zipExport(folder: ExportedFolder): Uint8Array {
  const entries: Zippable = {};
  for (const file of folder.files) {
    entries[`${folder.name}/${file.path}`] = [
      strToU8(file.text),
      { os: 3, attrs: (file.executable ? 0o100755 : 0o100644) << 16, mtime: entryTime },
    ];
  }
  return zipSync(entries, { level: 6 });
}
