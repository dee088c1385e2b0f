import { linkParams } from '../links/linkParams';
import { linkTable } from '../links/linkTable';
import { readLinkParams } from '../links/parseLink';

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

export function pageModeOf(search: string, hash: string): PageMode {
  const params = linkParams(search, hash);
  const link = readLinkParams(params);
  return {
    compare: link.compare,
    embed: link.embed === true,
    present: link.present === true,
    // The table's rows that apply to one run (src/links/linkTable.ts), as the link wrote them.
    ignoredByCompare:
      link.compare !== undefined
        ? linkTable
            .filter((p) => p.oneRun && params.has(p.key))
            .map((p) => (params.get(p.key) === '1' ? `${p.key}=1` : `${p.key}=`))
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
