import { readFileSync } from 'node:fs';
import { runSimulation, type SimulationInput, type SimulationResult } from '../../src/engine';
import { parseScenario } from '../../src/scenarios/scenario';
import { syntheticApp } from './syntheticApp';

/**
 * `npm run bench`: how fast the engine simulates, against the goals of the brief.
 *
 * (a) the three-tier scenario: the virtual duration of its sync divided by the wall time of the simulation
 *     (median of several runs, after warm-up), goal ≥ 1,000×;
 * (b) a synthetic app of 1,000 resources in 20 waves with hooks, run to the end, goal ≤ 1 s;
 * (c) the same with 4,000 resources: the time ratio 4,000 : 1,000, goal ≤ 5 (close to linear).
 *
 * Wall time is what the goals are about; CPU time of this process is printed next to it because a busy
 * machine stretches wall time. BENCH_RUNS, BENCH_SMALL and BENCH_LARGE change the run count and the sizes.
 */
const runs = Number(process.env.BENCH_RUNS ?? 9);
const small = Number(process.env.BENCH_SMALL ?? 1000);
const large = Number(process.env.BENCH_LARGE ?? 4000);

interface Timing {
  wallMs: number;
  cpuMs: number;
  result: SimulationResult;
}

function timed(input: SimulationInput): Timing {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = runSimulation(input);
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { wallMs, cpuMs: (used.user + used.system) / 1000, result };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Virtual seconds from the operation's start (t = 0) to its end, to the millisecond. */
function operationSeconds(result: SimulationResult): number {
  const end = result.events.filter((e) => e.type === 'operation').at(-1);
  if (end?.type !== 'operation' || end.phase === 'Running' || end.phase === 'Terminating') {
    throw new Error('the operation did not finish');
  }
  return end.t;
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
const seconds = (ms: number) => `${fmt(ms / 1000, 2)} s`;

function threeTierInput(): SimulationInput {
  const file = 'scenarios/three-tier.yaml';
  const scenario = parseScenario(readFileSync(file, 'utf8'), file);
  const desired = scenario.revisions.at(-1)!.objects.map((p) => p.object);
  return {
    desired,
    app: scenario.app.name,
    namespace: scenario.app.namespace,
    prune: scenario.options.prune,
    syncOptions: scenario.options.syncOptions,
    waveDelaySeconds: scenario.options.waveDelay,
    seed: scenario.options.seed,
  };
}

function syntheticRun(size: number): Timing {
  const timing = timed({ desired: syntheticApp(size), untilSeconds: 7200 });
  const phase = timing.result.application.status.operationState?.phase;
  if (phase !== 'Succeeded') throw new Error(`the synthetic app of ${size} resources ended ${phase}`);
  return timing;
}

// (a) The three-tier sync, warmed up first so the JIT has compiled the engine.
const threeTier = threeTierInput();
for (let i = 0; i < 3; i++) runSimulation(threeTier);
const samples = Array.from({ length: runs }, () => timed(threeTier));
const virtualSeconds = operationSeconds(samples[0].result);
const wallRatio = median(samples.map((s) => (virtualSeconds * 1000) / s.wallMs));
const cpuRatio = median(samples.map((s) => (virtualSeconds * 1000) / s.cpuMs));
console.log(
  `(a) three-tier sync, virtual ÷ wall time (median of ${runs}): ${fmt(wallRatio)}× ` +
    `(a ${fmt(virtualSeconds, 1)} s sync in ${fmt(median(samples.map((s) => s.wallMs)), 1)} ms; ` +
    `CPU time: ${fmt(cpuRatio)}×) — goal ≥ 1,000×: ${verdict(wallRatio >= 1000)}`,
);

// (b) and (c) The synthetic apps, one run each (they are long enough not to need a median).
const smallRun = syntheticRun(small);
console.log(
  `(b) ${fmt(small)} resources in 20 waves with hooks, to the end: ${seconds(smallRun.wallMs)} wall ` +
    `(CPU ${seconds(smallRun.cpuMs)}; ${fmt(smallRun.result.events.length)} events, ` +
    `sync of ${fmt(operationSeconds(smallRun.result), 1)} s) — goal ≤ 1 s: ${verdict(smallRun.wallMs <= 1000)}`,
);
console.log(`    running ${fmt(large)} resources…`);
const largeRun = syntheticRun(large);
const ratio = largeRun.wallMs / smallRun.wallMs;
console.log(
  `(c) ${fmt(large)} : ${fmt(small)} resources, wall time ratio: ${fmt(ratio, 1)} ` +
    `(${seconds(largeRun.wallMs)} wall; CPU ratio ${fmt(largeRun.cpuMs / smallRun.cpuMs, 1)}) — ` +
    `goal ≤ 5: ${verdict(ratio <= 5)}`,
);
