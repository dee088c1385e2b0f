/**
 * util/glob `Match` without separators (github.com/gobwas/glob `Compile(pattern)`): `*` any run of characters,
 * `?` one character, `[abc]`, `[a-z]`, `[!abc]` one of (or none of) a class, `{a,b}` one of the alternatives, `\`
 * quotes the next character. A pattern that does not compile matches nothing, as util/glob logs and returns
 * false.
 */
export function gobwasGlobMatch(pattern: string, text: string): boolean {
  const source = toRegex(pattern);
  return source !== undefined && new RegExp(`^${source}$`, 'su').test(text);
}

const cache = new Map<string, string | undefined>();

function toRegex(pattern: string): string | undefined {
  if (cache.has(pattern)) return cache.get(pattern);
  const compiled = compile([...pattern], 0, false);
  const out = compiled && compiled.end === [...pattern].length ? compiled.source : undefined;
  if (cache.size > 1000) cache.clear();
  cache.set(pattern, out);
  return out;
}

const escape = (c: string) => c.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
/** Inside a class only these need quoting (the `u` flag refuses needless escapes). */
const escapeInClass = (c: string) => c.replace(/[\\\]^-]/g, '\\$&');

/** The regex of `chars` from `i`, up to the end (or, inside `{…}`, up to the `,` or `}` that ends the branch). */
function compile(
  chars: string[],
  start: number,
  inBraces: boolean,
): { source: string; end: number } | undefined {
  let out = '';
  let i = start;
  while (i < chars.length) {
    const c = chars[i];
    if (inBraces && (c === ',' || c === '}')) return { source: out, end: i };
    if (c === '\\') {
      if (i + 1 >= chars.length) return undefined;
      out += escape(chars[i + 1]);
      i += 2;
    } else if (c === '*') {
      out += '.*';
      i++;
    } else if (c === '?') {
      out += '.';
      i++;
    } else if (c === '[') {
      const close = chars.indexOf(']', i + 1);
      if (close < 0) return undefined;
      let body = chars.slice(i + 1, close);
      const negate = body[0] === '!';
      if (negate) body = body.slice(1);
      if (body.length === 0) return undefined;
      let cls = '';
      for (let k = 0; k < body.length; k++) {
        if (body[k + 1] === '-' && k + 2 < body.length) {
          cls += `${escapeInClass(body[k])}-${escapeInClass(body[k + 2])}`;
          k += 2;
        } else cls += escapeInClass(body[k]);
      }
      out += `[${negate ? '^' : ''}${cls}]`;
      i = close + 1;
    } else if (c === '{') {
      const branches: string[] = [];
      let j = i + 1;
      for (;;) {
        const branch = compile(chars, j, true);
        if (!branch || branch.end >= chars.length) return undefined;
        branches.push(branch.source);
        j = branch.end + 1;
        if (chars[branch.end] === '}') break;
      }
      out += `(?:${branches.join('|')})`;
      i = j;
    } else {
      out += escape(c);
      i++;
    }
  }
  return inBraces ? undefined : { source: out, end: i };
}
