/**
 * The CRC-32 (IEEE 802.3, the one .zip uses) of bytes, continued from `crc` when given. fflate checks no CRC when
 * it unzips, and exports none, so the zip reader computes its own: a zip whose entry was damaged or forged must be
 * refused, not read as whatever it inflates to.
 */
export function crc32(bytes: Uint8Array, crc = 0): number {
  let c = ~crc;
  for (let i = 0; i < bytes.length; i++) c = table[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

const table = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();
