import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../src/engine';
import { playScenario } from '../src/scenarios/play';
import { parseScenario } from '../src/scenarios/scenario';

/**
 * argo-cd #25475: "PreSync hooks skipped when new sync begins while previous is still rolling out deployments in
 * Sync phase". At the followed commit (37ee0097cf85) gitops-engine deletes the previous sync's hook first
 * (sync_context.go `runTasks`: `deleteBeforeCreation`, then "if there is anything that needs deleting, we are at
 * best now in pending"), creates the new one once it is gone, and waits for its completion (`setRunningPhase`);
 * the skip needs a lagging watch cache (gitops-engine #446), which the sandbox does not model. This pins what
 * the code does with a current view: scenarios/hooks-skipped.yaml's note says why.
 */
const file = 'scenarios/hooks-skipped.yaml';
const base = readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');

function run(actions: string) {
  const text = base.replace(/^actions:\n(?: {2}- .*\n)+/m, `actions:\n${actions}`);
  return playScenario(parseScenario(text, file)).events.filter(
    (e) => e.app === undefined || e.app === 'checkout',
  );
}

type Op = Extract<SimEvent, { type: 'operation' }>;
const migrateEvents = (events: readonly SimEvent[], after: number) =>
  events.filter(
    (e) =>
      e.t >= after &&
      'kind' in e &&
      e.kind === 'Job' &&
      'name' in e &&
      e.name === 'checkout-migrate' &&
      (e.type === 'apply' || e.type === 'delete' || (e.type === 'health' && e.status === 'Healthy')),
  );

describe('argo-cd #25475 at 37ee0097cf85: a sync right after one that Succeeded mid-rollout runs its PreSync hook', () => {
  const first = [
    '  - { at: 90, do: argocd app set checkout --sync-policy none }',
    '  - { at: 100, do: git commit -m "checkout 6.7.2", revision: "6.7.2" }',
    '  - { at: 110, do: argocd app sync checkout }',
  ].join('\n');
  const once = run(first + '\n');
  // The first sync ends when its last wave is applied (the last wave is not awaited), while the pods still roll.
  const firstEnd = once.find(
    (e): e is Op => e.type === 'operation' && e.t > 110 && e.phase === 'Succeeded',
  )!.t;
  const second = Math.ceil(firstEnd * 10) / 10 + 0.1;
  const events = run(`${first}\n  - { at: ${second}, do: argocd app sync checkout }\n`);

  it('the second sync starts while the Deployment is still rolling out', () => {
    const health = events.filter(
      (e) => e.type === 'health' && 'kind' in e && e.kind === 'Deployment' && e.t <= second,
    );
    expect(health.at(-1)).toMatchObject({ status: 'Progressing' });
    expect(events.some((e) => e.type === 'app-operation' && e.t === second)).toBe(true);
  });

  it('deletes the previous Job (BeforeHookCreation), creates the new one, and waits for it before the Sync phase', () => {
    const hook = migrateEvents(events, second).map((e) => e.type);
    expect(hook.slice(0, 3)).toEqual(['delete', 'apply', 'health']);
    const completed = migrateEvents(events, second).find((e) => e.type === 'health')!.t;
    const syncPhase = events.find((e) => e.type === 'step' && e.t >= second && e.phase === 'Sync')!;
    expect(syncPhase.t).toBeGreaterThanOrEqual(completed);
    const end = events.find((e): e is Op => e.type === 'operation' && e.t > second && e.phase !== 'Running')!;
    expect(end.phase).toBe('Succeeded');
  });
});
