/**
 * A WebM from the browser's MediaRecorder has no duration: Chromium writes it as a live stream (a Segment of
 * unknown size, an Info without Duration), so players show no length and cannot seek it until it has played
 * through. This writes the Duration element (EBML ID 0x4489, a float64 in TimecodeScale units, Matroska's
 * "Segment Information") into the Info element, which is all a player needs. The rest of the file is untouched.
 */

const ids = {
  ebml: 0x1a45dfa3,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  cluster: 0x1f43b675,
};

interface Element {
  id: number;
  /** Where the element's size starts, where its data starts and ends (end undefined: unknown size). */
  sizeAt: number;
  dataAt: number;
  end: number | undefined;
}

/** Reads the element at `at`: an ID (its marker bit kept, as IDs are written) and a size (an all-ones size is unknown). */
function elementAt(bytes: Uint8Array, at: number): Element | undefined {
  const idLength = vintLength(bytes[at]);
  if (idLength === 0 || idLength > 4 || at + idLength >= bytes.length) return undefined;
  let id = 0;
  for (let i = 0; i < idLength; i++) id = id * 256 + bytes[at + i];
  const sizeAt = at + idLength;
  const sizeLength = vintLength(bytes[sizeAt]);
  if (sizeLength === 0 || sizeAt + sizeLength > bytes.length) return undefined;
  let size = bytes[sizeAt] & (0xff >> sizeLength);
  let allOnes = size === 0xff >> sizeLength;
  for (let i = 1; i < sizeLength; i++) {
    size = size * 256 + bytes[sizeAt + i];
    allOnes &&= bytes[sizeAt + i] === 0xff;
  }
  const dataAt = sizeAt + sizeLength;
  return { id, sizeAt, dataAt, end: allOnes ? undefined : dataAt + size };
}

/** How many bytes a variable-size integer takes, from its first byte's leading zeros (0: not one). */
function vintLength(first: number | undefined): number {
  if (!first) return 0;
  let length = 1;
  for (let mask = 0x80; !(first & mask); mask >>= 1) length++;
  return length;
}

/** The children of the element whose data runs from `from` to `to`. */
function* children(bytes: Uint8Array, from: number, to: number): Generator<Element> {
  for (let at = from; at < to;) {
    const element = elementAt(bytes, at);
    if (!element) return;
    yield element;
    if (element.end === undefined) return;
    at = element.end;
  }
}

/** The Segment's Info element, and the TimecodeScale it gives (1,000,000 ns, a millisecond, by default). */
function findInfo(bytes: Uint8Array): { info: Element; scale: number; duration?: Element } | undefined {
  const header = elementAt(bytes, 0);
  if (header?.id !== ids.ebml || header.end === undefined) return undefined;
  const segment = elementAt(bytes, header.end);
  if (segment?.id !== ids.segment) return undefined;
  for (const child of children(bytes, segment.dataAt, segment.end ?? bytes.length)) {
    if (child.id === ids.cluster) return undefined;
    if (child.id !== ids.info || child.end === undefined) continue;
    let scale = 1_000_000;
    let duration: Element | undefined;
    for (const field of children(bytes, child.dataAt, child.end)) {
      if (field.id === ids.timecodeScale && field.end !== undefined) {
        scale = 0;
        for (let i = field.dataAt; i < field.end; i++) scale = scale * 256 + bytes[i];
      }
      if (field.id === ids.duration) duration = field;
    }
    return { info: child, scale, duration };
  }
  return undefined;
}

/** The duration a WebM's Info gives, in seconds; undefined when it gives none (or it is not a WebM). */
export function webmDuration(bytes: Uint8Array): number | undefined {
  const found = findInfo(bytes);
  if (!found?.duration || found.duration.end === undefined) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset + found.duration.dataAt);
  const units = found.duration.end - found.duration.dataAt === 4 ? view.getFloat32(0) : view.getFloat64(0);
  return (units * found.scale) / 1e9;
}

/**
 * The WebM with its duration written in (`seconds`): replaced where Info has one, added where it has none. A file
 * that is not a WebM as expected comes back unchanged: it still plays, only without a length shown.
 */
export function withWebmDuration(bytes: Uint8Array, seconds: number): Uint8Array {
  const found = findInfo(bytes);
  if (!found || found.info.end === undefined) return bytes;
  const units = (seconds * 1e9) / found.scale;
  if (found.duration && found.duration.end !== undefined) {
    const out = bytes.slice();
    const view = new DataView(out.buffer, found.duration.dataAt);
    if (found.duration.end - found.duration.dataAt === 4) view.setFloat32(0, units);
    else view.setFloat64(0, units);
    return out;
  }
  const { info } = found;
  const duration = new Uint8Array(11);
  duration.set([0x44, 0x89, 0x88]);
  new DataView(duration.buffer).setFloat64(3, units);
  const contentLength = info.end! - info.dataAt + duration.length;
  // The new size as an 8-byte variable-size integer: a marker byte 0x01, then 7 bytes of size.
  const size = new Uint8Array(8);
  size[0] = 0x01;
  for (let i = 7, rest = contentLength; i >= 1; i--, rest = Math.floor(rest / 256)) size[i] = rest % 256;
  const out = new Uint8Array(bytes.length - (info.dataAt - info.sizeAt) + size.length + duration.length);
  let at = 0;
  for (const part of [
    bytes.subarray(0, info.sizeAt),
    size,
    bytes.subarray(info.dataAt, info.end),
    duration,
    bytes.subarray(info.end!),
  ]) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
