import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runControlPlane, runSingleApp, type SingleAppInput, type RunResult } from '../../src/engine';
import { parseScenario } from '../../src/scenarios/scenario';
import { playScenario } from '../../src/scenarios/play';
import { deployment } from '../kits/simulation.testKit';
import { syntheticApp } from './syntheticApp';
import { syntheticPlatform } from './syntheticPlatform';

/**
 * `npm run bench`: how fast the engine simulates, against the goals of the brief.
 *
 * (a) the three-tier scenario: the virtual duration of its sync divided by the wall time of the simulation
 *     (median of BENCH_RUNS runs once warm, see below), goal ≥ 2,000×;
 * (b) a synthetic app of 1,000 resources in 20 waves with hooks, run to the end, goal ≤ 1 s;
 * (c) the same with 4,000 resources: the time ratio 4,000 : 1,000, goal ≤ 5 (close to linear);
 * (d) one Deployment of 200 and of 1,000 replicas: the time ratio, 5 when the cost is linear;
 * (e) a platform of 20 Applications × 50 resources (an app of apps, every child auto-synced), to rest, goal ≤ 2 s;
 *     the same spread over three clusters, and the environments-promotion scenario as shipped (three clusters,
 *     dev, staging and prod, a cluster generator and a RollingSync), to its end, under the same goal.
 *
 * (a) is one short run (tens of milliseconds), so the JIT's warm-up and the garbage collector decide its first
 * few dozen runs in a process: on a quiet machine, 100 runs in one process took 18.8 ms at the median but runs
 * 4–12 took 35.8 ms (the figure this bench reported then). Three figures are printed, from one process: the
 * first run (cold, as a CLI run sees it), the median of BENCH_RUNS runs after 3 (what this bench judged before),
 * and the median of BENCH_RUNS runs after BENCH_WARMUP (100) runs, once the engine's hot functions are compiled:
 * in four processes (a machine at load 3–6), runs 30–39 took 25–29 ms at the median, runs 60–69 14–18 ms and
 * runs 100–199 10–18 ms. The goal is judged on the last, the engine's own speed; the other two stay beside it so
 * the warm-up is never hidden.
 *
 * (b) and (c) are measured cold (the first run in a fresh process, as the CLI and the page see it, JIT
 * warm-up included: each cold figure comes from a child process) and warm (runs after a first one in this
 * process; both keep the fastest of BENCH_WARM_RUNS, and of BENCH_COLD_RUNS cold processes). The warm 4,000
 * figure was one run against the fastest of three 1,000 runs, which made its ratio say more about the noise. The
 * warm ratio sets each 4,000 run against four runs of 1,000 in a row (per run): a single warm 1,000 run meets no
 * full collection where every 4,000 run meets one (see `perRun`'s callers); the fastest single run is printed beside.
 * (d) keeps the fastest of BENCH_REPLICA_RUNS (7) samples of each size, the sizes alternating, in a fresh process,
 * each sample as many pods as the largest size (five runs of 200 in a row, or one of 1,000; see `replicaSamples`):
 * a ratio of two single runs said more about the machine, and about the garbage collector's timing, than about
 * the engine.
 *
 * Wall time is what the goals are about; CPU time of this process is printed next to it because a busy
 * machine stretches wall time. The replica figure stays within the run limits of src/engine/limits.ts (1,000 per
 * workload). BENCH_RUNS, BENCH_WARMUP, BENCH_SMALL, BENCH_LARGE and BENCH_REPLICAS (two counts) change the run
 * counts and the sizes.
 */
const runs = Number(process.env.BENCH_RUNS ?? 9);
const small = Number(process.env.BENCH_SMALL ?? 1000);
const large = Number(process.env.BENCH_LARGE ?? 4000);
const replicaSizes = (process.env.BENCH_REPLICAS ?? '200,1000').split(',').map(Number);
/**
 * Repetitions whose fastest run is kept: a busy machine only ever makes a run slower, so the minimum is the
 * figure closest to the engine's own cost. Cold runs are each a fresh process (BENCH_COLD_RUNS, 3 unless told): a
 * single one ranged 0.79–1.3 s on one quiet machine within an hour, so the fastest of three, with all three printed.
 */
