/**
 * The little shell the terminal understands: words with single or double quotes and backslashes, commands
 * joined by `;` or `&&`, a pipe `|` into a filter, and `>/dev/null` (the course runs
 * `argocd app get … --refresh >/dev/null`). Anything else a real shell would do is refused with a message, never
 * guessed at.
 */
export interface Pipeline {
  /** The command's words, then each filter's words, in pipe order. */
  stages: string[][];
  /** Output redirected to /dev/null: run, print nothing. */
  quiet: boolean;
}

export type ParsedLine = { ok: true; pipelines: Pipeline[] } | { ok: false; error: string };

/** Split a line into pipelines of words. */
export function parseShellLine(line: string): ParsedLine {
  const pipelines: Pipeline[] = [];
  let stages: string[][] = [[]];
  let quiet = false;
  let word: string | undefined;
  const endWord = () => {
    if (word !== undefined) stages[stages.length - 1].push(word);
    word = undefined;
  };
  const endPipeline = () => {
    endWord();
    if (stages.some((s) => s.length === 0)) {
      if (stages.length === 1 && stages[0].length === 0) return true;
      return false;
    }
    pipelines.push({ stages, quiet });
    stages = [[]];
    quiet = false;
    return true;
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return { ok: false, error: "unexpected EOF while looking for matching `'`" };
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let text = '';
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === '\\' && j + 1 < line.length && '"\\$`'.includes(line[j + 1])) j++;
        text += line[j];
      }
      if (j >= line.length) return { ok: false, error: 'unexpected EOF while looking for matching `"`' };
      word = (word ?? '') + text;
      i = j;
    } else if (c === '\\' && i + 1 < line.length) {
      word = (word ?? '') + line[++i];
    } else if (c === ' ' || c === '\t') {
      endWord();
    } else if (c === '|' && line[i + 1] !== '|') {
      endWord();
      if (stages[stages.length - 1].length === 0)
        return { ok: false, error: "syntax error near unexpected token `|'" };
      stages.push([]);
    } else if (c === ';' || (c === '&' && line[i + 1] === '&')) {
      if (c === '&') i++;
      if (!endPipeline())
        return { ok: false, error: `syntax error near unexpected token \`${c === '&' ? '&&' : ';'}'` };
    } else if (c === '>') {
      endWord();
      const rest = line.slice(i + 1).trimStart();
      const target = /^\S+/.exec(rest)?.[0] ?? '';
      if (target !== '/dev/null')
        return { ok: false, error: 'only `>/dev/null` is supported here: this terminal writes no files' };
      quiet = true;
      i = line.length - rest.length + target.length - 1;
    } else if ('&|<`()'.includes(c)) {
      // `$`, `{` and `}` stay literal (they only occur quoted in the course); the rest would need a real shell.
      const token = line.slice(i, i + 2) === '||' ? '||' : c;
      return {
        ok: false,
        error: `\`${token}\` is not supported in this terminal (\`;\`, \`&&\`, \`| filter\` and \`>/dev/null\` are)`,
      };
    } else {
      word = (word ?? '') + c;
    }
  }
  if (!endPipeline()) return { ok: false, error: "syntax error near unexpected token `|'" };
  return { ok: true, pipelines };
}
