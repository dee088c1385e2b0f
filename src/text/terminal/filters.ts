/**
 * The filters a command's output can be piped into, as the course uses them: `grep [-E] [-i] [-v] PATTERN`,
 * `sed -n '/RE/,$p'` (print from the first line matching RE to the end) and `sed -n 'A,Bp'`, `tail -N` /
 * `tail -n N`, `head -N` / `head -n N`. Each takes the output's lines and returns the lines it keeps, or an
 * error message worded like the real tool's.
 */
import { LinearRegex, MatchBudget, MatchBudgetExceeded } from './linearRegex';

export type FilterResult = { ok: true; lines: string[] } | { ok: false; error: string };

export const filterNames = ['grep', 'sed', 'tail', 'head'] as const;

export function runFilter(words: string[], lines: string[]): FilterResult {
  const [name, ...args] = words;
  switch (name) {
    case 'grep':
      return grep(args, lines);
    case 'sed':
      return sed(args, lines);
    case 'tail':
    case 'head': {
      const n = countOf(args);
      if (n === undefined)
        return { ok: false, error: `${name}: invalid number of lines: '${args.join(' ')}'` };
      return { ok: true, lines: name === 'tail' ? (n === 0 ? [] : lines.slice(-n)) : lines.slice(0, n) };
    }
    default:
      return {
        ok: false,
        error: `${name}: not available here (after a pipe this terminal runs grep, sed -n, tail and head)`,
      };
  }
}

function countOf(args: string[]): number | undefined {
  if (args.length === 0) return 10;
  const text = args[0] === '-n' ? args[1] : /^-\d+$/.test(args[0]) ? args[0].slice(1) : undefined;
  if (text === undefined || !/^\d+$/.test(text) || args.length > (args[0] === '-n' ? 2 : 1)) return undefined;
  return Number(text);
}

function grep(args: string[], lines: string[]): FilterResult {
  let flags = '';
  let invert = false;
  let extended = false;
  const patterns: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '-e' && i + 1 < args.length) patterns.push(args[++i]);
    else if (/^-[Eiv]+$/.test(a)) {
      if (a.includes('i')) flags += 'i';
      if (a.includes('v')) invert = true;
      if (a.includes('E')) extended = true;
    } else if (a.startsWith('-') && a.length > 1)
      return { ok: false, error: `grep: unsupported option ${a}` };
    else patterns.push(a);
  }
  if (patterns.length === 0) return { ok: false, error: 'Usage: grep [OPTION]... PATTERNS [FILE]...' };
  // A linear-time matcher, not RegExp: a backtracking pattern such as `(.*.*)*x$` froze the tab.
  let re: LinearRegex;
  try {
    re = new LinearRegex(
      patterns.map((p) => `(${extended ? p : basicToExtended(p)})`).join('|'),
      flags.includes('i'),
    );
  } catch {
    return { ok: false, error: `grep: invalid regular expression: ${patterns.join(' ')}` };
  }
  // One budget for the whole output: the cost grows with the output, so the limit is on the command, not a line.
  const budget = new MatchBudget();
  try {
    return { ok: true, lines: lines.filter((l) => re.test(l, budget) !== invert) };
  } catch (error) {
    if (!(error instanceof MatchBudgetExceeded)) throw error;
    return { ok: false, error: `grep: ${error.message}; try a simpler pattern` };
  }
}

/** In a basic regular expression `|`, `+`, `?`, `(`, `)`, `{` and `}` are literal unless escaped. */
function basicToExtended(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length && '|+?(){}'.includes(pattern[i + 1])) out += pattern[++i];
    else if ('|+?(){}'.includes(c)) out += `\\${c}`;
    else out += c;
  }
  return out;
}

function sed(args: string[], lines: string[]): FilterResult {
  const script = args[0] === '-n' ? args[1] : undefined;
  if (script === undefined || args.length !== 2)
    return { ok: false, error: "sed: only `sed -n '/RE/,$p'` and `sed -n 'A,Bp'` are supported here" };
  const range = /^(?:\/(.*)\/|(\d+)),(\$|\d+)p$/.exec(script);
  if (!range) return { ok: false, error: `sed: -e expression #1: unsupported script: ${script}` };
  let start: number;
  if (range[1] !== undefined) {
    let re: LinearRegex;
    try {
      re = new LinearRegex(basicToExtended(range[1]));
    } catch {
      return { ok: false, error: `sed: -e expression #1: invalid regular expression: ${range[1]}` };
    }
    const budget = new MatchBudget();
    try {
      start = lines.findIndex((l) => re.test(l, budget));
    } catch (error) {
      if (!(error instanceof MatchBudgetExceeded)) throw error;
      return { ok: false, error: `sed: ${error.message}; try a simpler pattern` };
    }
    if (start < 0) return { ok: true, lines: [] };
  } else start = Number(range[2]) - 1;
  const end = range[3] === '$' ? lines.length : Number(range[3]);
  return { ok: true, lines: lines.slice(start, Math.max(start + 1, end)) };
}