const coldRuns = Number(process.env.BENCH_COLD_RUNS ?? 3);
const warmRuns = Number(process.env.BENCH_WARM_RUNS ?? 3);
/** Runs of each size in (d), alternating, whose fastest is kept (BENCH_REPLICA_RUNS). */
const replicaRuns = Number(process.env.BENCH_REPLICA_RUNS ?? 7);
/** Runs of (a) made before its warm figure is sampled (the JIT's warm-up, see above). */
const warmup = Number(process.env.BENCH_WARMUP ?? 100);

interface Timing {
  wallMs: number;
  cpuMs: number;
  result: RunResult;
}

function timed(input: SingleAppInput): Timing {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = runSingleApp(input);
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { wallMs, cpuMs: (used.user + used.system) / 1000, result };
}

function fastest<T extends { wallMs: number }>(runs: T[]): T {
  return runs.reduce((best, run) => (run.wallMs < best.wallMs ? run : best));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Virtual seconds from the operation's start (t = 0) to its end, to the millisecond. */
function operationSeconds(result: RunResult): number {
  const end = result.events.filter((e) => e.type === 'operation').at(-1);
  if (end?.type !== 'operation' || end.phase === 'Running' || end.phase === 'Terminating') {
    throw new Error('the operation did not finish');
  }
  return end.t;
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
const seconds = (ms: number) => `${fmt(ms / 1000, 2)} s`;

function threeTierInput(): SingleAppInput {
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

/** The wall and CPU time per run of `runs` made in a row: a sample as large as the run it is set against. */
function perRun(runs: { wallMs: number; cpuMs: number }[]): { wallMs: number; cpuMs: number } {
  return {
    wallMs: runs.reduce((sum, r) => sum + r.wallMs, 0) / runs.length,
    cpuMs: runs.reduce((sum, r) => sum + r.cpuMs, 0) / runs.length,
  };
}

/** One cold run in a fresh process: this file again, told which single run to make and print. */
function coldRun(what: string, size: number): { wallMs: number; cpuMs: number } {
  const out = execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_CHILD: `${what}:${size}` },
    encoding: 'utf8',
  });
  return JSON.parse(out) as { wallMs: number; cpuMs: number };
}

function replicaRun(replicas: number): Timing {
  const timing = timed({ desired: [deployment('web', { replicas })], untilSeconds: 7200 });
  const phase = timing.result.application.status.operationState?.phase;
  if (phase !== 'Succeeded') throw new Error(`the Deployment of ${replicas} replicas ended ${phase}`);
  return timing;
}

/** The platform of (e): every Application must end Synced and Healthy. */
function platformRun(clusters = 0): {
  wallMs: number;
  cpuMs: number;
  apps: number;
  events: number;
  endT: number;
} {
  const input = syntheticPlatform(20, 50, clusters);
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = runControlPlane(input);
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const bad = result.applications.filter(
    (a) => a.status?.sync?.status !== 'Synced' || a.status?.health?.status !== 'Healthy',
  );
  if (bad.length > 0) throw new Error(`the platform ended with ${bad.length} apps not Synced and Healthy`);
  return {
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    apps: result.applications.length,
    events: result.events.length,
    endT: result.endT,
  };
}

/**
 * The environments-promotion scenario played as the CLI plays it (issue 29: the platform figure measured on three
 * clusters): its ApplicationSet makes one Application per cluster Secret; the run must keep its three clusters.
 */
function promotionRun(): {
  wallMs: number;
  cpuMs: number;
  apps: number;
  clusters: number;
  events: number;
  endT: number;
} {
  const file = 'scenarios/environments-promotion.yaml';
  const scenario = parseScenario(readFileSync(file, 'utf8'), file);
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = playScenario(scenario);
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const clusters = new Set(result.applications.map((a) => a.spec?.destination?.server)).size;
  if (clusters !== 3)
    throw new Error(`environments-promotion sent its Applications to ${clusters} clusters, not 3`);
  return {
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    apps: result.applications.length,
    clusters,
    events: result.events.length,
    endT: result.endT,
  };
}

