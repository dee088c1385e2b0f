import { isInputError } from '../../engine';
import { maxOwnAppFiles } from '../../ownApp/ownAppLimits';
import type { OwnFile } from '../../ownApp/ownAppScenario';
import { thousands } from '../../text/thousands';

/** The most a drop may hold before it is read: more than the sandbox reads in a run (a few MiB), with room. */
export const maxDroppedBytes = 16 * 1024 * 1024;

const readable = /\.(ya?ml|json)$/i;
const zipped = /\.zip$/i;

/** What a drop or a file picker gave: its files (paths inside the dropped folder) and a name for it. */
export interface Dropped {
  files: OwnFile[];
  /** The dropped folder's or file's name, as the page says where the app came from. */
  source: string;
  /** The folder the files' paths start from, when they came in one (a folder or a .zip): its name, else ''. */
  folder?: string;
}

/**
 * The files of a drop on the page: a folder (walked through the entries API, as Chromium, Firefox and Safari give
 * a dropped folder), a .zip (unpacked by fflate, in the page), or YAML and JSON files. Other files are skipped:
 * a chart's README or a .helmignore is not an object. Throws an Error with a sentence for the page.
 */
export async function readDataTransfer(data: DataTransfer): Promise<Dropped> {
  const { files, source } = await droppedEntries(data);
  return readEntries(files, source);
}

/** The files of a drop, not yet read: what the own-app worker reads (ownAppReading.ts). */
export interface DroppedEntries {
  files: { path: string; file: File }[];
  source: string;
}

/**
 * The files of a drop on the page, found but not read: a dropped folder is walked through the entries API (its
 * callbacks keep the page responsive); the reading is the worker's.
 */
export async function droppedEntries(data: DataTransfer): Promise<DroppedEntries> {
  const entries = [...data.items]
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.())
    .filter((entry): entry is FileSystemEntry => !!entry);
  // A DataTransfer made by a script (and some browsers' drops) has files without entries: read them as picked.
  if (entries.length === 0 || entries.every((e) => e.isFile)) return pickedEntries([...data.files]);
  const files: { path: string; file: File }[] = [];
  for (const entry of entries) await walk(entry, files);
  return { files, source: entries.length === 1 ? entries[0].name : 'dropped files' };
}

/**
 * The files a file picker gave (a folder picked with `webkitdirectory` has `webkitRelativePath` set), or a
 * script's DataTransfer: a .zip is unpacked, YAML and JSON read, the rest skipped.
 */
export function readFiles(list: readonly File[]): Promise<Dropped> {
  const { files, source } = pickedEntries(list);
  return readEntries(files, source);
}

/** The files a file picker gave, not yet read, named as readFiles names them. */
export function pickedEntries(list: readonly File[]): DroppedEntries {
  const files = list.map((file) => ({ path: file.webkitRelativePath || file.name, file }));
  const top = files[0]?.path.split('/')[0] ?? 'dropped files';
  return {
    files,
    source: files.length === 1 || files.every((f) => f.path.startsWith(`${top}/`)) ? top : 'dropped files',
  };
}

/**
 * Reads found files: each .zip unpacked, YAML and JSON read, the rest skipped; `onProgress` hears after each file
 * how many of the wanted ones are read. Throws an Error with a sentence for the page.
 */
export async function readEntries(
  files: { path: string; file: File }[],
  source: string,
  onProgress?: (done: number, total: number) => void,
): Promise<Dropped> {
  const wanted = files.filter((f) => readable.test(f.path) || zipped.test(f.path));
  const bytes = wanted.reduce((sum, f) => sum + f.file.size, 0);
  if (bytes > maxDroppedBytes)
    throw new Error(
      `The drop holds ${mib(bytes)} of YAML, JSON and .zip files; the sandbox reads at most ${mib(maxDroppedBytes)}.`,
    );
  if (wanted.length === 0) {
    // A packaged chart (.tgz) or a `Kustomization` file is not read, but says what to run (renderFirst.ts).
    const { renderFirst } = await import('../../scenarios/renderFirst');
    const unrendered = renderFirst(files, 'page');
    if (unrendered) throw unrendered;
    throw new Error('The drop holds no YAML, JSON or .zip file (.yaml, .yml, .json, .zip).');
  }
  // Counted before any file is read: reading 10,000 files first and counting after took 35 s.
  if (wanted.length > maxOwnAppFiles)
    throw new Error(
      `The drop holds ${thousands(wanted.length)} YAML, JSON and .zip files; the sandbox reads at most ${thousands(maxOwnAppFiles)}.`,
    );
  const plain: OwnFile[] = [];
  const unzipped: OwnFile[] = [];
  // What the drop's zips unpack to, together: each may unpack to what is left of the one limit.
  const counts = { inflated: 0 };
  for (const [index, { path, file }] of wanted.entries()) {
    if (zipped.test(path)) {
      const { filesFromZip } = await import('../../ownApp/filesFromZip');
      try {
        // filesFromZip already drops the zip's one top folder: dropping another would cut `apps/` off `myapp/apps/`.
        unzipped.push(...filesFromZip(new Uint8Array(await file.arrayBuffer()), counts));
      } catch (error) {
        // An entry that is not UTF-8 is named at its place in the zip (file:line:column: …).
        if (isInputError(error)) throw new Error(`${path}: ${error.message}`, { cause: error });
        throw new Error(`${path}: not a .zip the sandbox can read (${(error as Error).message})`, {
          cause: error,
        });
      }
    } else {
      // Not file.text(), which turns a byte that is not UTF-8 into U+FFFD: it is refused at its place.
      const { decodeUtf8 } = await import('../../scenarios/decodeUtf8');
      plain.push({ path, text: decodeUtf8(new Uint8Array(await file.arrayBuffer()), path) });
    }
    onProgress?.(index + 1, wanted.length);
  }
  const { withoutCommonFolder } = await import('../../ownApp/filesFromZip');
  const name = source.replace(/\.zip$/i, '');
  const inOne =
    unzipped.length > 0 || (plain.length > 0 && plain.every((f) => f.path.startsWith(`${source}/`)));
  return {
    files: [...withoutCommonFolder(plain), ...unzipped],
    source: name,
    folder: inOne && name !== 'dropped files' ? name : '',
  };
}

/** Every file under a dropped folder's entry, with its path from the dropped folder's own name down. */
async function walk(entry: FileSystemEntry, into: { path: string; file: File }[]): Promise<void> {
  const path = entry.fullPath.replace(/^\//, '');
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    );
    into.push({ path, file });
    return;
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries gives a folder's entries in batches (100 at a time in Chromium) until it gives none.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return;
    for (const child of batch) await walk(child, into);
  }
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
