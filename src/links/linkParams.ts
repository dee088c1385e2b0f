/**
 * A link's parameters, from its query string and its hash: both are read (contract.md §2) and the hash wins,
 * because it is what a static host never strips. The one place this merge is written; the build's preload
 * (preloadScript.ts) repeats it in plain JavaScript, and its test checks the two agree.
 */
export function linkParams(search: string, hash: string): URLSearchParams {
  const params = new URLSearchParams(search.replace(/^\?/, ''));
  for (const [key, value] of new URLSearchParams(hash.replace(/^#\??/, ''))) params.set(key, value);
  return params;
}