const child = process.env.BENCH_CHILD;
if (child === 'replicas-warm') {
  process.stdout.write(JSON.stringify(replicaSamples()));
} else if (child === 'platform') {
  process.stdout.write(JSON.stringify(platformRun()));
} else if (child === 'platform-clusters') {
  process.stdout.write(JSON.stringify(platformRun(3)));
} else if (child === 'promotion') {
  process.stdout.write(JSON.stringify(promotionRun()));
} else if (child) {
  const [what, size] = child.split(':');
  const { wallMs, cpuMs } = what === 'replicas' ? replicaRun(Number(size)) : syntheticRun(Number(size));
  process.stdout.write(JSON.stringify({ wallMs, cpuMs }));
} else {
  main();
}

/** One sample of (d): its wall and CPU time per run (the mean of its runs), and the fastest single run in it. */
interface ReplicaSample {
  wallMs: number;
  cpuMs: number;
  single: { wallMs: number; cpuMs: number };
}

/**
 * (d)'s runs, warm, in a process of their own: in the main one, the results the other figures kept (a 4,000
 * resources event log among them) made every major collection during the 1,000-replica runs slower, and the
 * 200-replica runs, too short to meet one, were not.
 *
 * Each sample simulates the same number of pods, as many as the largest size: `batch` runs of the smaller size in
 * a row, timed together, count as one sample of their mean time per run. A sample was one run of each size, and the
 * ratio of the fastest of seven read 4.1 to 6.8 from one process to the next (2026-12-07, load 1.5–2), 3.5 to 9.4 at
 * load 6–7. The garbage collector was why (`--trace-gc`, 09:47 UTC): a run of 200 replicas allocates about 11 MB,
 * less than V8's young generation holds, so one or two runs of seven went by without a single collection, and the
 * fastest of seven was one of those (33 ms, against 41–128 ms for the six that met one), while every run of 1,000
 * (57 MB) met three or four. Counted under callgrind (warm runs, the optimizing compiler's threads left out), a run
 * of 1,000 took 999 million instructions and a run of 200 195 million on average (5.1×), the collector 288 and 51
 * million of them: the fastest run of 200, one without a collection, stood for about 144 million, and the ratio so
 * read about 6.9 for work that grows 5.1 times. A run's garbage is collected all the same, during whichever run
 * comes next; five runs of 200 in a row meet their share of collections as the run of 1,000 meets its own, so the
 * ratio compares the same work, steadily. The fastest single runs are still printed beside it.
 */
function replicaSamples(): {
  samples: ReplicaSample[];
  batches: number[];
  singles: { wallMs: number; cpuMs: number }[];
} {
  const pods = Math.max(...replicaSizes);
  const batches = replicaSizes.map((n) => Math.max(1, Math.round(pods / n)));
  for (let i = 0; i < 2; i++) replicaSizes.forEach((n) => replicaRun(n));
  const samples: ReplicaSample[][] = replicaSizes.map(() => []);
  for (let i = 0; i < replicaRuns; i++)
    replicaSizes.forEach((n, k) => {
      const runs = Array.from({ length: batches[k] }, () => replicaRun(n));
      samples[k].push({
        ...perRun(runs),
        single: fastest(runs.map(({ wallMs, cpuMs }) => ({ wallMs, cpuMs }))),
      });
    });
  return {
    samples: samples.map(fastest),
    batches,
    singles: samples.map((ofSize) => fastest(ofSize.map((sample) => sample.single))),
  };
}

/** (d) Replicas: linear cost means the time grows like the replica count. */
function replicaBench(): void {
  const out = execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_CHILD: 'replicas-warm' },
    encoding: 'utf8',
  });
  const { samples, batches, singles } = JSON.parse(out) as ReturnType<typeof replicaSamples>;
  const [fewer, more] = samples;
  const replicaRatio = more.wallMs / fewer.wallMs;
  const linear = replicaSizes[1] / replicaSizes[0];
  console.log(
    `(d) one Deployment of ${fmt(replicaSizes[0])} and ${fmt(replicaSizes[1])} replicas, warm in a fresh process ` +
      `(fastest of ${replicaRuns} samples of ${fmt(batches[0])} and ${fmt(batches[1])} runs in a row, per run): ` +
      `${seconds(fewer.wallMs)} and ${seconds(more.wallMs)} wall (CPU ${seconds(fewer.cpuMs)} and ` +
      `${seconds(more.cpuMs)}), ratio ${fmt(replicaRatio, 1)} (linear: ${fmt(linear)}) — ` +
      `goal ≤ ${fmt(linear * 1.25, 2)}: ${verdict(replicaRatio <= linear * 1.25)}`,
  );
  const [one, other] = singles;
  console.log(
    `    the fastest single runs: ${fmt(one.wallMs, 1)} ms and ${fmt(other.wallMs, 1)} ms, ratio ` +
      `${fmt(other.wallMs / one.wallMs, 1)} (a run of ${fmt(replicaSizes[0])} can miss every collection, see replicaSamples)`,
  );
}

