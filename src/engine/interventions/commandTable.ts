import { argocdCommands } from './argocdCommands';
import type { CommandRow, FlagRow } from './commandRow';
import { kubectlCommands } from './kubectlCommands';
import { shellCommands } from './shellCommands';

/**
 * Every command and flag the page's terminal and `sim run --then` accept, in one table (issue 28): nothing a
 * learner types is accepted and ignored. Each flag is either modelled, naming the Argo CD (or kubectl) test or file
 * the sandbox follows, or not modelled, with one sentence saying what Argo CD would do; a flag the real CLI does not
 * have is refused in the CLI's own words (`Error: unknown flag: --x`, commandFlags.ts). The parsers (commandFlags.ts),
 * the terminal's Tab completion and `--help`, and docs/reference.md ("Commands and flags", checked by
 * src/text/commandTableMarkdown.test.ts) are all read from it. The rows are kept by tool: argocdCommands.ts,
 * kubectlCommands.ts, shellCommands.ts (git and the terminal's shell words); their shape is commandRow.ts.
 *
 * To add a command (another branch's `argocd proj windows list`, `argocd cluster list`, `kubectl --context`): add
 * one row to its tool's file, and its runner where the terminal or the intervention parser dispatches; the help, completion and
 * reference follow.
 */

export type { CommandPlace, CommandRow, FlagRow, FlagRule } from './commandRow';

/** The table, one row per command. */
export const commandTable: readonly CommandRow[] = [...argocdCommands, ...kubectlCommands, ...shellCommands];

/**
 * The row of a command line: the longest command of the table its leading words spell (`argocd app sync web` is
 * `argocd app sync`). Only words before the first flag count, as cobra finds a subcommand.
 */
export function commandRowOf(words: readonly string[]): CommandRow | undefined {
  let best: CommandRow | undefined;
  for (const row of commandTable) {
    const path = row.command.split(' ');
    if (path.length <= words.length && path.every((w, i) => words[i] === w))
      if (!best || path.length > best.command.split(' ').length) best = row;
  }
  return best;
}

/** The flag row a word names (`--dry-run`, `-l`), or undefined. */
export function flagRowOf(row: CommandRow, name: string): FlagRow | undefined {
  return row.flags.find((f) => f.flag === name || (f.short !== undefined && `-${f.short}` === name));
}
