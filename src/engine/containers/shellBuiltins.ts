/**
 * The pure builtins of the sandbox's `sh`: what `echo`, `printf`, `sleep` and `test`/`[` compute from their
 * arguments. The interpreter (shell.ts) turns their results into log lines, delays and exit statuses.
 */

/** `echo [-n] [-e] args…`: the text written, with its trailing newline. */
export function echoText(args: string[]): string {
  let newline = true;
  let escapes = false;
  let i = 0;
  for (; i < args.length && /^-[neE]+$/.test(args[i]); i++) {
    if (args[i].includes('n')) newline = false;
    if (args[i].includes('e')) escapes = true;
  }
  let text = args.slice(i).join(' ');
  if (escapes) {
    const cut = text.indexOf('\\c');
    if (cut >= 0) {
      text = text.slice(0, cut);
      newline = false;
    }
    text = unescape(text);
  }
  return newline ? text + '\n' : text;
}

/** `printf format args…` with %s %d %i %% and backslash escapes; the format is reused for extra args. */
export function printfText(args: string[]): string {
  const [format = '', ...rest] = args;
  let out = '';
  let k = 0;
  do {
    out += unescape(format).replace(/%([%sdi])/g, (_, conv: string) => {
      if (conv === '%') return '%';
      const arg = rest[k++] ?? '';
      return conv === 's' ? arg : String(Math.trunc(Number(arg) || 0));
    });
  } while (k > 0 && k < rest.length);
  return out;
}

function unescape(text: string): string {
  const map: Record<string, string> = { n: '\n', t: '\t', '\\': '\\', r: '', a: '', b: '', f: '', v: '' };
  return text.replace(/\\([ntr\\abfv])/g, (_, c: string) => map[c]);
}

/** Split written text into log lines (a trailing newline ends the last line; it does not add one). */
export function textLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * `sleep N[smhd]…` (GNU and busybox accept several numbers and sum them; `infinity` never returns): the
 * delay in ms, or the error message.
 */
export function sleepMs(args: string[]): number | string {
  if (args.length === 0) return 'sleep: missing operand';
  let total = 0;
  for (const arg of args) {
    if (arg === 'infinity' || arg === 'inf') return Infinity;
    const m = /^(\d+(?:\.\d*)?|\.\d+)([smhd]?)$/.exec(arg);
    if (!m) return `sleep: invalid time interval '${arg}'`;
    const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[m[2]]!;
    total += Number(m[1]) * unit * 1000;
  }
  return Math.round(total);
}

/** `test expr` / `[ expr ]`: status 0 (true), 1 (false) or 2 with an error message. */
export function testStatus(argv: string[]): { status: number; error?: string } {
  let args = argv.slice(1);
  const bracket = argv[0] === '[';
  if (bracket) {
    if (args[args.length - 1] !== ']') return { status: 2, error: '[: missing ]' };
    args = args.slice(0, -1);
  }
  try {
    if (args.length === 0) return { status: 1 };
    const parser = new TestParser(args, argv[0]);
    const result = parser.or();
    if (!parser.done()) throw new TestError(`${argv[0]}: ${args[parser.pos]}: unexpected operator`);
    return { status: result ? 0 : 1 };
  } catch (e) {
    if (e instanceof TestError) return { status: 2, error: e.message };
    throw e;
  }
}

class TestError extends Error {}

const binaryOps = new Set(['=', '==', '!=', '-eq', '-ne', '-lt', '-le', '-gt', '-ge']);
const fileOps = new Set(['-e', '-f', '-d', '-s', '-r', '-w', '-x', '-L', '-h', '-p', '-S', '-b', '-c']);

class TestParser {
  pos = 0;
  constructor(
    private readonly args: string[],
    private readonly name: string,
  ) {}

  done(): boolean {
    return this.pos >= this.args.length;
  }

  or(): boolean {
    let v = this.and();
    while (this.args[this.pos] === '-o') {
      this.pos++;
      v = this.and() || v;
    }
    return v;
  }

  private and(): boolean {
    let v = this.not();
    while (this.args[this.pos] === '-a') {
      this.pos++;
      v = this.not() && v;
    }
    return v;
  }

  private not(): boolean {
    if (this.args[this.pos] === '!' && this.pos + 1 < this.args.length) {
      this.pos++;
      return !this.not();
    }
    return this.primary();
  }

  private primary(): boolean {
    const a = this.args;
    const t = a[this.pos];
    if (t === '(') {
      this.pos++;
      const v = this.or();
      if (a[this.pos++] !== ')') throw new TestError(`${this.name}: closing paren expected`);
      return v;
    }
    if (binaryOps.has(a[this.pos + 1]) && this.pos + 2 < a.length) {
      const [left, op, right] = a.slice(this.pos, this.pos + 3);
      this.pos += 3;
      if (op === '=' || op === '==') return left === right;
      if (op === '!=') return left !== right;
      const [x, y] = [this.int(left), this.int(right)];
      return { '-eq': x === y, '-ne': x !== y, '-lt': x < y, '-le': x <= y, '-gt': x > y, '-ge': x >= y }[
        op
      ]!;
    }
    if ((t === '-z' || t === '-n') && this.pos + 1 < a.length) {
      const s = a[this.pos + 1];
      this.pos += 2;
      return t === '-z' ? s === '' : s !== '';
    }
    if (fileOps.has(t) && this.pos + 1 < a.length) {
      // The sandbox's containers have no files to look at: every file test is false.
      this.pos += 2;
      return false;
    }
    this.pos++;
    return t !== '';
  }

  private int(s: string): number {
    if (!/^\s*-?\d+\s*$/.test(s)) throw new TestError(`${this.name}: Illegal number: ${s}`);
    return Number(s);
  }
}
