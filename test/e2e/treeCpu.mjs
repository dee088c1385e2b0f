// The CPU time the runner and every process under it (the browser, its renderers, GPU and network processes) have
// used so far, from /proc: each live process's own time and that of its reaped children, so a renderer that has
// ended is still counted (its parent, the zygote, reaped it). A process whose parent ended before it is no longer
// under the runner: the figure covers a span in which the browser stays up (a case), not the browser's close.
// Linux only; elsewhere undefined.
import { readdirSync, readFileSync } from 'node:fs';

// The kernel's clock ticks per second (USER_HZ), which is 100 on every Linux Node runs on.
const ticksPerSecond = 100;

function stat(pid) {
  try {
    // The command name may hold spaces and brackets: the fields start after the last ')'.
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // Fields 4 (ppid) and 14-17 (utime, stime, cutime, cstime) of proc(5), counted from the state (3).
    return { ppid: Number(fields[1]), ticks: fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) };
  } catch {
    return undefined;
  }
}

/** CPU seconds used by this process's tree so far, or undefined where there is no /proc. */
export function treeCpuSeconds(root = process.pid) {
  let pids;
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const stats = new Map();
  for (const pid of pids) {
    const s = stat(pid);
    if (s) stats.set(Number(pid), s);
  }
  const children = new Map();
  for (const [pid, { ppid }] of stats) {
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(pid);
  }
  let ticks = 0;
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop();
    ticks += stats.get(pid)?.ticks ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return ticks / ticksPerSecond;
}
