import { flagRowOf, type CommandRow, type FlagRow } from './commandTable';

/** A command line read against its row of the table: the arguments, and each flag given with its values. */
export interface ParsedCommand {
  row: CommandRow;
  args: string[];
  /** Each flag given, by its long name; its values in order (`true`/`false` for a boolean flag). */
  flags: Map<string, string[]>;
}

/** strconv.ParseBool's words. */
const trueWords = ['1', 't', 'T', 'TRUE', 'true', 'True'];
const falseWords = ['0', 'f', 'F', 'FALSE', 'false', 'False'];

/**
 * Read the words after a command (`argocd app sync` → `web --dry-run --resource :Service:web`) as cobra and
 * pflag do: flags anywhere among the arguments, `--flag value`, `--flag=value`, `-lvalue`, `-l value`, `--` ending
 * the flags; a flag's value is never taken for an argument. A flag the table does not list is refused in pflag's
 * words, prefixed as the tool prints them (`Error: ` for argocd, `error: ` for kubectl); a flag the table marks
 * not modelled is refused with its sentence.
 */
export function parseCommandFlags(
  row: CommandRow,
  words: readonly string[],
  errorPrefix = 'Error: ',
): ParsedCommand | { error: string } {
  const args: string[] = [];
  const flags = new Map<string, string[]>();
  const add = (flag: FlagRow, value: string): string | undefined => {
    if (flag.value === undefined) {
      if (!trueWords.includes(value) && !falseWords.includes(value))
        return `${errorPrefix}invalid argument "${value}" for "${flag.short ? `-${flag.short}, ` : ''}${flag.flag}" flag: strconv.ParseBool: parsing "${value}": invalid syntax`;
      value = trueWords.includes(value) ? 'true' : 'false';
    }
    const invalid = (why: string) =>
      `${errorPrefix}invalid argument "${value}" for "${flag.short ? `-${flag.short}, ` : ''}${flag.flag}" flag: ${why}`;
    if (flag.kind === 'int' && !/^[+-]?\d+$/.test(value))
      return invalid(`strconv.ParseInt: parsing "${value}": invalid syntax`);
    if (flag.kind === 'uint' && !/^\+?\d+$/.test(value))
      return invalid(`strconv.ParseUint: parsing "${value}": invalid syntax`);
    if (flag.kind === 'duration' && !/^(0|([+-]?(\d+(\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h))+)$/.test(value))
      return invalid(`time: invalid duration "${value}"`);
    if ('notModelled' in flag.rule) return `${row.command} ${flag.flag}: ${flag.rule.notModelled}`;
    flags.set(flag.flag, [...(flags.get(flag.flag) ?? []), value]);
    return undefined;
  };
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === '--') {
      args.push(...words.slice(i + 1));
      break;
    }
    if (w.startsWith('--')) {
      const eq = w.indexOf('=');
      const name = eq > 0 ? w.slice(0, eq) : w;
      const flag = row.flags.find((f) => f.flag === name);
      if (!flag) return { error: `${errorPrefix}unknown flag: ${name}` };
      let value: string | undefined = eq > 0 ? w.slice(eq + 1) : undefined;
      if (value === undefined && flag.value !== undefined) {
        if (i + 1 >= words.length) return { error: `${errorPrefix}flag needs an argument: ${name}` };
        value = words[++i];
      }
      const error = add(flag, value ?? 'true');
      if (error) return { error };
    } else if (w.startsWith('-') && w.length > 1) {
      // Shorthands: `-l value`, `-lvalue`, `-l=value`, and booleans run together (`-Av`).
      for (let j = 1; j < w.length; j++) {
        const flag = flagRowOf(row, `-${w[j]}`);
        if (!flag) return { error: `${errorPrefix}unknown shorthand flag: '${w[j]}' in ${w}` };
        if (flag.value === undefined) {
          const error = add(flag, w[j + 1] === '=' ? w.slice(j + 2) : 'true');
          if (error) return { error };
          if (w[j + 1] === '=') break;
          continue;
        }
        let value = w.slice(j + 1).replace(/^=/, '');
        if (value === '') {
          if (i + 1 >= words.length)
            return { error: `${errorPrefix}flag needs an argument: '${w[j]}' in -${w[j]}` };
          value = words[++i];
        }
        const error = add(flag, value);
        if (error) return { error };
        break;
      }
    } else args.push(w);
  }
  return { row, args, flags };
}

/** The last value of a flag, or undefined when it was not given. */
export function flagValue(parsed: ParsedCommand, flag: string): string | undefined {
  return parsed.flags.get(flag)?.at(-1);
}

/** Whether a boolean flag was given true. */
export function flagOn(parsed: ParsedCommand, flag: string): boolean {
  return flagValue(parsed, flag) === 'true';
}
