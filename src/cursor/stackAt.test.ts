import { describe, expect, it } from 'vitest';
import { frameAt } from './frameAt';
import { sampleLog } from '../../test/kits/sampleLog.testKit';
import { stackAt } from './stackAt';
import { stackLayout } from './stackLayout';

const log = sampleLog();
const columns = stackLayout(log, new Map([['Job/migrate', 'backend']]));
const workload = (views: ReturnType<typeof stackAt>, name: string) =>
  views.flatMap((c) => c.workloads).find((w) => w.name === name)!;

describe('stackAt while playing', () => {
  it('gives the same views for a frame in which no pod, health or hook changed', () => {
    const a = stackAt(columns, frameAt(log, 9));
    const b = stackAt(columns, frameAt(log, 9.5));
    expect(b).toBe(a);
  });

  it('keeps the view of a workload whose pods and health did not change, and renews the one that did', () => {
    const a = stackAt(columns, frameAt(log, 12.05));
    const b = stackAt(columns, frameAt(log, 12.15));
    expect(workload(b, 'frontend')).toBe(workload(a, 'frontend'));
    // 12.1 → the migrate hook is deleted; at 12.2 its pod starts terminating, the backend is unchanged.
    const c = stackAt(columns, frameAt(log, 12.25));
    expect(workload(c, 'backend')).toBe(workload(b, 'backend'));
    expect(c.find((col) => col.id === 'backend')).not.toBe(b.find((col) => col.id === 'backend'));
  });

  it('shows what a fresh computation shows', () => {
    for (const t of [0, 3, 8.3, 12, 12.5, 14, 20]) {
      const played = stackAt(columns, frameAt(log, t));
      const fresh = stackAt(stackLayout(log, new Map([['Job/migrate', 'backend']])), frameAt([...log], t));
      expect(played).toEqual(fresh);
    }
  });
});
