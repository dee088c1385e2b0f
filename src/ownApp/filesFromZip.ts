import { Inflate, strFromU8 } from 'fflate';
import { decodeUtf8 } from '../scenarios/decodeUtf8';
import { crc32 } from './crc32';
import { maxOwnAppFiles, maxUnpackedBytes } from './ownAppLimits';
import type { OwnFile } from './ownAppScenario';
import { unsafeEntryName } from './unsafeEntryName';

/** One YAML or JSON entry of a .zip's central directory: what its headers declare. */
interface ZipEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/**
 * The YAML and JSON files of a .zip (read in the browser: nothing leaves the page), paths relative to the zip's
 * one top folder when it has one. Nothing a header declares is trusted: each entry is inflated in a stream that
 * stops once the bytes actually inflated pass its declared size or the 16 MiB the zip may unpack to; an entry
 * that inflates to another size than declared (cut short, or a bomb behind a small size) or whose CRC-32 differs
 * is refused, as is an entry name a repository cannot hold and a zip of more than 5,000 YAML and JSON files.
 * fflate's unzipSync trusted the declared size: it cut an entry at it (two ConfigMaps became one) and inflated a
 * bomb to its end first (a 100 KiB entry took 4.3 s). Throws an Error whose message is one sentence.
 * `counts.inflated` adds up the bytes inflated (so a test can see where reading stopped); what it holds already
 * counts toward the 16 MiB, so that the zips of one drop unpack to 16 MiB together.
 */
export function filesFromZip(bytes: Uint8Array, counts: { inflated: number } = { inflated: 0 }): OwnFile[] {
  const entries = centralDirectory(bytes).filter(
    (e) => !e.name.endsWith('/') && !e.name.startsWith('__MACOSX/') && /\.(ya?ml|json)$/i.test(e.name),
  );
  if (entries.length > maxOwnAppFiles)
    throw new Error(
      `the .zip holds ${entries.length.toLocaleString('en')} YAML and JSON files; the sandbox reads at most ${maxOwnAppFiles.toLocaleString('en')}`,
    );
  const declared = entries.reduce((sum, e) => sum + e.size, 0);
  if (counts.inflated + declared > maxUnpackedBytes)
    throw new Error(`the .zip unpacks to more than ${mib(maxUnpackedBytes)}`);
  let total = counts.inflated;
  const files = entries.map((entry) => {
    const data = inflateEntry(bytes, entry, maxUnpackedBytes - total, counts);
    total += data.length;
    return { path: entry.name, text: decodeUtf8(data, entry.name) };
  });
  return withoutCommonFolder(files);
}

/** Paths without the one folder every file is in (a zipped folder, or a dropped one). */
export function withoutCommonFolder(files: OwnFile[]): OwnFile[] {
  const first = files[0]?.path.split('/')[0];
  if (!first || !files.every((f) => f.path.startsWith(`${first}/`))) return files;
  return files.map((f) => ({ ...f, path: f.path.slice(first.length + 1) }));
}

/** Every entry the zip's central directory lists, its name checked (APPNOTE.TXT 4.3.12, 4.3.16). */
function centralDirectory(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end of central directory record: 22 bytes, then a comment of up to 65,535.
  let end = bytes.length - 22;
  const stop = Math.max(0, bytes.length - 22 - 0xffff);
  while (end >= stop && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < stop) throw new Error('it has no end of central directory record (not a .zip, or cut short)');
  const count = view.getUint16(end + 10, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (count === 0xffff || directoryOffset === 0xffffffff)
    throw new Error('it is a ZIP64 archive, which the sandbox does not read (zip fewer files)');
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50)
      throw new Error('its central directory is damaged');
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const name = strFromU8(bytes.subarray(at + 46, at + 46 + nameLength), (flags & 0x800) === 0);
    const unsafe = unsafeEntryName(name);
    if (unsafe) throw new Error(`the entry ${JSON.stringify(name)} is no path in a repository: ${unsafe}`);
    if (flags & 1) throw new Error(`the entry ${JSON.stringify(name)} is encrypted`);
    entries.push({
      name,
      method: view.getUint16(at + 10, true),
      crc: view.getUint32(at + 16, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
    });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

/**
 * The bytes of one entry, inflated in pieces: it stops as soon as more bytes came out than the entry declares or
 * than `room` (what is left of the zip's 16 MiB), so a bomb costs at most one piece's output past the limit.
 */
function inflateEntry(
  bytes: Uint8Array,
  entry: ZipEntry,
  room: number,
  counts: { inflated: number },
): Uint8Array {
  const quoted = JSON.stringify(entry.name);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const local = entry.localOffset;
  if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50)
    throw new Error(`the entry ${quoted} has no local header where the central directory says`);
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  if (start + entry.compressedSize > bytes.length)
    throw new Error(`the entry ${quoted} is cut short: the .zip ends inside it`);
  const compressed = bytes.subarray(start, start + entry.compressedSize);
  const chunks: Uint8Array[] = [];
  let size = 0;
  let over = false;
  const take = (chunk: Uint8Array) => {
    size += chunk.length;
    counts.inflated += chunk.length;
    if (size > entry.size || size > room) over = true;
    else chunks.push(chunk);
  };
  if (entry.method === 0) take(compressed);
  else if (entry.method === 8) {
    const inflate = new Inflate(take);
    try {
      // 1 KiB of deflate inflates to at most about 1 MiB: the most read past a limit before it is seen.
      for (let i = 0; i < compressed.length && !over; i += 1024)
        inflate.push(compressed.subarray(i, i + 1024), i + 1024 >= compressed.length);
      if (compressed.length === 0) inflate.push(compressed, true);
    } catch (error) {
      throw new Error(`the entry ${quoted} is damaged: ${(error as Error).message}`, { cause: error });
    }
  } else
    throw new Error(
      `the entry ${quoted} is compressed with method ${entry.method}; the sandbox reads stored and deflated entries`,
    );
  if (size > room) throw new Error(`the .zip unpacks to more than ${mib(maxUnpackedBytes)}`);
  if (size !== entry.size)
    throw new Error(
      `the entry ${quoted} inflates to ${size > entry.size ? 'more' : `${size.toLocaleString('en')}`} bytes, not the ` +
        `${entry.size.toLocaleString('en')} its header declares: the .zip is damaged or forged`,
    );
  const data = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    data.set(chunk, offset);
    offset += chunk.length;
  }
  const crc = crc32(data);
  if (crc !== entry.crc)
    throw new Error(
      `the entry ${quoted} is damaged: its CRC-32 is ${hex(crc)}, its header says ${hex(entry.crc)}`,
    );
  return data;
}

const hex = (n: number) => `0x${n.toString(16).padStart(8, '0')}`;
const mib = (n: number) => `${n / 1024 / 1024} MiB`;