function platformBench(): void {
  const out = execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_CHILD: 'platform' },
    encoding: 'utf8',
  });
  const cold = JSON.parse(out) as ReturnType<typeof platformRun>;
  platformRun();
  const warm = platformRun();
  for (const [label, r] of [
    ['cold', cold],
    ['warm', warm],
  ] as const) {
    console.log(
      `(e) platform of 20 Applications × 50 resources, to rest, ${label}: ${seconds(r.wallMs)} wall ` +
        `(CPU ${seconds(r.cpuMs)}; ${fmt(r.apps)} apps, ${fmt(r.events)} events, ${fmt(r.endT, 1)} s virtual) — ` +
        `goal ≤ 2 s: ${verdict(r.wallMs <= 2000)}`,
    );
  }
  // The same platform with its 20 apps spread over three clusters (dev, staging, prod; argocd-semantics.md §5.13):
  // each cluster its own fake cluster with its own controllers.
  const coldClusters = JSON.parse(
    execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
      env: { ...process.env, BENCH_CHILD: 'platform-clusters' },
      encoding: 'utf8',
    }),
  ) as ReturnType<typeof platformRun>;
  platformRun(3);
  const warmClusters = platformRun(3);
  for (const [label, r] of [
    ['cold', coldClusters],
    ['warm', warmClusters],
  ] as const) {
    console.log(
      `(e) the same platform on three clusters, to rest, ${label}: ${seconds(r.wallMs)} wall ` +
        `(CPU ${seconds(r.cpuMs)}; ${fmt(r.apps)} apps, ${fmt(r.events)} events, ${fmt(r.endT, 1)} s virtual) — ` +
        `goal ≤ 2 s: ${verdict(r.wallMs <= 2000)}`,
    );
  }
  // The shipped three-cluster scenario itself: cold in a fresh process, then warm here.
  const coldPromotion = JSON.parse(
    execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
      env: { ...process.env, BENCH_CHILD: 'promotion' },
      encoding: 'utf8',
    }),
  ) as ReturnType<typeof promotionRun>;
  promotionRun();
  const warmPromotion = promotionRun();
  for (const [label, r] of [
    ['cold', coldPromotion],
    ['warm', warmPromotion],
  ] as const) {
    console.log(
      `(e) environments-promotion, ${fmt(r.clusters)} clusters (dev, staging, prod), to its end, ${label}: ` +
        `${seconds(r.wallMs)} wall (CPU ${seconds(r.cpuMs)}; ${fmt(r.apps)} apps, ${fmt(r.events)} events, ` +
        `${fmt(r.endT, 1)} s virtual) — goal ≤ 2 s: ${verdict(r.wallMs <= 2000)}`,
    );
  }
}

