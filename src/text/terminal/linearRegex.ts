import { thousands } from '../thousands';
/**
 * A regular expression matcher whose time is linear in the line's length (a Thompson NFA, run as a set of states),
 * for the terminal's `grep` and `sed -n '/RE/,$p'`. JavaScript's RegExp backtracks: `grep -E '(.*.*)*x$'` froze the
 * tab for over 90 s on one `argocd app get`. This reads the extended syntax grep -E takes: literals,
 * `.`, bracket expressions (`[a-z]`, `[^…]`, `[[:alpha:]]`), `^`, `$`, groups, `|`, and the quantifiers `*`, `+`,
 * `?`, `{n}`, `{n,}`, `{n,m}`; escapes `\.`, `\d`, `\w`, `\s` and their capitals. It finds whether a line holds a
 * match, nothing more (no captures, no back-references, which it refuses).
 */

type CharTest = (c: string) => boolean;

/** One NFA state: a character test, a fork, an anchor or the match. */
type State =
  | { kind: 'char'; test: CharTest; out: number }
  | { kind: 'split'; a: number; b: number }
  | { kind: 'bol' | 'eol'; out: number }
  | { kind: 'match' };

/** A piece of the NFA under construction: its start, and the dangling exits to patch. */
interface Fragment {
  start: number;
  exits: ((to: number) => void)[];
}

export class RegexSyntaxError extends Error {}

/**
 * What one command's matching may spend, in steps (a state entered or a character tried against a state), as the
 * Lua VM has a step budget (luaBudget.ts): linear in the line is not cheap when the pattern is large. `(.?){900}x`
 * makes about 1,800 states, each visited at every character of every line: 11.6 s on one output. 5 million steps
 * take a fraction of a second; an ordinary pattern costs about 6 steps a character, so 5 million cover some 800 kB of output.
 */
export class MatchBudget {
  used = 0;
  constructor(readonly steps = 5_000_000) {}

  spend(n: number): void {
    this.used += n;
    if (this.used > this.steps) throw new MatchBudgetExceeded(this.steps);
  }
}

export class MatchBudgetExceeded extends Error {
  constructor(readonly steps: number) {
    super(`the pattern needs more than ${thousands(steps)} steps to match this output`);
  }
}

/** A bound on the states, so that `(a{255}){255}` cannot build a million of them. */
const maxStates = 20_000;
/** GNU grep allows 32767 repeats (RE_DUP_MAX); a terminal line needs far fewer. */
const maxRepeat = 1_000;

export class LinearRegex {
  private readonly states: State[] = [];
  private readonly start: number;
  private pos = 0;

  constructor(
    private readonly source: string,
    private readonly ignoreCase = false,
  ) {
    const fragment = this.alternation();
    if (this.pos < source.length) throw new RegexSyntaxError(`unmatched ) at ${this.pos}`);
    const match = this.add({ kind: 'match' });
    for (const exit of fragment.exits) exit(match);
    this.start = fragment.start;
  }

  /**
   * Whether some part of `line` matches (grep's test of one line). Every state entered and every character tried is
   * a step of `budget`, which throws MatchBudgetExceeded once spent.
   */
  test(line: string, budget: MatchBudget = new MatchBudget()): boolean {
    let current = new Set<number>();
    for (let i = 0; i <= line.length; i++) {
      // A match may start at any position: the start state joins the set at each one.
      this.closure(this.start, i, line, current, budget);
      if ([...current].some((s) => this.states[s].kind === 'match')) return true;
      if (i === line.length) break;
      const c = this.fold(line[i]);
      const next = new Set<number>();
      budget.spend(current.size);
      for (const s of current) {
        const state = this.states[s];
        if (state.kind === 'char' && state.test(c)) this.closure(state.out, i + 1, line, next, budget);
      }
      current = next;
    }
    return false;
  }

  private fold(c: string): string {
    return this.ignoreCase ? c.toLowerCase() : c;
  }

