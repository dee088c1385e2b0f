import { commandTable, type CommandRow, type FlagRow } from '../engine';

/** A table cell: a `|` would end it. */
const cell = (text: string) => text.replace(/\|/g, '\\|');

function flagCell(flag: FlagRow): string {
  const name = `${flag.short ? `-${flag.short}, ` : ''}${flag.flag}${flag.value ? ` ${flag.value}` : ''}`;
  return `\`${cell(name)}\`${flag.repeatable ? ' (repeatable)' : ''}`;
}

function ruleCell(flag: FlagRow): string {
  return 'modelled' in flag.rule
    ? `modelled: ${cell(flag.rule.modelled)}`
    : `**not modelled**: ${cell(flag.rule.notModelled)}`;
}

function commandLines(row: CommandRow): string[] {
  const where = row.in.map((p) => (p === 'then' ? '`--then`' : 'terminal')).join(', ');
  const head = `| \`${cell(`${row.command}${row.args ? ` ${row.args}` : ''}`)}\` | ${where}${row.acts ? ', acts' : ''} | | ${cell(row.help)} |`;
  return [head, ...row.flags.map((f) => `| | | ${flagCell(f)} | ${ruleCell(f)} |`)];
}

/**
 * The command table as docs/reference.md lists it ("Commands and flags"): a row per command (where it is accepted,
 * whether it acts, what it does), then a row per flag with its rule. commandTableMarkdown.test.ts checks the doc
 * against it (`DOCS_WRITE=1` rewrites the section).
 */
export function commandTableMarkdown(): string {
  return [
    '| command | where | flag | what it does / rule |',
    '| --- | --- | --- | --- |',
    ...commandTable.flatMap(commandLines),
  ].join('\n');
}
