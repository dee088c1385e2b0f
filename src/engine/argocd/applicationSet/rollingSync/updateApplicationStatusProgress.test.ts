import { describe, expect, it } from 'vitest';
import type { ApplicationStatusEntry } from './applicationStatus';
import {
  maxUpdateLimit,
  pendingMessage,
  updateApplicationSetApplicationStatusProgress,
} from './updateApplicationStatusProgress';
import { entry, rollingSyncSet } from '../../../../../test/kits/rollingSync.testKit';
import { ValidationIssues } from './validationIssues';

const NOW = '2026-01-01T00:05:00Z';

function pass2(
  maxUpdate: number | string | undefined,
  entries: ApplicationStatusEntry[],
  eligible = entries.map((e) => e.application),
  issues?: ValidationIssues,
) {
  const set = rollingSyncSet([{ matchExpressions: [], ...(maxUpdate === undefined ? {} : { maxUpdate }) }]);
  const steps = new Map(entries.map((e) => [e.application, 0]));
  return updateApplicationSetApplicationStatusProgress(set, entries, new Set(eligible), steps, NOW, issues);
}

const statuses = (entries: ApplicationStatusEntry[]) => entries.map((e) => `${e.application}:${e.status}`);
const waiting3 = () => [entry('app1', 'Waiting'), entry('app2', 'Waiting'), entry('app3', 'Waiting')];

// Mirrors progressive_sync_dependencies_test.go TestUpdateApplicationSetApplicationStatusProgress (§5.7 108-110).
describe('TestUpdateApplicationSetApplicationStatusProgress', () => {
  it('handles an empty strategy', () => {
    const set = { ...rollingSyncSet([]), spec: {} };
    expect(
      updateApplicationSetApplicationStatusProgress(
        set,
        [entry('app1', 'Waiting')],
        new Set(['app1']),
        new Map(),
        NOW,
      ),
    ).toEqual([]);
  });

  it('handles updating a RollingSync status from Waiting to Pending', () => {
    const [result] = pass2(undefined, [entry('app1', 'Waiting')]);
    expect(result).toEqual({ ...entry('app1', 'Pending'), message: pendingMessage, lastTransitionTime: NOW });
  });

  it('does not update a RollingSync status if appSyncMap is false', () => {
    expect(statuses(pass2(undefined, [entry('app1', 'Waiting')], []))).toEqual(['app1:Waiting']);
  });

  it('does not update a status if status is not pending', () => {
    expect(statuses(pass2(undefined, [entry('app1', 'Healthy')]))).toEqual(['app1:Healthy']);
  });

  it('does not update a status if maxUpdate has already been reached with RollingSync', () => {
    const entries = [
      entry('app1', 'Progressing'),
      entry('app2', 'Waiting'),
      entry('app3', 'Waiting'),
      entry('app4', 'Pending'),
    ];
    expect(statuses(pass2(3, entries))).toEqual([
      'app1:Progressing',
      'app2:Pending',
      'app3:Waiting',
      'app4:Pending',
    ]);
  });

  it('rounds down for maxUpdate set to percentage string', () => {
    expect(statuses(pass2('50%', waiting3()))).toEqual(['app1:Pending', 'app2:Waiting', 'app3:Waiting']);
  });

  it('does not update any applications with maxUpdate set to 0', () => {
    expect(statuses(pass2(0, waiting3()))).toEqual(['app1:Waiting', 'app2:Waiting', 'app3:Waiting']);
    expect(statuses(pass2('0%', waiting3()))).toEqual(['app1:Waiting', 'app2:Waiting', 'app3:Waiting']);
  });

  it('updates all applications with maxUpdate set to 100%', () => {
    expect(statuses(pass2('100%', waiting3()))).toEqual(['app1:Pending', 'app2:Pending', 'app3:Pending']);
  });

  it('updates at least 1 application with maxUpdate >0%', () => {
    expect(statuses(pass2('10%', waiting3()))).toEqual(['app1:Pending', 'app2:Waiting', 'app3:Waiting']);
  });

  it('limits an unparsable maxUpdate string to 1 and records it as invalid (ps L677-704, §5.1)', () => {
    const issues = new ValidationIssues();
    expect(statuses(pass2('2', waiting3(), undefined, issues))).toEqual([
      'app1:Pending',
      'app2:Waiting',
      'app3:Waiting',
    ]);
    expect(issues.conditionMessage()).toBe('Step 1 has an invalid maxUpdate value: 2');
  });

  it('counts apps in no step in step 1, as the Go map miss does (§5.1)', () => {
    const set = rollingSyncSet([{ matchExpressions: [], maxUpdate: 1 }]);
    const entries = [entry('app1', 'Waiting'), entry('stray', 'Progressing', { step: '-1' })];
    const result = updateApplicationSetApplicationStatusProgress(
      set,
      entries,
      new Set(['app1']),
      new Map([['app1', 0]]),
      NOW,
    );
    expect(statuses(result)).toEqual(['app1:Waiting', 'stray:Progressing']);
  });
});

describe('maxUpdateLimit', () => {
  it('takes an integer as is, rounds a percentage down and raises a non-zero percentage to 1', () => {
    expect(maxUpdateLimit(2, 10)).toEqual({ value: 2, valid: true });
    expect(maxUpdateLimit('50%', 3)).toEqual({ value: 1, valid: true });
    expect(maxUpdateLimit('25%', 2)).toEqual({ value: 1, valid: true });
    expect(maxUpdateLimit('0%', 5)).toEqual({ value: 0, valid: true });
    expect(maxUpdateLimit('two', 5)).toEqual({ value: 1, valid: false });
  });
});
