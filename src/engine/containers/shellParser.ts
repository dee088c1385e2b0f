import { ShellSyntaxError, tokenize, type Token, type Word } from './shellLexer';

/**
 * The grammar of the sandbox's `sh`, a subset of POSIX shell (IEEE 1003.1 §2.10): lists joined by `;`, `&`
 * or newlines, `&&`/`||` chains, pipelines, `{ …; }` and `( … )` groups, `if`/`elif`/`else`, `while`,
 * `until`, `for … in …` and simple commands with assignments and redirections. Enough for the scripts people
 * put in hooks and init containers: `until curl -sf http://db:5432; do sleep 2; done`.
 */
export interface Redirect {
  fd: number;
  op: string;
  target: Word;
}

export type Command =
  | { type: 'simple'; assigns: { name: string; value: Word }[]; words: Word[]; redirects: Redirect[] }
  | { type: 'group'; body: List; subshell: boolean; redirects: Redirect[] }
  | { type: 'if'; clauses: { cond: List; body: List }[]; otherwise?: List; redirects: Redirect[] }
  | { type: 'loop'; until: boolean; cond: List; body: List; redirects: Redirect[] }
  | { type: 'for'; name: string; items?: Word[]; body: List; redirects: Redirect[] };

export interface Pipeline {
  negate: boolean;
  commands: Command[];
}

export interface AndOr {
  first: Pipeline;
  rest: { op: '&&' | '||'; pipeline: Pipeline }[];
}

export interface List {
  items: AndOr[];
}

/** Parse a whole script. Throws ShellSyntaxError with dash's wording on a syntax error. */
export function parseScript(src: string): List {
  const parser = new Parser(tokenize(src));
  const list = parser.list([]);
  const rest = parser.peek();
  if (rest) throw new ShellSyntaxError(`"${describe(rest)}" unexpected`);
  return list;
}

/** The text of a word that is one unquoted literal (how reserved words and assignments are recognised). */
export function plainText(word: Word): string | undefined {
  const [part, more] = word.parts;
  return part?.type === 'text' && !part.quoted && !more ? part.text : undefined;
}

function describe(token: Token): string {
  if (token.type === 'op') return token.op === '\n' ? 'newline' : token.op;
  if (token.type === 'redir') return token.op;
  return plainText(token.word) ?? 'word';
}

