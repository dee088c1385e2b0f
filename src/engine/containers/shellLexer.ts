/**
 * The lexer of the sandbox's `sh`: it turns a script into words and operators the way a POSIX shell does
 * before parsing. Quoting is kept on each part of a word, because only unquoted expansions are split into
 * fields and only unquoted `if`/`do`/`}` are reserved words.
 */

/** One piece of a word: literal text, `$NAME`/`${NAME:-default}`, `$((arithmetic))` or `$(command)`. */
export type WordPart =
  | { type: 'text'; text: string; quoted: boolean }
  | { type: 'param'; name: string; op: string; arg: WordPart[]; quoted: boolean }
  | { type: 'arith'; expr: string; quoted: boolean }
  | { type: 'subst'; script: string; quoted: boolean };

export interface Word {
  parts: WordPart[];
}

export type RedirectOp = '>' | '>>' | '<' | '>&' | '<&' | '&>' | '&>>';

export type Token =
  | { type: 'word'; word: Word }
  | { type: 'op'; op: string }
  | { type: 'redir'; fd: number | undefined; op: RedirectOp };

/** A script the shell cannot parse; dash reports it as `sh: 1: Syntax error: …` and exits 2. */
export class ShellSyntaxError extends Error {}

// Longest first, so that `&&` is not read as two `&`.
const operators = ['&>>', '&&', '||', ';;', '>>', '>&', '<&', '&>', ';', '|', '&', '(', ')', '\n', '>', '<'];
const redirects = new Set(['>', '>>', '<', '>&', '<&', '&>', '&>>']);

/** Split a script into tokens; with `oneWord`, spaces and operators are plain text (for `${X:-a b}`). */
export function tokenize(src: string, oneWord = false): Token[] {
  const tokens: Token[] = [];
  let parts: WordPart[] | null = null;
  let text = '';
  const flush = () => {
    if (text) (parts ??= []).push({ type: 'text', text, quoted: false });
    text = '';
  };
  const endWord = () => {
    flush();
    if (parts) tokens.push({ type: 'word', word: { parts } });
    parts = null;
  };
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === '\\') {
      if (src[i + 1] !== '\n') {
        flush();
        (parts ??= []).push({ type: 'text', text: src[i + 1] ?? '', quoted: true });
      }
      i += 2;
    } else if (!oneWord && (c === ' ' || c === '\t' || c === '\r')) {
      endWord();
      i++;
    } else if (!oneWord && c === '#' && parts === null && text === '') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === "'") {
      const end = src.indexOf("'", i + 1);
      if (end < 0) throw new ShellSyntaxError('Unterminated quoted string');
      flush();
      (parts ??= []).push({ type: 'text', text: src.slice(i + 1, end), quoted: true });
      i = end + 1;
    } else if (c === '"') {
      flush();
      i = readDoubleQuoted(src, i + 1, (parts ??= []));
    } else if (c === '$' || c === '`') {
      const expansion = readExpansion(src, i, false);
      if (expansion) {
        flush();
        (parts ??= []).push(expansion.part);
        i = expansion.end;
      } else {
        text += c;
        i++;
      }
    } else {
      const op = oneWord ? undefined : operators.find((o) => src.startsWith(o, i));
      if (!op) {
        text += c;
        i++;
        continue;
      }
      if (redirects.has(op)) {
        // A word of digits right before a redirection is its file descriptor (`2>&1`).
        const fd = parts === null && /^\d+$/.test(text) ? Number(text) : undefined;
        if (fd !== undefined) text = '';
        else endWord();
        tokens.push({ type: 'redir', fd, op: op as RedirectOp });
      } else {
        endWord();
        tokens.push({ type: 'op', op });
      }
      i += op.length;
    }
  }
  endWord();
  return tokens;
}

