import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playScenario } from '../../scenarios/play';
import { parseScenario } from '../../scenarios/scenario';
import { frameAt } from '../../cursor/frameAt';
import { clusterAt } from '../../engine/simulation/objectHistory';
import { questions } from './questions';

function play(id: string) {
  const file = `scenarios/${id}.yaml`;
  return playScenario(
    parseScenario(readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8'), file),
  );
}

/** What the page shows at the linked moment, which the right answer's words must agree with. */
const shown: Record<string, { phase: string; health: string }> = {
  'presync-fails': { phase: 'Failed', health: 'Healthy' },
  'succeeded-progressing': { phase: 'Succeeded', health: 'Progressing' },
  'succeeded-then-degraded': { phase: 'Succeeded', health: 'Degraded' },
  'failed-degraded': { phase: 'Failed', health: 'Degraded' },
  stuck: { phase: 'Running', health: 'Progressing' },
  'helm-post-install': { phase: 'Running', health: 'Progressing' },
  'pvc-first-consumer': { phase: 'Running', health: 'Progressing' },
};

describe('quiz questions', () => {
  it("keep the course module's three questions first, each with one valid answer", () => {
    expect(questions.slice(0, 3).map((q) => q.text)).toEqual([
      'The PreSync migration fails. What happens to the running Deployment?',
      'Two resources have sync-wave -1 and 0. Which goes first, and when does the second start?',
      'Why does the app of apps need a health check for Applications?',
    ]);
    for (const q of questions) expect(q.choices[q.answer], q.id).toBeDefined();
  });

  it.each(Object.entries(shown))('%s links to a moment that shows its answer', (id, want) => {
    const q = questions.find((x) => x.id === id)!;
    const result = play(q.link!.scenario);
    expect(q.link!.t).toBeLessThanOrEqual(result.endT);
    const frame = frameAt(result.events, q.link!.t);
    expect({ phase: frame.operation?.phase, health: frame.app?.health }).toEqual(want);
  });

  it('sync-timeout links to the moment checkout’s operation is terminated by the timeout', () => {
    const q = questions.find((x) => x.id === 'sync-timeout')!;
    const events = play(q.link!.scenario).events.filter((e) => e.app === 'checkout');
    expect(frameAt(events, q.link!.t).operation).toMatchObject({
      phase: 'Failed',
      message: 'Operation terminated, triggered by controller sync timeout',
    });
  });

  it('sync-window-closes links to the moment the held release syncs, after the window', () => {
    const q = questions.find((x) => x.id === 'sync-window-closes')!;
    const events = play(q.link!.scenario).events.filter((e) => e.app === 'storefront');
    expect(frameAt(events, q.link!.t).operation?.phase).toBe('Succeeded');
    expect(q.link!.t).toBeGreaterThan(900);
  });

  it('wave-order links to the moment wave 0 starts after wave -1', () => {
    const q = questions.find((x) => x.id === 'wave-order')!;
    const frame = frameAt(play(q.link!.scenario).events, q.link!.t);
    expect(frame.step).toMatchObject({ phase: 'Sync', wave: 0 });
  });

  it('delete-app links to a moment where checkout is held, marked for deletion, with DeletionError', () => {
    const q = questions.find((x) => x.id === 'delete-app')!;
    const result = play(q.link!.scenario);
    const app = clusterAt(result.objects, q.link!.t).find(
      (o) => o.kind === 'Application' && o.metadata.name === 'checkout',
    )!;
    expect(app.metadata.deletionTimestamp).toBeDefined();
    expect(app.status.conditions.map((c: { type: string }) => c.type)).toContain('DeletionError');
  });

  it('environments-promotion links to the moment staging is Degraded and prod has not started', () => {
    const q = questions.find((x) => x.id === 'environments-promotion')!;
    const events = play(q.link!.scenario).events.filter((e) => e.t <= q.link!.t);
    const last = (app: string) => events.filter((e) => e.type === 'app' && e.app === app).at(-1);
    expect(last('shop-staging')).toMatchObject({ health: 'Degraded' });
    expect(last('shop-prod')).toMatchObject({ sync: 'OutOfSync', health: 'Missing' });
    expect(events.some((e) => e.type === 'app-operation' && e.app === 'shop-prod')).toBe(false);
  });
});
