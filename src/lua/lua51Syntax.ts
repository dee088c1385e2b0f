/**
 * Lua 5.3 syntax that gopher-lua (Lua 5.1 plus `goto`) does not read, found before fengari (Lua 5.3) compiles a
 * script, and the string escapes the two read differently, rewritten to gopher-lua's meaning.
 *
 * Refused, with gopher-lua's own message (parse/lexer.go `Error`: `<string> line:L(column:C) near 'T':   MSG`, the
 * source named `<string>` as LState.LoadString names it): the operators `//`, `<<` and `>>`, which gopher-lua's
 * scanner reads as two tokens, so its parser stops at the second with "syntax error"; `&` and `|`, which it does
 * not know ("Invalid token"); and `~` not followed by `=` ("Invalid '~' token").
 *
 * Rewritten (lexer.go `scanEscape`): a backslash before any character other than `abfnrtv\"'`, a digit or a line
 * break stands for that character (so `"\x41"` is `x41`, not `A`, and `\z`, `\u{…}` and `\q` are letters), and a
 * decimal escape above 255 keeps its low byte; Lua 5.3 reads `\x`, `\z` and `\u` its own way and refuses the rest.
 * The rewrite keeps every line where it is, so fengari's own messages name the script's lines.
 */
export type Lua51Source = { source: string; error?: undefined } | { error: string; source?: undefined };

export function lua51Source(text: string): Lua51Source {
  let out = '';
  let copied = 0;
  let line = 1;
  let lineStart = 0;
  const fail = (at: number, token: string, message: string): Lua51Source => ({
    error: `<string> line:${line}(column:${at - lineStart + 1}) near '${token}':   ${message}`,
  });
  let i = 0;
  const n = text.length;
  const newline = (at: number) => {
    line++;
    lineStart = at + 1;
  };
  /** The end of a long bracket opened at `at` (`[`, `=`…, `[`), or -1 when `at` opens none. */
  const longBracketLevel = (at: number): number => {
    if (text[at] !== '[') return -1;
    let j = at + 1;
    while (text[j] === '=') j++;
    return text[j] === '[' ? j - at - 1 : -1;
  };
  const skipLong = (at: number, level: number): number => {
    const close = `]${'='.repeat(level)}]`;
    const end = text.indexOf(close, at);
    const stop = end < 0 ? n : end + close.length;
    for (let j = at; j < stop; j++) if (text[j] === '\n') newline(j);
    return stop;
  };
  while (i < n) {
    const c = text[i];
    if (c === '\n') {
      newline(i);
      i++;
    } else if (c === '-' && text[i + 1] === '-') {
      const level = longBracketLevel(i + 2);
      if (level >= 0) i = skipLong(i + 2, level);
      else {
        const end = text.indexOf('\n', i);
        i = end < 0 ? n : end;
      }
    } else if (c === '[' && longBracketLevel(i) >= 0) {
      i = skipLong(i, longBracketLevel(i));
    } else if (c === '"' || c === "'") {
      i++;
      while (i < n && text[i] !== c && text[i] !== '\n') {
        if (text[i] !== '\\') {
          i++;
          continue;
        }
        const e = text[i + 1];
        if (e === undefined) break;
        if (e === '\n') {
          newline(i + 1);
          i += 2;
        } else if (/[0-9]/.test(e)) {
          const digits = /^[0-9]{1,3}/.exec(text.slice(i + 1, i + 4))![0];
          const value = Number(digits);
          if (value > 255) {
            out += text.slice(copied, i) + `\\${String(value % 256).padStart(3, '0')}`;
            copied = i + 1 + digits.length;
          }
          i += 1 + digits.length;
        } else if ('abfnrtv\\"\'\r'.includes(e)) {
          i += 2;
        } else {
          // gopher-lua: the character itself. Dropping the backslash says so to Lua 5.3 (a quote or a
          // backslash never gets here, so the string still ends where it did).
          out += text.slice(copied, i);
          copied = i + 1;
          i += 2;
        }
      }
      i++;
    } else if (c === '/' && text[i + 1] === '/') {
      return fail(i + 1, '/', 'syntax error');
    } else if ((c === '<' || c === '>') && text[i + 1] === c) {
      return fail(i + 1, c, 'syntax error');
    } else if (c === '&' || c === '|') {
      return fail(i, c, 'Invalid token');
    } else if (c === '~' && text[i + 1] !== '=') {
      return fail(i, '~', "Invalid '~' token");
    } else if (c === '~') {
      i += 2;
    } else {
      i++;
    }
  }
  return { source: copied === 0 ? text : out + text.slice(copied) };
}
