/**
 * Which view the page's link opens: the one-run page, the compare view (`compare=RUNS`) or the
 * embeddable view (`embed=1`). Read from the query and the hash as the rest of the link is
 * (contract.md §2: the hash wins).
 */
export interface PageMode {
  /** The `compare=` value, when the link asks for the compare view. */
  compare?: string;
  embed: boolean;
  present: boolean;
}

export function pageModeOf(search: string, hash: string): PageMode {
  const params = new URLSearchParams(search.replace(/^\?/, ''));
  for (const [key, value] of new URLSearchParams(hash.replace(/^#\??/, ''))) params.set(key, value);
  const compare = params.get('compare');
  return {
    compare: compare !== null && compare.trim() !== '' ? compare : undefined,
    embed: params.get('embed') === '1',
    present: params.get('present') === '1',
  };
}
