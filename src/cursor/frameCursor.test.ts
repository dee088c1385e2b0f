import { describe, expect, it } from 'vitest';
import { runSingleApp, type KubeObject, type SimEvent } from '../engine';
import { FrameCursor } from './frameCursor';
import { FrameFold } from './frameFold';

/** A Deployment whose pods roll from v1 to v2, with a PreSync hook deleted on success. */
function app(version: string): KubeObject[] {
  const labels = { app: 'web' };
  return [
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings' }, data: { version } },
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'web' },
      spec: { selector: labels, ports: [{ port: 80 }] },
    },
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: {
        replicas: 2,
        selector: { matchLabels: labels },
        template: {
          metadata: { labels },
          spec: { containers: [{ name: 'web', image: `nginx:${version}` }] },
        },
      },
    },
    {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: {
        name: 'migrate',
        annotations: {
          'argocd.argoproj.io/hook': 'PreSync',
          'argocd.argoproj.io/hook-delete-policy': 'HookSucceeded',
        },
      },
      spec: {
        backoffLimit: 0,
        template: {
          spec: {
            restartPolicy: 'Never',
            containers: [{ name: 'm', image: 'busybox', command: ['sh', '-c', 'sleep 2'] }],
          },
        },
      },
    },
  ];
}

const log: SimEvent[] = runSingleApp({
  desired: app('1.27'),
  history: [app('1.26')],
  recordHistory: true,
  namespace: 'shop',
}).events;

/** The frame at `t` folded from scratch, as the page computed it before the cursor existed. */
function fresh(t: number) {
  const fold = new FrameFold();
  for (const e of log) if (e.t <= t) fold.apply(e);
  return fold.snapshot(t);
}

const end = log.at(-1)!.t;
const times = Array.from({ length: 120 }, (_, i) => (i * (end + 6)) / 119);

describe('FrameCursor', () => {
  it('shows at every moment what a fold of the whole log shows, playing forward', () => {
    expect(log.some((e) => e.t < 0)).toBe(true);
    const cursor = new FrameCursor(log);
    for (const t of times) expect(cursor.at(t)).toEqual(fresh(t));
  });

  it('shows the same when scrubbed back and forth', () => {
    const cursor = new FrameCursor(log);
    const jumps = [end, 3, end / 2, 0, end + 5, 1.5, end / 3];
    for (const t of jumps) expect(cursor.at(t)).toEqual(fresh(t));
  });

  it('keeps the rows, pods and health of a frame when no event passed since the last', () => {
    const cursor = new FrameCursor(log);
    const a = cursor.at(2);
    const next = log.find((e) => e.t > 2)!.t;
    const b = cursor.at((2 + next) / 2);
    expect(b).not.toBe(a);
    expect(b.results).toBe(a.results);
    expect(b.pods).toBe(a.pods);
    expect(b.health).toBe(a.health);
  });

  it('keeps every row that no event touched between two frames, and only those', () => {
    const cursor = new FrameCursor(log);
    const touched = log.filter((e) => e.type === 'result' && e.t > 0).at(-1)!;
    const a = cursor.at(touched.t - 1e-6);
    const b = cursor.at(touched.t);
    const between = log.filter((e) => e.t > a.t && e.t <= b.t);
    const changed = (row: (typeof b.results)[number]) =>
      between.some((e) => (e.type === 'result' || e.type === 'health') && 'name' in e && e.name === row.name);
    expect(b.results.length).toBeGreaterThan(1);
    for (const row of b.results) expect(a.results.includes(row), row.key).toBe(!changed(row));
  });
});
