import { describe, expect, it } from 'vitest';
import { eventsOf, stepStarts } from '../kits/eventQueries.testKit';
import { configMap, docs, runYaml } from './runYaml';

/**
 * How long a step boundary takes, measured on the fake cluster (argocd-semantics.md §2.1 item 4, §2.11).
 *
 * What we measure, and what it follows from: a tick that starts a step that is not the last sleeps the wave
 * delay (ARGOCD_SYNC_WAVE_DELAY, 2 s); a change to a managed resource re-queues the operation 5 s after that
 * change (the batching delay counts from the change, and the tick cannot run before its own sleep ends); a tick
 * that changes the operation state (a new step, a new message) patches the Application, whose update re-queues
 * it the same way; with no change at all the operation re-queues 30 s after the tick. So:
 *
 * - objects without a health check: gap = max(wave delay, 5 s) — 5 s at the default delay, 10 s at 10 s;
 * - objects with one: the next step starts 5 s after the change that made the last of them Healthy (a
 *   Deployment Ready at 13.6 s → next step at 18.6 s), never sooner than the wave delay;
 * - a long hook whose pod does not change meanwhile is read on the 30 s re-queues, and its completion (a
 *   change) brings the next step 5 s after it.
 *
 * The spec does not say whether the 5 s batching starts at the change or after the tick's sleep; we follow the
 * controller's work queue (AddAfter at the change, deferred while the tick runs), which the sandbox's machine
 * implements, and say so here.
 */

const web = (readySeconds: number) => `
  apiVersion: apps/v1
  kind: Deployment
  metadata: {name: web}
  spec:
    selector: {matchLabels: {app: web}}
    template:
      metadata: {labels: {app: web}, annotations: {sandbox.argocd.dev/ready-seconds: "${readySeconds}"}}
      spec:
        containers: [{name: main, image: nginx}]`;

const migrate = (runSeconds: number) => `
  apiVersion: batch/v1
  kind: Job
  metadata: {name: migrate, annotations: {argocd.argoproj.io/hook: PreSync}}
  spec:
    template:
      metadata: {annotations: {sandbox.argocd.dev/run-seconds: "${runSeconds}"}}
      spec:
        restartPolicy: Never
        containers: [{name: main, image: busybox}]`;

function gaps(run: ReturnType<typeof runYaml>): number[] {
  const starts = stepStarts(run.events).map((s) => s.t);
  return starts.slice(1).map((t, i) => Math.round((t - starts[i]) * 1000) / 1000);
}

/** When `name` first turned Healthy. */
function healthyAt(run: ReturnType<typeof runYaml>, name: string): number {
  return eventsOf(run.events, 'health').find((e) => e.name === name && e.status === 'Healthy')!.t;
}

describe('§2.1 item 4 and §2.11: the cadence of steps', () => {
  it.each([
    [0, 5],
    [2, 5],
    [5, 5],
    [7, 7],
    [10, 10],
  ])(
    '2.11 ConfigMap waves with a %i s wave delay start %i s apart (max of the delay and the 5 s batching)',
    (delay, gap) => {
      const run = runYaml(docs(configMap('a', 0), configMap('b', 1), configMap('c', 2)), {
        waveDelaySeconds: delay,
      });
      expect(gaps(run)).toEqual([gap, gap]);
    },
  );

  it.each([3, 12, 27])(
    '2.1 a Deployment Ready after %i s: the next wave starts 5 s after it turned Healthy',
    (ready) => {
      const run = runYaml(docs(web(ready), configMap('after', 1)));
      const healthy = healthyAt(run, 'web');
      const [, next] = stepStarts(run.events);
      expect(healthy).toBeGreaterThan(ready);
      // When the rollout outlasts the first tick, the pod's readiness is the first change after the previous tick;
      // the Deployment's status follows it within the controllers' reaction time (0.1 s), hence "about" 5 s.
      if (healthy > 5) {
        expect(next.t - healthy).toBeGreaterThan(4.8);
        // Times are whole milliseconds: the difference is compared as such, not as a float.
        expect(Math.round((next.t - healthy) * 1000)).toBeLessThanOrEqual(5000);
      } else expect(next.t).toBe(5);
    },
  );

  it('2.1 a 100 s hook: polled on the 30 s re-queues, then the Sync phase starts 5 s after it completes', () => {
    const run = runYaml(docs(migrate(100), configMap('after', 0)));
    const done = healthyAt(run, 'migrate');
    const [, sync] = stepStarts(run.events);
    expect(done).toBeGreaterThan(100);
    expect(sync.t - done).toBeGreaterThan(4.9);
    expect(sync.t - done).toBeLessThanOrEqual(5);
    expect(sync.phase).toBe('Sync');
  });
});