function main(): void {
  if (process.env.BENCH_ONLY === 'platform') return platformBench();
  // (a) The three-tier sync: its first run, the median after 3 runs, and the median once warm (see the header).
  const threeTier = threeTierInput();
  const first = timed(threeTier);
  const virtualSeconds = operationSeconds(first.result);
  const ratio = (ms: number) => (virtualSeconds * 1000) / ms;
  for (let i = 1; i < 3; i++) runSingleApp(threeTier);
  const early = Array.from({ length: runs }, () => timed(threeTier));
  for (let i = 3 + runs; i < warmup; i++) runSingleApp(threeTier);
  const samples = Array.from({ length: runs }, () => timed(threeTier));
  const wallMs = median(samples.map((s) => s.wallMs));
  const earlyMs = median(early.map((s) => s.wallMs));
  console.log(
    `(a) three-tier sync, virtual ÷ wall time, warm (median of ${runs} after ${Math.max(warmup, 3 + runs)} runs): ` +
      `${fmt(ratio(wallMs))}× (a ${fmt(virtualSeconds, 1)} s sync in ${fmt(wallMs, 1)} ms; CPU time: ` +
      `${fmt(ratio(median(samples.map((s) => s.cpuMs))))}×) — goal ≥ 2,000×: ${verdict(ratio(wallMs) >= 2000)}`,
  );
  console.log(
    `    first run: ${fmt(ratio(first.wallMs))}× (${fmt(first.wallMs, 1)} ms); median of ${runs} after 3 runs: ` +
      `${fmt(ratio(earlyMs))}× (${fmt(earlyMs, 1)} ms; CPU time: ${fmt(ratio(median(early.map((s) => s.cpuMs))))}×)`,
  );

  // (b) and (c) cold: the first run in a fresh process each (the fastest of BENCH_COLD_RUNS processes).
  const coldSmallRuns = Array.from({ length: coldRuns }, () => coldRun('synthetic', small));
  const coldLargeRuns = Array.from({ length: coldRuns }, () => coldRun('synthetic', large));
  const coldSmall = fastest(coldSmallRuns);
  const coldLarge = fastest(coldLargeRuns);
  // (b) and (c) warm: a first run here warms the JIT, then the measured runs (the fastest of BENCH_WARM_RUNS).
  syntheticRun(small);
  const warmSmall = fastest(Array.from({ length: warmRuns }, () => syntheticRun(small)));
  const events = warmSmall.result.events.length;
  const syncSeconds = operationSeconds(warmSmall.result);
  const warmLarge = fastest(Array.from({ length: warmRuns }, () => syntheticRun(large)));
  // (c) warm sets one run of 4,000 against as many resources of 1,000-runs in a row, per run (`perRun`): a single
  // warm run of 1,000 met no full collection (8 scavenges, no mark-compact, `--trace-gc`, 11:27 UTC), every run of
  // 4,000 met one (34 scavenges, 1 mark-compact), so the fastest of three single runs compared unlike samples and the
  // ratio read 5.2, 4.2 and 3.8 in three runs at load 2.5. The same fault as (d)'s (`replicaSamples`).
  const warmSmallRow = fastest(
    Array.from({ length: warmRuns }, () =>
      perRun(Array.from({ length: Math.max(1, large / small) }, () => syntheticRun(small))),
    ),
  );
  for (const [label, s, l, ratioOf] of [
    ['cold', coldSmall, coldLarge, coldSmall],
    ['warm', warmSmall, warmLarge, warmSmallRow],
  ] as const) {
    console.log(
      `(b) ${fmt(small)} resources in 20 waves with hooks, to the end, ${label}: ${seconds(s.wallMs)} wall ` +
        `(CPU ${seconds(s.cpuMs)}; ${fmt(events)} events, sync of ${fmt(syncSeconds, 1)} s) — ` +
        `goal ≤ 1 s: ${verdict(s.wallMs <= 1000)}`,
    );
    if (label === 'cold' && coldRuns > 1)
      console.log(
        `    the fastest of ${coldRuns} fresh processes; every one: ${coldSmallRuns.map((r) => seconds(r.wallMs)).join(', ')} ` +
          `(${fmt(small)}), ${coldLargeRuns.map((r) => seconds(r.wallMs)).join(', ')} (${fmt(large)})`,
      );
    const ratio = l.wallMs / ratioOf.wallMs;
    const method =
      label === 'warm' ? `, against ${fmt(large / small)} runs of ${fmt(small)} in a row, per run` : '';
    console.log(
      `(c) ${fmt(large)} : ${fmt(small)} resources, wall time ratio, ${label}${method}: ${fmt(ratio, 1)} ` +
        `(${seconds(l.wallMs)} wall; CPU ratio ${fmt(l.cpuMs / ratioOf.cpuMs, 1)}) — goal ≤ 5: ${verdict(ratio <= 5)}`,
    );
    if (label === 'warm')
      console.log(`    against the fastest single run of ${fmt(small)}: ${fmt(l.wallMs / s.wallMs, 1)}`);
  }

  replicaBench();
  platformBench();
}
