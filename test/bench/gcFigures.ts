import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runSingleApp, type SingleAppInput } from '../../src/engine';
import { deployment } from '../kits/simulation.testKit';
import { syntheticApp } from './syntheticApp';

/**
 * `npx tsx test/bench/gcFigures.ts [synthetic:1000 | replicas:1000] [runs]`: what the garbage collector did during
 * one cold run of the bench's (b) app or (d) Deployment, in figures a busy machine does not change.
 *
 * Wall and CPU time on a shared machine vary by tens of percent from run to run; the bytes the young generation's
 * collections copied (objects that survived one) and promoted (survived two) depend only on what the engine
 * allocates and keeps. Each run is a fresh process (cold, as (b) measures) with V8's own figures
 * (`--trace-gc-nvp`) and `--single-threaded`, so that they do not depend on helper threads, counted from the run's
 * start to its end (not while tsx loads the sources). The median of the runs is printed, with the run's CPU time
 * beside it (which a busy machine does change). Compare two checkouts by running it in each.
 */
const START = 'gcFigures: start';
const END = 'gcFigures: end';

function input(what: string): SingleAppInput {
  const [kind, size] = what.split(':');
  if (kind === 'replicas')
    return { desired: [deployment('web', { replicas: Number(size) })], untilSeconds: 7200 };
  if (kind === 'synthetic') return { desired: syntheticApp(Number(size)), untilSeconds: 7200 };
  throw new Error(`gcFigures: "${what}" is neither synthetic:N nor replicas:N`);
}

interface Figures {
  cpuMs: number;
  scavenges: number;
  copiedMB: number;
  promotedMB: number;
  markCompacts: number;
}

/** The figures of one run, from the child's output. */
function parse(out: string): Figures {
  const f: Figures = { cpuMs: 0, scavenges: 0, copiedMB: 0, promotedMB: 0, markCompacts: 0 };
  let on = false;
  for (const line of out.split('\n')) {
    if (line === START) on = true;
    else if (line.startsWith(END)) {
      f.cpuMs = Number(line.slice(END.length + 1));
      on = false;
    } else if (on) {
      const kind = /\bgc=(\w+)/.exec(line)?.[1];
      const field = (name: string) => Number(new RegExp(`\\b${name}=(\\d+)`).exec(line)?.[1] ?? 0) / 1e6;
      if (kind === 's') {
        f.scavenges++;
        f.copiedMB += field('new_space_survived');
        f.promotedMB += field('promoted');
      } else if (kind === 'mc' || kind === 'mmc') f.markCompacts++;
    }
  }
  return f;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

const child = process.env.GC_FIGURES_CHILD;
if (child) {
  const run = input(child);
  process.stdout.write(`${START}\n`);
  const cpu = process.cpuUsage();
  runSingleApp(run);
  const used = process.cpuUsage(cpu);
  process.stdout.write(`${END} ${(used.user + used.system) / 1000}\n`);
} else {
  const what = process.argv[2] ?? 'synthetic:1000';
  const runs = Number(process.argv[3] ?? 5);
  const all = Array.from({ length: runs }, () =>
    parse(
      execFileSync(
        process.execPath,
        ['--single-threaded', '--trace-gc-nvp', ...process.execArgv, fileURLToPath(import.meta.url)],
        { env: { ...process.env, GC_FIGURES_CHILD: what }, encoding: 'utf8', maxBuffer: 1 << 28 },
      ),
    ),
  );
  const m = (key: keyof Figures) => median(all.map((f) => f[key]));
  console.log(
    `${what}, median of ${runs} cold runs (single-threaded, the run only): ${m('scavenges')} scavenges copied ` +
      `${m('copiedMB').toFixed(1)} MB and promoted ${m('promotedMB').toFixed(1)} MB; ${m('markCompacts')} mark-compacts; ` +
      `CPU ${m('cpuMs').toFixed(0)} ms (this one a busy machine changes)`,
  );
}
