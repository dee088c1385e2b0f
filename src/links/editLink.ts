import { deflateSync, Inflate, strFromU8, strToU8 } from 'fflate';

/**
 * Edited manifests in a link: the text, raw-deflated by fflate (a well-kept library; with these two functions
 * it is a lazily loaded chunk of 9.5 kB, 4.8 kB gzip) and written in base64url, whose letters (A–Z a–z 0–9 -
 * _) need no escaping in a query string.
 * Deflate at level 9 takes the three-tier scenario's 3,568 characters of YAML to 1,191 (lz-string's
 * compressToEncodedURIComponent makes 2,305), and many-resources' 59,682 to 7,430, which still fits a link.
 * This module is loaded only when a link carries an edit or the user edits (App.svelte imports it lazily).
 */
/**
 * The most a link's edit may inflate to: the manifests' own size limit (scenarios/manifests.ts `maxEditBytes`),
 * written out here so that this lazily loaded chunk does not pull the YAML reader in.
 */
export const maxEditBytes = 4 * 1024 * 1024;

export function encodeEdit(text: string): string {
  const bytes = deflateSync(strToU8(text), { level: 9 });
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The text of an `edit=` value, or undefined when it is not one (cut short, mistyped, another format, too big). */
export function decodeEdit(value: string): string | undefined {
  const decoded = readEdit(value);
  return decoded.ok ? decoded.text : undefined;
}

/** Why a link's edit could not be read: not an edit at all, or one that inflates past what the sandbox reads. */
export type EditReading = { ok: true; text: string } | { ok: false; reason: 'unreadable' | 'too-big' };

/**
 * Reads an `edit=` value, inflating it in a stream that stops at the manifests' size limit (4 MiB, the most the
 * sandbox reads from a file): a link of a few kilobytes can inflate to gigabytes, and one that inflated to 600 MiB
 * took the tab to a 2.5 GB heap and then showed nothing.
 */
export function readEdit(value: string): EditReading {
  if (!/^[\w-]+$/.test(value)) return { ok: false, reason: 'unreadable' };
  let bytes: Uint8Array;
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  let tooBig = false;
  const inflate = new Inflate((chunk) => {
    size += chunk.length;
    if (size > maxEditBytes) tooBig = true;
    else chunks.push(chunk);
  });
  try {
    // Fed in small pieces, so that inflating stops soon after the output passes the limit.
    for (let i = 0; i < bytes.length && !tooBig; i += 1024)
      inflate.push(bytes.subarray(i, i + 1024), i + 1024 >= bytes.length);
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  if (tooBig) return { ok: false, reason: 'too-big' };
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.length;
  }
  try {
    return { ok: true, text: strFromU8(all) };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}