/** Read the inside of "…" from `start`; returns the index after the closing quote. */
function readDoubleQuoted(src: string, start: number, parts: WordPart[]): number {
  let text = '';
  let i = start;
  const before = parts.length;
  const flush = () => {
    if (text) parts.push({ type: 'text', text, quoted: true });
    text = '';
  };
  for (;;) {
    if (i >= src.length) throw new ShellSyntaxError('Unterminated quoted string');
    const c = src[i];
    if (c === '"') break;
    if (c === '\\' && '$`"\\\n'.includes(src[i + 1] ?? '')) {
      if (src[i + 1] !== '\n') text += src[i + 1];
      i += 2;
    } else if (c === '$' || c === '`') {
      const expansion = readExpansion(src, i, true);
      if (expansion) {
        flush();
        parts.push(expansion.part);
        i = expansion.end;
      } else {
        text += c;
        i++;
      }
    } else {
      text += c;
      i++;
    }
  }
  flush();
  // "" is still a word (an empty argument), so it leaves an empty quoted part behind.
  if (parts.length === before) parts.push({ type: 'text', text: '', quoted: true });
  return i + 1;
}

/** Read `$…` or a backquoted command at `i`; null when the `$` is a plain character. */
function readExpansion(src: string, i: number, quoted: boolean): { part: WordPart; end: number } | null {
  if (src[i] === '`') {
    const end = src.indexOf('`', i + 1);
    if (end < 0) throw new ShellSyntaxError('EOF in backquote substitution');
    return { part: { type: 'subst', script: src.slice(i + 1, end), quoted }, end: end + 1 };
  }
  const next = src[i + 1] ?? '';
  if (src.startsWith('$((', i)) {
    const end = matchParen(src, i + 3);
    if (src[end + 1] !== ')') throw new ShellSyntaxError("Missing '))'");
    return { part: { type: 'arith', expr: src.slice(i + 3, end), quoted }, end: end + 2 };
  }
  if (next === '(') {
    const end = matchParen(src, i + 2);
    return { part: { type: 'subst', script: src.slice(i + 2, end), quoted }, end: end + 1 };
  }
  if (next === '{') {
    const end = src.indexOf('}', i + 2);
    if (end < 0) throw new ShellSyntaxError("Missing '}'");
    return { part: braceParam(src.slice(i + 2, end), quoted), end: end + 1 };
  }
  const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i + 1))?.[0];
  if (name) return { part: { type: 'param', name, op: '', arg: [], quoted }, end: i + 1 + name.length };
  if (next && '?$#@*!-0123456789'.includes(next))
    return { part: { type: 'param', name: next, op: '', arg: [], quoted }, end: i + 2 };
  return null;
}

/** The index of the `)` closing the `(` just before `start`. */
function matchParen(src: string, start: number): number {
  let level = 0;
  for (let i = start; i < src.length; i++) {
    if (src[i] === '(') level++;
    else if (src[i] === ')') {
      if (level === 0) return i;
      level--;
    }
  }
  throw new ShellSyntaxError("Missing ')'");
}

/** `${NAME}`, `${#NAME}`, `${NAME:-word}` and the other default/alternative forms. */
function braceParam(body: string, quoted: boolean): WordPart {
  if (body.startsWith('#') && body.length > 1)
    return { type: 'param', name: body.slice(1), op: '#', arg: [], quoted };
  const m = /^([A-Za-z_][A-Za-z0-9_]*|[?$#@*!0-9])(:?[-=+?])?([\s\S]*)$/.exec(body);
  if (!m) throw new ShellSyntaxError(`\${${body}}: Bad substitution`);
  const arg = m[2] ? (tokenizeWord(m[3]) ?? []) : [];
  return { type: 'param', name: m[1], op: m[2] ?? '', arg, quoted };
}

/** The parts of a text read as one word (spaces included), as in the `word` of `${NAME:-word}`. */
function tokenizeWord(text: string): WordPart[] | undefined {
  const tokens = tokenize(text, true);
  return tokens.length === 1 && tokens[0].type === 'word' ? tokens[0].word.parts : undefined;
}
