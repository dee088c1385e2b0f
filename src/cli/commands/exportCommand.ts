import { escapeControl, isInputError } from '../../engine';
import { looksLikeScenario, parseScenario } from '../../scenarios/scenario';
import { exportScenario } from '../../export/exportScenario';
import { shellQuote } from '../../export/shellQuote';
import { ArgumentError } from '../argumentError';
import { exitUsage, readFailure, type Command } from '../command';

export const exportUsage = `usage: sim export SCENARIO.yaml --out DIR

Writes the scenario as a folder to push to a Git repository and run on a real cluster: every revision's
files (revisions/), the Argo CD objects (argocd/), make-repo.sh (one commit per revision), run.sh (a kind
cluster with Argo CD, the scenario replayed at its moments) and a README.md. DIR must be new or empty.
`;

/** `sim export SCENARIO.yaml --out DIR`: the export of src/export, written to disk. */
export const exportCommand: Command = (args, io) => {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(exportUsage);
    return 0;
  }
  const fail = (message: string) => {
    io.stderr(`sim export: ${escapeControl(message)}\n`);
    return exitUsage;
  };
  let file: string | undefined;
  let out: string | undefined;
  try {
    for (let i = 0; i < args.length; i++) {
      const arg = args[i];
      if (arg === '--out' || arg.startsWith('--out=')) {
        out = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[++i];
        if (!out) throw new ArgumentError('needs a folder', '--out');
      } else if (arg.startsWith('-')) throw new ArgumentError('unknown option', arg);
      else if (file === undefined) file = arg;
      else throw new ArgumentError('one scenario file at a time', arg);
    }
    if (file === undefined) throw new ArgumentError('sim export needs a scenario file');
    if (out === undefined) throw new ArgumentError('sim export needs --out DIR, the folder to write');
  } catch (error) {
    if (!isInputError(error)) throw error;
    return fail(error.message);
  }
  let text: string;
  try {
    text = io.readFile(file);
  } catch (error) {
    return fail(`cannot read ${file}: ${readFailure(error)}`);
  }
  if (!looksLikeScenario(text))
    return fail(`${file}:1:1: not a scenario (a file with revisions: or repo:); sim export reads scenarios`);
  let folder;
  try {
    folder = exportScenario(parseScenario(text, file));
  } catch (error) {
    if (!isInputError(error)) throw error;
    return fail(error.message);
  }
  if (!io.writeFiles) return fail('cannot write files here');
  try {
    io.writeFiles(out, folder.files);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  io.stdout(
    `wrote ${out}: ${folder.plan.revisions.length} revision(s), ${folder.files.length} files. Next:\n` +
      // A line to paste into a shell: the folder and the name (the scenario's id as a DNS label) quoted as words.
      `  cd ${shellQuote(out)} && export REPO_URL=${shellQuote(`https://github.com/you/${folder.name}.git`)} && ./make-repo.sh && ./run.sh   # see README.md\n`,
  );
  return 0;
};
