import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { filesFromZip } from './filesFromZip';

const twoConfigMaps =
  'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\n';

/** The offsets of each central directory header (PK\1\2) and local header (PK\3\4) of a zip. */
function headers(zip: Uint8Array, signature: number): number[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const found: number[] = [];
  for (let i = 0; i + 4 <= zip.length; i++) if (view.getUint32(i, true) === signature) found.push(i);
  return found;
}

/** A zip whose one entry's headers declare `size` bytes (and, when given, `crc`), whatever it inflates to. */
function lying(zip: Uint8Array, fields: { size?: number; crc?: number }): Uint8Array {
  const forged = zip.slice();
  const view = new DataView(forged.buffer);
  for (const at of headers(forged, 0x02014b50)) {
    if (fields.size !== undefined) view.setUint32(at + 24, fields.size, true);
    if (fields.crc !== undefined) view.setUint32(at + 16, fields.crc, true);
  }
  for (const at of headers(forged, 0x04034b50)) {
    if (fields.size !== undefined) view.setUint32(at + 22, fields.size, true);
    if (fields.crc !== undefined) view.setUint32(at + 14, fields.crc, true);
  }
  return forged;
}

describe('filesFromZip: a zip whose headers lie is refused, and read no further than the lie', () => {
  it('reads an honest zip', () => {
    const zip = zipSync({ 'app/cm.yaml': strToU8(twoConfigMaps), 'app/README.md': strToU8('# hi') });
    expect(filesFromZip(zip)).toEqual([{ path: 'cm.yaml', text: twoConfigMaps }]);
  });

  it('stops inflating a bomb that declares 100 bytes once it passes them (24 MiB of spaces, under 1.5 MiB read)', () => {
    const bomb = lying(zipSync({ 'bomb.yaml': new Uint8Array(24 * 1024 * 1024).fill(32) }, { level: 9 }), {
      size: 100,
    });
    const counts = { inflated: 0 };
    expect(() => filesFromZip(bomb, counts)).toThrow(
      /^the entry "bomb.yaml" inflates to more bytes, not the 100 its header declares: the \.zip is damaged or forged$/,
    );
    expect(counts.inflated).toBeLessThan(1.5 * 1024 * 1024);
  });

  it('refuses an entry cut at its declared size, where unzipSync made two ConfigMaps one', () => {
    const cut = lying(zipSync({ 'cm.yaml': strToU8(twoConfigMaps) }), { size: 60 });
    // What fflate's unzipSync (the reader before) gave: the text cut at the declared 60 bytes.
    expect(new TextDecoder().decode(unzipSync(cut)['cm.yaml']).length).toBe(60);
    expect(() => filesFromZip(cut)).toThrow(
      /^the entry "cm.yaml" inflates to more bytes, not the 60 its header declares/,
    );
  });

  it('refuses an entry that inflates to fewer bytes than declared', () => {
    const long = lying(zipSync({ 'cm.yaml': strToU8(twoConfigMaps) }), { size: 1000 });
    expect(() => filesFromZip(long)).toThrow(
      /^the entry "cm.yaml" inflates to 106 bytes, not the 1,000 its header declares/,
    );
  });

  it('refuses an entry whose CRC-32 differs from its header', () => {
    const damaged = lying(zipSync({ 'cm.yaml': strToU8(twoConfigMaps) }), { crc: 0x12345678 });
    expect(() => filesFromZip(damaged)).toThrow(
      /^the entry "cm.yaml" is damaged: its CRC-32 is 0x[0-9a-f]{8}, its header says 0x12345678$/,
    );
  });

  it.each([
    ['../../x.yaml', 'it climbs out of the zip with ".."'],
    ['/etc/x.yaml', 'it is an absolute path'],
    ['C:\\x.yaml', 'it starts with a drive letter'],
  ])('refuses the entry name %s, which a repository cannot hold, naming it', (name, why) => {
    const zip = zipSync({ [name]: strToU8('kind: ConfigMap\n') });
    expect(() => filesFromZip(zip)).toThrow(
      `the entry ${JSON.stringify(name)} is no path in a repository: ${why}`,
    );
  });

  it('refuses 5,001 YAML files before inflating any of them', () => {
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i <= 5_000; i++)
      many[`cm${i}.yaml`] = strToU8(`kind: ConfigMap\nmetadata: {name: c${i}}\n`);
    const counts = { inflated: 0 };
    expect(() => filesFromZip(zipSync(many), counts)).toThrow(
      'the .zip holds 5,001 YAML and JSON files; the sandbox reads at most 5,000',
    );
    expect(counts.inflated).toBe(0);
  });
});
