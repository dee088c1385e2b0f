import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { decodeUtf8 } from '../scenarios/decodeUtf8';

/**
 * Reads a text file of at most `maxBytes`, refusing anything else before reading it: a directory, a
 * FIFO, a socket or a device such as /dev/zero would otherwise hang the reader or grow its memory without end.
 * The file is checked with `stat`, opened without blocking (a FIFO swapped in after the check cannot stall the
 * open), checked again on the open descriptor, and read with the cap, so a file that grows meanwhile is still
 * refused. Failures throw an Error whose message says why in a user's words (readFailure passes it on); text that
 * is not UTF-8 throws decodeUtf8's InputError, at the file, line and column of its first bad byte.
 */
export function readCapped(path: string, maxBytes: number): string {
  refuseUnusual(statSync(path), maxBytes);
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    refuseUnusual(fstatSync(fd), maxBytes);
    // One byte more than allowed tells a file that grew past the cap from one exactly at it.
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    for (;;) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
      if (length > maxBytes) throw new Error(tooBig(length, maxBytes));
    }
    // Not buffer.toString('utf8'), which turns a byte that is not UTF-8 into U+FFFD: it is refused at its place.
    return decodeUtf8(buffer.subarray(0, length), path);
  } finally {
    closeSync(fd);
  }
}

function refuseUnusual(stats: Stats, maxBytes: number): void {
  if (stats.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
  if (!stats.isFile()) throw new Error(`is ${fileKind(stats)}, not a regular file`);
  if (stats.size > maxBytes) throw new Error(tooBig(stats.size, maxBytes));
}

/** What a file that is not a regular file is, for messages: `a FIFO`, `a character device` … */
export function fileKind(stats: Stats): string {
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'something other than a file';
}

/** The same words parseManifests uses for a text over the cap, with one decimal that never rounds to the cap. */
function tooBig(bytes: number, maxBytes: number): string {
  const mib = (bytes / 1048576).toFixed(1);
  const limit = (maxBytes / 1048576).toFixed(1);
  const size = mib === limit ? `${bytes} bytes` : `${mib} MiB`;
  return `file is ${size}; the sandbox reads files up to ${maxBytes / 1048576} MiB`;
}
