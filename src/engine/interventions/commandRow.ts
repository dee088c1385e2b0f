/**
 * The shape of a row of the command table (commandTable.ts): a command, where it is accepted, and each flag with
 * what the sandbox does with it.
 */

/** What the sandbox does with a flag. */
export type FlagRule =
  /** Modelled as Argo CD does: `follows` names the upstream test or file. */
  | { modelled: string }
  /** Refused with this sentence: what Argo CD would do, and that the sandbox does not model it. */
  | { notModelled: string };

export interface FlagRow {
  /** The long name, `--dry-run`. */
  flag: string;
  /** The one-letter shorthand without its dash, `l` for `-l`. */
  short?: string;
  /** The value's placeholder when the flag takes one (`GROUP:KIND:NAME`); none for a boolean flag. */
  value?: string;
  /** The Go type of the value when it is a number or a duration, which pflag checks before the command runs. */
  kind?: 'int' | 'uint' | 'duration';
  /** Given more than once, every value counts (cobra's StringArray). */
  repeatable?: boolean;
  /** The CLI's own help text for the flag. */
  help: string;
  rule: FlagRule;
  /**
   * The flag changes what Argo CD is asked to do (the operation), not only what the CLI prints: in the terminal,
   * `argocd app sync` with such a flag is an intervention run by the engine rather than a jump to the run's next sync.
   */
  acts?: boolean;
}

/** Where a command is accepted: the page's terminal, `sim run --then` (and a scenario's interventions), or both. */
export type CommandPlace = 'terminal' | 'then';

export interface CommandRow {
  /** The command's words, `argocd app sync`; a shell word of the terminal is one word, `grep`. */
  command: string;
  /** Its arguments as the CLI's `Use:` line writes them, `APPNAME`. */
  args: string;
  /** One line of what it does here. */
  help: string;
  in: readonly CommandPlace[];
  /** In the terminal, whether it changes the run (an intervention) rather than reads it. */
  acts: boolean;
  flags: readonly FlagRow[];
}
