// Runs the Vite command line (`node scripts/vite.mjs [vite arguments]`, what `npm run dev` and `npm run preview`
// call) so that stopping npm stops the server too.
//
// npm runs a script as `sh -c '<script>'` and, on SIGTERM, passes the signal to that shell only; the shell dies
// without passing it on, and Vite, its child, went on serving the port with no one to stop it. This launcher
// passes SIGINT, SIGTERM and SIGHUP on to Vite, and stops Vite when its own parent (the shell) goes away, which
// it notices by its parent process id changing (polled four times a second: Node has no event for it). On Linux
// it also watches the shell's parent (npm), read from /proc, so that npm ended by a signal it does not pass on
// (SIGHUP, SIGKILL), which leaves the shell waiting, stops Vite too.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const viteBin = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));
const vite = spawn(process.execPath, [viteBin, ...process.argv.slice(2)], { stdio: 'inherit' });

const stopVite = (signal) => {
  if (vite.exitCode === null && vite.signalCode === null) vite.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopVite(signal));

/** The parent process id of process `pid` (field 4 of /proc/PID/stat), or undefined where there is no /proc. */
function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The second field, the command name, is in parentheses and may hold spaces: read after its closing one.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

const parent = process.ppid;
const grandparent = parentOf(parent);
const orphaned = setInterval(() => {
  if (process.ppid !== parent || parentOf(parent) !== grandparent) stopVite('SIGTERM');
}, 250);
orphaned.unref();

vite.on('error', (error) => {
  process.stderr.write(`cannot start Vite: ${error.message}\n`);
  process.exitCode = 1;
});
vite.on('exit', (code, signal) => {
  clearInterval(orphaned);
  // Exit as Vite did: its status, or 128 + the signal's number as a shell reports a process a signal ended.
  process.exitCode = code ?? 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGHUP' ? 1 : 15);
});
