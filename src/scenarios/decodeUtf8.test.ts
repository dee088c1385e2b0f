import { describe, expect, it } from 'vitest';
import { decodeUtf8 } from './decodeUtf8';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));

describe('decodeUtf8: a file that is not UTF-8 is refused at its byte, not read with U+FFFD', () => {
  it('reads UTF-8, a byte order mark kept as the reader before kept it', () => {
    expect(decodeUtf8(bytes('data:\n  x: café\n'), 'a.yaml')).toBe('data:\n  x: café\n');
  });

  it('refuses a Latin-1 é at its file, line, column and byte offset', () => {
    const latin1 = bytes('kind: ConfigMap\ndata:\n  x: caf', [0xe9], '\n');
    expect(() => decodeUtf8(latin1, 'cm.yaml')).toThrow(
      'cm.yaml:3:9: the file is not UTF-8: byte 0xe9 at byte offset 30 is not a UTF-8 character (save the file as UTF-8; a Latin-1 é is one byte, 0xe9)',
    );
  });

  it('counts columns in characters after a valid multi-byte one, and refuses an overlong or cut sequence', () => {
    expect(() => decodeUtf8(bytes('é', [0xc0, 0xaf]), 'b.yaml')).toThrow(/^b\.yaml:1:2: .* byte offset 2 /);
    expect(() => decodeUtf8(bytes('ab', [0xe2, 0x82]), 'c.yaml')).toThrow(/^c\.yaml:1:3: .* byte offset 2 /);
  });
});