  /** Adds `s` and every state reached from it without reading a character, at position `i`. */
  private closure(s: number, i: number, line: string, into: Set<number>, budget: MatchBudget): void {
    const stack = [s];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (into.has(id)) continue;
      into.add(id);
      budget.spend(1);
      const state = this.states[id];
      if (state.kind === 'split') stack.push(state.b, state.a);
      else if (state.kind === 'bol' && i === 0) stack.push(state.out);
      else if (state.kind === 'eol' && i === line.length) stack.push(state.out);
    }
  }

  private add(state: State): number {
    if (this.states.length >= maxStates) throw new RegexSyntaxError('expression too large');
    this.states.push(state);
    return this.states.length - 1;
  }

  private peek(): string | undefined {
    return this.source[this.pos];
  }

  private alternation(): Fragment {
    const branches = [this.sequence()];
    while (this.peek() === '|') {
      this.pos++;
      branches.push(this.sequence());
    }
    return branches.reduce((left, right) => {
      const split = this.add({ kind: 'split', a: left.start, b: right.start });
      return { start: split, exits: [...left.exits, ...right.exits] };
    });
  }

  private sequence(): Fragment {
    const pieces: Fragment[] = [];
    while (this.pos < this.source.length && this.peek() !== '|' && this.peek() !== ')')
      pieces.push(this.quantified());
    if (pieces.length === 0) return this.empty();
    return pieces.reduce((left, right) => {
      for (const exit of left.exits) exit(right.start);
      return { start: left.start, exits: right.exits };
    });
  }

  /** A state that reads nothing: a split whose two ways lead to the same place. */
  private empty(): Fragment {
    const id = this.add({ kind: 'split', a: -1, b: -1 });
    const state = this.states[id] as { a: number; b: number };
    return {
      start: id,
      exits: [
        (to) => {
          state.a = to;
          state.b = to;
        },
      ],
    };
  }

  private quantified(): Fragment {
    const atomStart = this.pos;
    let fragment = this.atom();
    for (;;) {
      const c = this.peek();
      if (c === '*' || c === '+' || c === '?') {
        this.pos++;
        fragment =
          c === '*' ? this.star(fragment) : c === '+' ? this.plus(fragment) : this.optional(fragment);
      } else if (c === '{' && /^\{\d+(,\d*)?\}/.test(this.source.slice(this.pos))) {
        const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.pos))!;
        this.pos += match[0].length;
        const min = Number(match[1]);
        const max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
        if (max < min) throw new RegexSyntaxError('invalid content of \\{\\}');
        fragment = this.repeat(atomStart, fragment, min, max);
      } else return fragment;
    }
  }

  private star(inner: Fragment): Fragment {
    const split = this.add({ kind: 'split', a: inner.start, b: -1 });
    for (const exit of inner.exits) exit(split);
    const state = this.states[split] as { b: number };
    return { start: split, exits: [(to) => (state.b = to)] };
  }

  private plus(inner: Fragment): Fragment {
    const split = this.add({ kind: 'split', a: inner.start, b: -1 });
    for (const exit of inner.exits) exit(split);
    const state = this.states[split] as { b: number };
    return { start: inner.start, exits: [(to) => (state.b = to)] };
  }

  private optional(inner: Fragment): Fragment {
    const split = this.add({ kind: 'split', a: inner.start, b: -1 });
    const state = this.states[split] as { b: number };
    return { start: split, exits: [...inner.exits, (to) => (state.b = to)] };
  }

  /** `{min,max}`: the atom's text compiled again for each copy (each copy needs states of its own). */
  private repeat(atomStart: number, first: Fragment, min: number, max: number): Fragment {
    if (min > maxRepeat || (Number.isFinite(max) && max > maxRepeat))
      throw new RegexSyntaxError('Regular expression too big');
    let unused: Fragment | undefined = first;
    const take = (): Fragment => {
      if (unused) {
        const fragment = unused;
        unused = undefined;
        return fragment;
      }
      const saved = this.pos;
      this.pos = atomStart;
      const fragment = this.atom();
      this.pos = saved;
      return fragment;
    };
    const parts: Fragment[] = [];
    for (let i = 0; i < min; i++) parts.push(take());
    if (!Number.isFinite(max)) parts.push(this.star(take()));
    else for (let i = min; i < max; i++) parts.push(this.optional(take()));
    if (parts.length === 0) return this.empty();
    return parts.reduce((left, right) => {
      for (const exit of left.exits) exit(right.start);
      return { start: left.start, exits: right.exits };
    });
  }

  private char(test: CharTest): Fragment {
    const id = this.add({ kind: 'char', test, out: -1 });
    const state = this.states[id] as { out: number };
    return { start: id, exits: [(to) => (state.out = to)] };
  }

  private anchor(kind: 'bol' | 'eol'): Fragment {
    const id = this.add({ kind, out: -1 });
    const state = this.states[id] as { out: number };
    return { start: id, exits: [(to) => (state.out = to)] };
  }

  private atom(): Fragment {
    const c = this.source[this.pos++];
    switch (c) {
      case '(': {
        const inner = this.alternation();
        if (this.source[this.pos++] !== ')') throw new RegexSyntaxError('Unmatched ( or \\(');
        return inner;
      }
      case '.':
        return this.char(() => true);
      case '^':
        return this.anchor('bol');
      case '$':
        return this.anchor('eol');
      case '[':
        return this.char(this.bracket());
      case '\\':
        return this.char(this.escape());
      default:
        // A leading `*`, `+` or `?` is a literal character to grep -E, as is any other.
        return this.literal(c);
    }
  }

  private literal(c: string): Fragment {
    const folded = this.fold(c);
    return this.char((x) => x === folded);
  }

  private escape(): CharTest {
    const c = this.source[this.pos++];
    if (c === undefined) throw new RegexSyntaxError('Trailing backslash');
    if (/[1-9]/.test(c)) throw new RegexSyntaxError('back-references are not supported here');
    const classes: Record<string, CharTest> = {
      d: (x) => x >= '0' && x <= '9',
      w: (x) => /[A-Za-z0-9_]/.test(x),
      s: (x) => /\s/.test(x),
    };
    const lower = c.toLowerCase();
    if (Object.hasOwn(classes, lower)) {
      const test = classes[lower];
      return c === lower ? test : (x) => !test(x);
    }
    const folded = this.fold(c);
    return (x) => x === folded;
  }

  private bracket(): CharTest {
    const negate = this.peek() === '^';
    if (negate) this.pos++;
    const tests: CharTest[] = [];
    let first = true;
    for (;;) {
      const c = this.source[this.pos];
      if (c === undefined) throw new RegexSyntaxError('Unmatched [, [^, [:, [., or [=');
      if (c === ']' && !first) {
        this.pos++;
        break;
      }
      first = false;
      const posix = /^\[:([a-z]+):\]/.exec(this.source.slice(this.pos));
      if (posix) {
        tests.push(posixClass(posix[1]));
        this.pos += posix[0].length;
        continue;
      }
      this.pos++;
      const from = c;
      if (
        this.peek() === '-' &&
        this.source[this.pos + 1] !== undefined &&
        this.source[this.pos + 1] !== ']'
      ) {
        const to = this.source[this.pos + 1];
        this.pos += 2;
        if (to < from) throw new RegexSyntaxError('Invalid range end');
        tests.push(
          this.ignoreCase
            ? (x) => (x >= from && x <= to) || (x.toUpperCase() >= from && x.toUpperCase() <= to)
            : (x) => x >= from && x <= to,
        );
      } else {
        const folded = this.fold(from);
        tests.push((x) => x === folded);
      }
    }
    return (x) => tests.some((test) => test(x)) !== negate;
  }
}

function posixClass(name: string): CharTest {
  const classes: Record<string, RegExp> = {
    alpha: /[A-Za-z]/,
    digit: /[0-9]/,
    alnum: /[A-Za-z0-9]/,
    upper: /[A-Z]/,
    lower: /[a-z]/,
    space: /\s/,
    blank: /[ \t]/,
    punct: /[!-/:-@[-`{-~]/,
    xdigit: /[0-9A-Fa-f]/,
  };
  if (!Object.hasOwn(classes, name)) throw new RegexSyntaxError('Invalid character class name');
  const re = classes[name];
  return (x) => re.test(x);
}
