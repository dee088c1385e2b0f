import { strFromU8, unzipSync } from 'fflate';
import type { OwnFile } from './ownAppScenario';

/** The most a .zip may unpack to: the reader's limit for a run's input is a few MiB; this leaves room. */
const maxUnpackedBytes = 16 * 1024 * 1024;

/**
 * The YAML and JSON files of a .zip (fflate, in the browser: nothing leaves the page), paths relative to the
 * zip's one top folder when it has one. A zip that would unpack past 16 MiB is refused before it is.
 */
export function filesFromZip(bytes: Uint8Array): OwnFile[] {
  let total = 0;
  const entries = unzipSync(bytes, {
    filter: (file) => {
      if (!/\.(ya?ml|json)$/i.test(file.name) || file.name.startsWith('__MACOSX/')) return false;
      total += file.originalSize;
      if (total > maxUnpackedBytes) throw new Error('the .zip unpacks to more than 16 MiB');
      return true;
    },
  });
  const files = Object.entries(entries).map(([path, data]) => ({ path, text: strFromU8(data) }));
  return withoutCommonFolder(files);
}

/** Paths without the one folder every file is in (a zipped folder, or a dropped one). */
export function withoutCommonFolder(files: OwnFile[]): OwnFile[] {
  const first = files[0]?.path.split('/')[0];
  if (!first || !files.every((f) => f.path.startsWith(`${first}/`))) return files;
  return files.map((f) => ({ ...f, path: f.path.slice(first.length + 1) }));
}
