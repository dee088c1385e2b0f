import { describe, expect, it } from 'vitest';
import { eventsOf, keyOf } from '../../../test/kits/eventQueries.testKit';
import { runSingleApp } from './singleApp';
import { kitchenTime } from '../argocd/syncMachine';
import { configMap, job } from '../../../test/kits/simulation.testKit';

describe('terminate while a hook runs (§2.16, cases 59-60)', () => {
  const result = runSingleApp({
    desired: [
      configMap('settings'),
      job('long-migration', { hook: 'PreSync', runSeconds: 60 }),
      job('notify', { hook: 'SyncFail', runSeconds: 1 }),
    ],
    terminateAtSeconds: 10,
  });
  const operations = eventsOf(result.events, 'operation');

  it('goes Terminating, then Failed with "Operation terminated"', () => {
    expect(operations.map((e) => e.phase)).toContain('Terminating');
    const end = operations.at(-1)!;
    expect(end).toMatchObject({ phase: 'Failed', message: 'Operation terminated' });
    expect(end.t).toBeGreaterThanOrEqual(10);
    expect(end.t).toBeLessThan(11);
  });

  it('deletes the running hook and records it Failed "Terminated"', () => {
    const deletes = eventsOf(result.events, 'delete');
    expect(deletes.map((e) => `${keyOf(e)} ${e.reason}`)).toEqual(['Job/long-migration terminate']);
    const row = result.application.status.operationState!.syncResult!.resources[0];
    expect(row).toMatchObject({ name: 'long-migration', hookPhase: 'Failed', message: 'Terminated' });
    expect(result.live.some((o) => o.kind === 'Job' && o.metadata.name === 'long-migration')).toBe(false);
  });

  it('runs no SyncFail hook and applies nothing of the Sync phase', () => {
    const applies = eventsOf(result.events, 'apply');
    expect(applies.map((e) => `${e.phase} ${keyOf(e)}`)).toEqual(['PreSync Job/long-migration']);
  });
});

describe('retry of a failing PreSync hook (§5.3, cases 82-83)', () => {
  const result = runSingleApp({
    desired: [configMap('settings'), job('migrate', { hook: 'PreSync', runSeconds: 2 })],
    fail: ['job/migrate'],
    retry: { limit: 2, durationMs: 5000, factor: 2, maxDurationMs: 180_000 },
  });
  const operations = eventsOf(result.events, 'operation');
  const failedAt = operations.filter((e) => e.message.includes('Retrying attempt #')).map((e) => e.t);
  const retriedAt = operations.filter((e) => e.message.startsWith('Retrying operation.')).map((e) => e.t);

  it('reports each failure with "Retrying attempt #n" while staying Running', () => {
    const retrying = operations.filter((e) => e.message.includes('Retrying attempt #'));
    expect(retrying.map((e) => e.phase)).toEqual(['Running', 'Running']);
    expect(retrying[0].message).toMatch(
      /^one or more synchronization tasks completed unsuccessfully\. Retrying attempt #1 at /,
    );
    expect(retrying[1].message).toContain('Retrying attempt #2 at ');
  });

  it('gates each attempt by 5 s × 2^n after the failure, counting the retry just made', () => {
    expect(failedAt).toHaveLength(2);
    expect(retriedAt).toEqual([failedAt[0] + 10, failedAt[1] + 20]);
    expect(operations.map((e) => e.message)).toContain('Retrying operation. Attempt #1');
  });

  // §5.3: Argo CD prints `Retrying attempt #n at <time>` with <time> in Go's time.Kitchen (`3:04PM`, UTC), the
  // failure time plus the back-off of the count before the increment (appcontroller.go L1689).
  it('TestProcessRequestedAppOperation_FailedHasRetries: "Retrying attempt #1 at 12:00AM." in time.Kitchen', () => {
    const retrying = operations.filter((e) => e.message.includes('Retrying attempt #'));
    expect(retrying[0].message).toBe(
      `one or more synchronization tasks completed unsuccessfully. Retrying attempt #1 at ${kitchenTime((failedAt[0] + 5) * 1000)}.`,
    );
    expect(retrying[0].message).toMatch(/ at 12:00AM\.$/);
    expect(retrying[1].message).toMatch(/Retrying attempt #2 at \d{1,2}:\d{2}(AM|PM)\.$/);
  });

  it('runs the PreSync hook again on every attempt, and never reaches the Sync phase', () => {
    const applies = eventsOf(result.events, 'apply');
    expect(applies.map((e) => `${e.phase} ${keyOf(e)}`)).toEqual([
      'PreSync Job/migrate',
      'PreSync Job/migrate',
      'PreSync Job/migrate',
    ]);
    expect(applies[1].t).toBeGreaterThanOrEqual(retriedAt[0]);
    expect(applies[2].t).toBeGreaterThanOrEqual(retriedAt[1]);
  });

  it('ends Failed once the retries are used up, saying how many were made', () => {
    expect(operations.at(-1)).toMatchObject({
      phase: 'Failed',
      message: 'one or more synchronization tasks completed unsuccessfully (retried 2 times).',
    });
  });
});

describe('kitchenTime: Go time.Kitchen in UTC (§5.3)', () => {
  it('formats 12-hour times without a leading zero', () => {
    expect(kitchenTime(0)).toBe('12:00AM');
    expect(kitchenTime(65_000)).toBe('12:01AM');
    expect(kitchenTime((15 * 60 + 4) * 60_000)).toBe('3:04PM');
    expect(kitchenTime(12 * 3_600_000)).toBe('12:00PM');
    expect(kitchenTime(-60_000)).toBe('11:59PM');
  });
});
