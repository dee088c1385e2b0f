import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The CPU time, in milliseconds, of each function a module exports as `work` (a record of name → function),
 * each called once in a Node process of its own. CPU time is what the work costs, which other work on a busy
 * machine does not inflate as it does wall time (issue 31: bounds in wall time failed at a load of 15-27 on 2
 * cores); and a process of its own, because vitest's threads share one process's CPU time.
 */
export function cpuMillisOf(modulePath: string): Record<string, number> {
  const script = `
    const { work } = await import(${JSON.stringify(pathToFileURL(modulePath).href)});
    const out = {};
    for (const [name, run] of Object.entries(work)) {
      const before = process.cpuUsage();
      run();
      const used = process.cpuUsage(before);
      out[name] = (used.user + used.system) / 1000;
    }
    process.stdout.write(JSON.stringify(out));`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    // Only a hang: starting tsx takes a second on a quiet machine.
    timeout: 600_000,
  });
  if (child.status !== 0)
    throw new Error(`cpuMillisOf ${modulePath}: ${child.error ?? child.stderr.slice(0, 500)}`);
  return JSON.parse(child.stdout) as Record<string, number>;
}
