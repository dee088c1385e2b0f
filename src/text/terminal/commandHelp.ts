import type { CommandRow, FlagRow } from '../../engine';

/** A flag as cobra's usage lists it: `  -l, --selector SELECTOR`. */
function flagUsage(flag: FlagRow): string {
  const short = flag.short ? `-${flag.short}, ` : '    ';
  return `  ${short}${flag.flag}${flag.value ? ` ${flag.value}` : ''}`;
}

/**
 * `COMMAND --help`, read from the command table: what the command does here, its usage, and each flag with the
 * CLI's own help text, a flag the sandbox does not model marked so with its sentence.
 */
export function commandHelp(row: CommandRow): string[] {
  const usages = row.flags.map(flagUsage);
  const width = Math.max(0, ...usages.map((u) => u.length)) + 3;
  const lines = [
    row.help,
    '',
    'Usage:',
    `  ${row.command}${row.args ? ` ${row.args}` : ''}${row.flags.length > 0 ? ' [flags]' : ''}`,
  ];
  if (row.flags.length > 0) lines.push('', 'Flags:');
  row.flags.forEach((flag, i) => {
    const note = 'notModelled' in flag.rule ? ` (not modelled: ${flag.rule.notModelled})` : '';
    lines.push(`${usages[i].padEnd(width)}${flag.help}${note}`);
  });
  return lines;
}
