import { InputError } from '../engine';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The text of a file's bytes, which must be UTF-8 (as YAML 1.2 and JSON files are read by Argo CD, kubectl and
 * the sandbox). A byte that is not UTF-8 (a Latin-1 `é`, 0xE9) is refused at its file, line, column and byte
 * offset: decoded leniently it became U+FFFD, and the manifest was read with a character nobody wrote.
 */
export function decodeUtf8(bytes: Uint8Array, file: string): string {
  try {
    return strict.decode(bytes);
  } catch {
    const offset = firstInvalidByte(bytes);
    let lineStart = 0;
    let line = 1;
    for (let i = 0; i < offset; i++)
      if (bytes[i] === 0x0a) {
        line++;
        lineStart = i + 1;
      }
    const column = [...strict.decode(bytes.subarray(lineStart, offset))].length + 1;
    throw new InputError(
      `the file is not UTF-8: byte 0x${bytes[offset].toString(16).padStart(2, '0')} at byte offset ${offset} ` +
        'is not a UTF-8 character (save the file as UTF-8; a Latin-1 é is one byte, 0xe9)',
      { file, line, column },
    );
  }
}

/** The offset of the first byte that does not belong to a well-formed UTF-8 sequence (Unicode 15, table 3-7). */
function firstInvalidByte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) length = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      if (b === 0xe0) low = 0xa0;
      if (b === 0xed) high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      if (b === 0xf0) low = 0x90;
      if (b === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? low : 0x80) || c > (k === 1 ? high : 0xbf)) return i;
    }
    i += length;
  }
  return bytes.length;
}
