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
  /**
   * The link's parameters that belong to one run and that the compare view cannot show (`embed=1`, `predict=1`,
   * `reveal=1`, `do=`, `edit=`, `app=`), as written in the link; empty without `compare=`. The view names them
   * rather than drop them silently: a speaker who wrote `compare=…&predict=1` would otherwise wait for questions.
   */
  ignoredByCompare: string[];
}

const oneRunParams = ['embed', 'predict', 'reveal', 'do', 'edit', 'app'];

export function pageModeOf(search: string, hash: string): PageMode {
  const params = new URLSearchParams(search.replace(/^\?/, ''));
  for (const [key, value] of new URLSearchParams(hash.replace(/^#\??/, ''))) params.set(key, value);
  const compare = params.get('compare');
  const comparing = compare !== null && compare.trim() !== '';
  return {
    compare: comparing ? compare : undefined,
    embed: params.get('embed') === '1',
    present: params.get('present') === '1',
    ignoredByCompare: comparing
      ? oneRunParams.filter((p) => params.has(p)).map((p) => (params.get(p) === '1' ? `${p}=1` : `${p}=`))
      : [],
  };
}

/** The compare view's note on what it left out of the link, or undefined when nothing was left out. */
export function ignoredNote(ignored: readonly string[]): string | undefined {
  if (ignored.length === 0) return undefined;
  const listed =
    ignored.length === 1 ? ignored[0] : `${ignored.slice(0, -1).join(', ')} and ${ignored.at(-1)}`;
  const apply = ignored.length === 1 ? 'applies' : 'apply';
  return `Not shown here: ${listed} ${apply} to one run, not to a comparison; open a run (its name above its timeline) to use ${ignored.length === 1 ? 'it' : 'them'}.`;
}
