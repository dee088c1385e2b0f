import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import type { SimEvent } from '../engine/events';
import { describeRowAt } from './describeRowAt';
import { describeTimeline } from './describeTimeline';
import { layoutTimeline } from './layout';
import type { ObjectRow } from './types';

const events: SimEvent[] = JSON.parse(readFileSync('test/fixtures/events/three-tier-sync.json', 'utf8'));
const layout = layoutTimeline(events, { width: 1280 });
const row = (label: string) =>
  layout.rows.find((r): r is ObjectRow => r.type === 'object' && r.label === label)!;

test('before its wave a resource is Missing and not acted on', () => {
  expect(describeRowAt(layout, row('Deployment/backend'), 20).lines).toEqual([
    'default · Sync · wave 1 · at 20s',
    'health: Missing',
    'result: not acted on yet',
  ]);
});

test('during its rollout it shows the Deployment health message and the running task', () => {
  expect(describeRowAt(layout, row('Deployment/backend'), 35).lines).toEqual([
    'default · Sync · wave 1 · at 35s',
    'health: Progressing (Waiting for rollout to finish: 0 of 1 updated replicas are available...)',
    'result: Synced · hookPhase: Running',
    'message: deployment.apps/backend created',
  ]);
});

test('a hook deleted by its policy says so, and keeps its last result', () => {
  const { title, lines } = describeRowAt(layout, row('Job/migrate'), 65.7);
  expect(title).toBe('Job/migrate');
  expect(lines).toEqual([
    'default · PreSync hook · wave 0 · at 1m 5.7s',
    'health: Healthy (Reached expected number of succeeded pods)',
    'being deleted: HookSucceeded',
    'result: Synced · hookPhase: Succeeded',
    'message: Reached expected number of succeeded pods',
  ]);
});

test('a hook not yet created says so', () => {
  expect(describeRowAt(layout, row('Job/smoke-test'), 10).lines.slice(1)).toEqual([
    'not created yet',
    'result: not acted on yet',
  ]);
});

test('the summary names the objects, phases and outcome', () => {
  expect(describeTimeline(layout)).toBe(
    'Sync timeline over 1m 5.9s of virtual time; 9 resources and hooks in PreSync, Sync, PostSync; operation Succeeded at 1m 5.5s.',
  );
});
