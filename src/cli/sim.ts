import { about, aboutLine, escapeControl } from '../engine';
import { maxManifestBytes } from '../scenarios/manifests';
import { exitUsage, type Command, type CommandIo } from './command';
import { exportCommand } from './commands/exportCommand';
import { health } from './commands/health';
import { run } from './commands/run';
import { listRepoFiles } from './listRepoFiles';
import { readCapped } from './readCapped';
import { writeFiles } from './writeFiles';

/**
 * The headless simulator, `npm run --silent sim -- <command> …` (contract.md §1). Each command lives in its own
 * file under commands/ and is listed here; adding one is one import and one entry.
 */
const commands: Record<string, { run: Command; summary: string }> = {
  run: { run, summary: 'simulate an Argo CD sync of manifests or a scenario file' },
  health: { run: health, summary: 'print the Argo CD health of every object in a YAML file' },
  export: {
    run: exportCommand,
    summary: 'write a scenario as a Git repository and scripts to run it on a real cluster',
  },
};

export function usage(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  const list = Object.entries(commands)
    .map(([name, { summary }]) => `  ${name.padEnd(width)}  ${summary}`)
    .join('\n');
  return `usage: sim <command> [arguments]\n\ncommands:\n${list}\n\nRun "sim <command> --help" for a command's arguments, "sim --version" for the versions.\n`;
}

/** Runs one command line (without the program name) and returns the exit status. */
export function sim(argv: string[], io: CommandIo): number {
  const [name, ...args] = argv;
  if (name === '--help' || name === '-h' || name === 'help') {
    io.stdout(usage());
    return 0;
  }
  if (name === '--version' || name === '-v' || name === 'version') {
    // The line the page's footer shows, then the full commit the rules were read from.
    io.stdout(`${aboutLine()}\nargoproj/argo-cd commit ${about.argoCdCommit}\n`);
    return 0;
  }
  if (name === undefined) {
    io.stderr(usage());
    return exitUsage;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    io.stderr(`sim: unknown command "${escapeControl(name)}"\n${usage()}`);
    return exitUsage;
  }
  try {
    return command.run(args, io);
  } catch (error) {
    // Input problems are reported by the commands themselves (exit 2); anything else escaping here is a bug in
    // the sandbox, shown as one line rather than a stack trace (exit 1).
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(
      `sim ${name}: internal error: ${message} (this is a bug in the sandbox, not in your manifests)\n`,
    );
    return exitInternal;
  }
}

/** Exit status when the simulator itself failed (an engine exception that is not about the input). */
const exitInternal = 1;

const nodeIo: CommandIo = {
  // Every file the CLI reads (manifests, --live, scenarios, sim health) is checked and capped before reading.
  readFile: (path) => readCapped(path, maxManifestBytes),
  listFiles: (dir, warn) => listRepoFiles(dir, warn),
  writeFiles,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** Runs `argv` as this process's command line: its output on stdout and stderr, its status as the exit code. */
export function runAsProcess(argv: string[]): void {
  // A reader that stops early (`sim run … --json | head`) closes the pipe: the rest of the output has nowhere to
  // go, which is no error of the run (Node would throw EPIPE with a stack trace). Stop quietly, as `cat` does.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
  process.exitCode = sim(argv, nodeIo);
}
