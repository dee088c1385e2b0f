/**
 * The first line whose nesting may exceed `limit` levels, or null. The yaml parser recurses once per level
 * and, past roughly 800 levels, overflows the stack; and a second stack overflow in the same process has been
 * seen to abort Node outright (V8's regexp compiler runs out of memory). So the sandbox refuses such input
 * before parsing. The estimate is deliberately generous: a line's depth counts its indentation columns, its
 * leading `- ` / `? ` indicators and the open flow brackets (`[`, `{`) so far, ignoring comments and quoted
 * scalars that close on the line they open (a `[` in `"[[["` is text, not structure: 401 of them were refused as
 * "nested too deeply"). A quote that does not close on its line is read as text, so that the estimate can
 * still only overstate the real depth. Real manifests stay far below the limit.
 */
export function findExcessiveNesting(text: string, limit: number): { line: number; column: number } | null {
  let flow = 0;
  let line = 1;
  let start = 0;
  // While inside a block scalar (`|` or `>`): its lines are text, however indented or full of braces, as long as
  // they are indented past the column where the line that opened it has its content (or are blank).
  let scalarAbove = -1;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    let i = start;
    while (i < end && text[i] === ' ') i++;
    const indent = i - start;
    const blank = /^[ \t\r]*$/.test(text.slice(i, end));
    if (blank || (scalarAbove >= 0 && indent > scalarAbove)) {
      // A line of spaces, or a line of a block scalar, nests nothing.
      line++;
      start = end + 1;
      continue;
    }
    scalarAbove = -1;
    if (indent > limit) return { line, column: limit + 1 };
    let indicators = 0;
    let lastIndicator = indent;
    while (
      i + 1 < end &&
      (text[i] === '-' || text[i] === '?') &&
      (text[i + 1] === ' ' || text[i + 1] === '\t')
    ) {
      indicators++;
      lastIndicator = i - start;
      if (indent + indicators > limit) return { line, column: i - start + 1 };
      i += 2;
      while (i < end && text[i] === ' ') i++;
    }
    const content = i - start;
    let commentAt = end;
    for (let j = i; j < end; j++) {
      const c = text[j];
      if (c === '#' && (j === start || text[j - 1] === ' ' || text[j - 1] === '\t')) {
        commentAt = j;
        break;
      }
      if ((c === '"' || c === "'") && opensQuote(text, i, j)) {
        const close = quoteEnd(text, j, end);
        if (close >= 0) {
          j = close;
          continue;
        }
      }
      if (c === '[' || c === '{') {
        flow++;
        if (indent + indicators + flow > limit) return { line, column: j - start + 1 };
      } else if ((c === ']' || c === '}') && flow > 0) {
        flow--;
      }
    }
    // `key: |`, `- >-`, `key: &anchor |2`: a block scalar starts on the next line.
    // Its lines are indented past its parent: the key's column (`key: |`), or the `-` (`- |`).
    const rest = text.slice(i, commentAt).trimEnd();
    if (flow === 0 && /(?:^|[ \t])[|>][1-9+-]{0,2}$/.test(rest))
      scalarAbove = /^(?:[&!]\S*[ \t]+)*[|>]/.test(rest) ? lastIndicator : content;
    line++;
    start = end + 1;
  }
  return null;
}

/**
 * Whether the quote at `j` starts a quoted scalar: it is the line's first content (after indentation and `- `/`? `
 * indicators, which start at `contentStart`), or follows `:`, `,`, `[` or `{` (spaces between allowed). A quote
 * inside a plain scalar (`a: it"s`) is not one.
 */
function opensQuote(text: string, contentStart: number, j: number): boolean {
  let p = j - 1;
  while (p >= contentStart && (text[p] === ' ' || text[p] === '\t')) p--;
  if (p < contentStart) return true;
  return text[p] === ':' || text[p] === ',' || text[p] === '[' || text[p] === '{';
}

/** The index of the quote closing the one at `j` on the same line (before `end`), or -1. */
function quoteEnd(text: string, j: number, end: number): number {
  const quote = text[j];
  for (let k = j + 1; k < end; k++) {
    if (quote === '"' && text[k] === '\\') k++;
    else if (text[k] === quote) {
      // In a single-quoted scalar '' is an escaped quote, not the end.
      if (quote === "'" && text[k + 1] === "'") k++;
      else return k;
    }
  }
  return -1;
}
