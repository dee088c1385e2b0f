import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';

/**
 * Edited manifests in a link: the text, raw-deflated by fflate (a well-kept library; with these two functions
 * it is a lazily loaded chunk of 9.5 kB, 4.8 kB gzip) and written in base64url, whose letters (A–Z a–z 0–9 -
 * _) need no escaping in a query string.
 * Deflate at level 9 takes the three-tier scenario's 3,568 characters of YAML to 1,191 (lz-string's
 * compressToEncodedURIComponent makes 2,305), and many-resources' 59,682 to 7,430, which still fits a link.
 * This module is loaded only when a link carries an edit or the user edits (App.svelte imports it lazily).
 */
export function encodeEdit(text: string): string {
  const bytes = deflateSync(strToU8(text), { level: 9 });
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The text of an `edit=` value, or undefined when it is not one (cut short, mistyped, another format). */
export function decodeEdit(value: string): string | undefined {
  if (!/^[\w-]+$/.test(value)) return undefined;
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return strFromU8(inflateSync(bytes));
  } catch {
    return undefined;
  }
}
