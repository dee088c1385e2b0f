/**
 * The first ApplicationSet list generator whose block list of `elements:` has more than `limit` items, counted in
 * the text before it is parsed, or null. Each element is an Application to render and reconcile, and reading a
 * list of 100,000 took the YAML parser tens of seconds on a busy machine (the page's run was killed at 40 s)
 * before the count after parsing could refuse it. Only documents of `kind: ApplicationSet` are scanned, and only
 * the items of a block sequence (`- ` at one indentation, under an `elements:` key); a flow list
 * (`elements: [ … ]`) is counted after parsing (applicationSetInput.ts), as before.
 */
export function findLongElementList(
  text: string,
  limit: number,
): { count: number; line: number; column: number } | null {
  const lines = text.split('\n');
  let inApplicationSet = isApplicationSet(lines, 0);
  for (let n = 0; n < lines.length; n++) {
    if (/^---(\s|$)/.test(lines[n])) {
      inApplicationSet = isApplicationSet(lines, n + 1);
      continue;
    }
    if (!inApplicationSet) continue;
    const key = /^(\s*)(?:- +)?elements:\s*(#.*)?$/.exec(lines[n]);
    if (!key) continue;
    const keyIndent = lines[n].indexOf('elements:');
    let itemIndent = -1;
    let count = 0;
    for (let m = n + 1; m < lines.length; m++) {
      const line = lines[m];
      if (/^\s*(#.*)?\r?$/.test(line)) continue;
      const indent = line.length - line.trimStart().length;
      if (/^---(\s|$)/.test(line)) break;
      // A block sequence may sit at the key's own indentation (`elements:\n- a`), or deeper.
      if (indent < keyIndent || (indent === keyIndent && !line.trimStart().startsWith('- '))) break;
      if (itemIndent < 0) {
        if (!line.trimStart().startsWith('- ') && line.trim() !== '-') break;
        itemIndent = indent;
      }
      if (indent === itemIndent && (line.trimStart().startsWith('- ') || line.trim() === '-')) count++;
      else if (indent < itemIndent) break;
    }
    if (count > limit) return { count, line: n + 1, column: keyIndent + 1 };
  }
  return null;
}

/** Whether the document starting at line `from` has `kind: ApplicationSet` at its top level. */
function isApplicationSet(lines: string[], from: number): boolean {
  for (let n = from; n < lines.length && !/^---(\s|$)/.test(lines[n]); n++)
    if (/^kind:\s*["']?ApplicationSet["']?\s*(#.*)?\r?$/.test(lines[n])) return true;
  return false;
}
