import type { CommandRow } from './commandRow';

/** The `git …` rows of the command table, and the terminal's shell words. */
export const shellCommands: readonly CommandRow[] = [
  {
    command: 'git commit',
    args: 'DIR',
    help: "--then: the folder DIR becomes the repository's next revision; the terminal moves to the run's next commit",
    in: ['terminal', 'then'],
    acts: false,
    flags: [
      {
        flag: '--message',
        short: 'm',
        value: 'MESSAGE',
        help: 'The commit message',
        rule: { modelled: 'git commit -m' },
      },
    ],
  },
  {
    command: 'git revert',
    args: '',
    help: "Move the cursor to the run's next commit (a run whose scenario commits)",
    in: ['terminal'],
    acts: false,
    flags: [
      {
        flag: '--no-edit',
        help: 'Use the default commit message',
        rule: { modelled: "git revert --no-edit (the scenario's revert commit)" },
      },
    ],
  },
  {
    command: 'git push',
    args: '',
    help: 'The run’s commits are on the remote when they happen: nothing left to push',
    in: ['terminal'],
    acts: false,
    flags: [{ flag: '--quiet', short: 'q', help: 'Print nothing', rule: { modelled: 'git push -q' } }],
  },
  {
    command: 'grep',
    args: 'PATTERN',
    help: 'After a pipe: the lines that match',
    in: ['terminal'],
    acts: false,
    flags: [
      {
        flag: '--extended-regexp',
        short: 'E',
        help: 'Extended regular expressions',
        rule: { modelled: 'POSIX grep' },
      },
      { flag: '--ignore-case', short: 'i', help: 'Ignore case', rule: { modelled: 'POSIX grep' } },
      {
        flag: '--invert-match',
        short: 'v',
        help: 'The lines that do not match',
        rule: { modelled: 'POSIX grep' },
      },
    ],
  },
  {
    command: 'sed',
    args: "-n '/RE/,$p'",
    help: 'After a pipe: the lines from the first match on',
    in: ['terminal'],
    acts: false,
    flags: [
      { flag: '--quiet', short: 'n', help: 'Print only what p prints', rule: { modelled: 'POSIX sed -n' } },
    ],
  },
  {
    command: 'head',
    args: '-N',
    help: 'After a pipe: the first N lines',
    in: ['terminal'],
    acts: false,
    flags: [
      {
        flag: '--lines',
        short: 'n',
        value: 'N',
        help: 'The number of lines',
        rule: { modelled: 'POSIX head -n' },
      },
    ],
  },
  {
    command: 'tail',
    args: '-N',
    help: 'After a pipe: the last N lines',
    in: ['terminal'],
    acts: false,
    flags: [
      {
        flag: '--lines',
        short: 'n',
        value: 'N',
        help: 'The number of lines',
        rule: { modelled: 'POSIX tail -n' },
      },
    ],
  },
  { command: 'echo', args: 'WORDS', help: 'Print the words', in: ['terminal'], acts: false, flags: [] },
  {
    command: 'help',
    args: '',
    help: 'Print what this terminal runs',
    in: ['terminal'],
    acts: false,
    flags: [],
  },
  { command: 'clear', args: '', help: 'Clear the terminal', in: ['terminal'], acts: false, flags: [] },
  {
    command: 'undo',
    args: '',
    help: 'Take the last intervention back',
    in: ['terminal'],
    acts: true,
    flags: [],
  },
];
