import { describe, expect, it } from 'vitest';
import type { JsonAny, SimEvent } from '../../engine';
import { runSimOnDisk as run } from '../../../test/kits/runSim.testKit';

/**
 * `deletionOrder: Reverse` through the CLI (contract.md §1.4, §1.5 `kubectl-delete`; argocd-semantics.md §5.1,
 * case 113, e2e `TestProgressiveSyncMultipleAppsPerStepWithReverseDeletionOrder`): the article's platform-stack
 * rolled out, then `kubectl delete applicationset platform-stack -n argocd`.
 */
const fixtures = 'test/fixtures/platform-stack';

const deleteAt = ['--then', '300:kubectl-delete ApplicationSet/platform-stack -n argocd'];
const deletions = (events: SimEvent[]) =>
  events
    .filter((e) => e.type === 'object' && e.action === 'deleted' && /^Application(Set)?$/.test(e.kind))
    .map((e) => ({
      t: e.type === 'object' ? e.t : 0,
      what: e.type === 'object' ? `${e.kind}/${e.name}` : '',
    }));

describe('sim run --repo --then S:kubectl-delete ApplicationSet/NAME (deletionOrder, case 113)', () => {
  it('Reverse: frontend (step 3), then backend (step 2), then database (step 1), each after the one before is gone', () => {
    const result = run([
      '--repo',
      `${fixtures}/repo`,
      `${fixtures}/reverse-deletion.yaml`,
      '--progressive-syncs',
      ...deleteAt,
      '--json',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as {
      applications: JsonAny[];
      applicationSets: JsonAny[];
      events: SimEvent[];
    };
    const gone = deletions(json.events);
    expect(gone.map((d) => d.what)).toEqual([
      'Application/platform-frontend',
      'Application/platform-backend',
      'Application/platform-database',
      'ApplicationSet/platform-stack',
    ]);
    // Not in one instant: each app's workloads are deleted (foreground) before the next app's deletion starts.
    expect(gone[0].t).toBeGreaterThan(300);
    expect(gone[1].t).toBeGreaterThan(gone[0].t);
    expect(gone[2].t).toBeGreaterThan(gone[1].t);
    expect(json.applications).toEqual([]);
    expect(json.applicationSets).toEqual([]);
  });

  it('without deletionOrder the set goes at once and every app goes together (garbage collector)', () => {
    const result = run([
      '--repo',
      `${fixtures}/repo`,
      `${fixtures}/platform-stack.yaml`,
      '--progressive-syncs',
      ...deleteAt,
      '--json',
    ]);
    expect(result.code).toBe(0);
    const gone = deletions((JSON.parse(result.stdout) as { events: SimEvent[] }).events);
    expect(gone[0]).toEqual({ t: 300, what: 'ApplicationSet/platform-stack' });
    const apps = gone.filter((d) => d.what.startsWith('Application/'));
    expect(apps).toHaveLength(3);
    expect(Math.max(...apps.map((d) => d.t)) - apps[0].t).toBeLessThan(3);
  });
});