class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  peek(): Token | undefined {
    return this.tokens[this.i];
  }

  list(stop: string[]): List {
    const items: AndOr[] = [];
    for (;;) {
      while (this.isOp(['\n', ';'])) this.i++;
      const token = this.peek();
      if (!token || this.isOp([')', ';;']) || this.isReserved(stop)) break;
      items.push(this.andOr());
      if (!this.isOp([';', '&', '\n'])) break;
      this.i++;
    }
    return { items };
  }

  private andOr(): AndOr {
    const first = this.pipeline();
    const rest: AndOr['rest'] = [];
    while (this.isOp(['&&', '||'])) {
      const op = (this.tokens[this.i++] as { op: '&&' | '||' }).op;
      this.skipNewlines();
      rest.push({ op, pipeline: this.pipeline() });
    }
    return { first, rest };
  }

  private pipeline(): Pipeline {
    const negate = this.isReserved(['!']);
    if (negate) this.i++;
    const commands = [this.command()];
    while (this.isOp(['|'])) {
      this.i++;
      this.skipNewlines();
      commands.push(this.command());
    }
    return { negate, commands };
  }

  private command(): Command {
    const token = this.peek();
    if (!token) throw new ShellSyntaxError('end of file unexpected');
    if (this.isReserved(['{'])) {
      this.i++;
      const body = this.list(['}']);
      this.expect('}');
      return { type: 'group', body, subshell: false, redirects: this.redirects() };
    }
    if (this.isOp(['('])) {
      this.i++;
      const body = this.list([]);
      if (!this.isOp([')'])) throw new ShellSyntaxError('end of file unexpected (expecting ")")');
      this.i++;
      return { type: 'group', body, subshell: true, redirects: this.redirects() };
    }
    if (this.isReserved(['if'])) return this.ifCommand();
    if (this.isReserved(['while', 'until'])) {
      const until = plainText((this.tokens[this.i++] as { word: Word }).word) === 'until';
      const cond = this.list(['do']);
      this.expect('do');
      const body = this.list(['done']);
      this.expect('done');
      return { type: 'loop', until, cond, body, redirects: this.redirects() };
    }
    if (this.isReserved(['for'])) return this.forCommand();
    return this.simple();
  }

  private ifCommand(): Command {
    const clauses: { cond: List; body: List }[] = [];
    let otherwise: List | undefined;
    this.i++;
    for (;;) {
      const cond = this.list(['then']);
      this.expect('then');
      clauses.push({ cond, body: this.list(['elif', 'else', 'fi']) });
      if (this.isReserved(['elif'])) {
        this.i++;
        continue;
      }
      if (this.isReserved(['else'])) {
        this.i++;
        otherwise = this.list(['fi']);
      }
      this.expect('fi');
      return { type: 'if', clauses, otherwise, redirects: this.redirects() };
    }
  }

  private forCommand(): Command {
    this.i++;
    const nameToken = this.peek();
    const name = nameToken?.type === 'word' ? plainText(nameToken.word) : undefined;
    if (!name || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new ShellSyntaxError('Bad for loop variable');
    this.i++;
    this.skipNewlines();
    let items: Word[] | undefined;
    if (this.isReserved(['in'])) {
      this.i++;
      items = [];
      for (let t = this.peek(); t?.type === 'word'; t = this.peek()) {
        items.push(t.word);
        this.i++;
      }
    }
    while (this.isOp([';', '\n'])) this.i++;
    this.expect('do');
    const body = this.list(['done']);
    this.expect('done');
    return { type: 'for', name, items, body, redirects: this.redirects() };
  }

  private simple(): Command {
    const assigns: { name: string; value: Word }[] = [];
    const words: Word[] = [];
    const redirects: Redirect[] = [];
    for (let t = this.peek(); t && t.type !== 'op'; t = this.peek()) {
      if (t.type === 'redir') {
        redirects.push(this.redirect());
        continue;
      }
      this.i++;
      const first = t.word.parts[0];
      const m =
        first?.type === 'text' && !first.quoted ? /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(first.text) : null;
      if (m && words.length === 0) {
        const rest = first.type === 'text' ? first.text.slice(m[0].length) : '';
        const value: Word = {
          parts: [{ type: 'text', text: rest, quoted: false }, ...t.word.parts.slice(1)],
        };
        assigns.push({ name: m[1], value });
      } else words.push(t.word);
    }
    if (!assigns.length && !words.length && !redirects.length) {
      const t = this.peek();
      throw new ShellSyntaxError(t ? `"${describe(t)}" unexpected` : 'end of file unexpected');
    }
    return { type: 'simple', assigns, words, redirects };
  }

  private redirects(): Redirect[] {
    const out: Redirect[] = [];
    while (this.peek()?.type === 'redir') out.push(this.redirect());
    return out;
  }

  private redirect(): Redirect {
    const t = this.tokens[this.i++] as Extract<Token, { type: 'redir' }>;
    const target = this.peek();
    if (target?.type !== 'word') throw new ShellSyntaxError('redirection unexpected');
    this.i++;
    const fd = t.fd ?? (t.op.startsWith('<') ? 0 : 1);
    return { fd, op: t.op, target: target.word };
  }

  private expect(word: string): void {
    if (!this.isReserved([word])) {
      const t = this.peek();
      throw new ShellSyntaxError(
        t
          ? `"${describe(t)}" unexpected (expecting "${word}")`
          : `end of file unexpected (expecting "${word}")`,
      );
    }
    this.i++;
  }

  private skipNewlines(): void {
    while (this.isOp(['\n'])) this.i++;
  }

  private isOp(ops: string[]): boolean {
    const t = this.peek();
    return t?.type === 'op' && ops.includes(t.op);
  }

  private isReserved(words: string[]): boolean {
    const t = this.peek();
    if (t?.type !== 'word') return false;
    const text = plainText(t.word);
    return text !== undefined && words.includes(text);
  }
}
