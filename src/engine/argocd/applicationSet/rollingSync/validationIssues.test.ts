import { describe, expect, it } from 'vitest';
import { invalidRolloutConfigCondition, progressingCondition } from './rolloutConditions';
import { entry, rollingSyncSet } from '../../../../../test/kits/rollingSync.testKit';
import { ValidationIssues } from './validationIssues';

// Mirrors applicationset/progressivesync/validation_issues_test.go (§5.7 case 114).
describe('validation_issues_test.go', () => {
  it('TestFormatInvalidMatchExpressionMessage single step has InvalidMatchExpressions found for RollingSync', () => {
    const issues = new ValidationIssues();
    issues.invalidMatchExpressions.push({ stepIndex: 0, operator: 'Exists' });
    expect(issues.conditionMessage()).toBe(
      "Step 1 has invalid matchExpression operators: Exists. Supported Operators are 'In' and 'NotIn'",
    );
  });

  it('TestFormatInvalidMatchExpressionMessage multiple steps have InvalidMatchExpressions', () => {
    const issues = new ValidationIssues();
    issues.invalidMatchExpressions.push(
      { stepIndex: 0, operator: 'Exists' },
      { stepIndex: 2, operator: 'Gt' },
    );
    expect(issues.conditionMessage()).toBe(
      "Steps 1, 3 have invalid matchExpression operators: Exists, Gt. Supported Operators are 'In' and 'NotIn'",
    );
  });

  it('TestFormatDuplicateAppSelectionMessage application duplicated in multiple steps', () => {
    const issues = new ValidationIssues();
    issues.duplicateAppSelections.set('foo', [0, 1]);
    expect(issues.conditionMessage()).toBe("Application 'foo' is selected by multiple steps: (1-2)");
  });

  it('TestFormatDuplicateAppSelectionMessage multiple applications selected in multiple steps', () => {
    const issues = new ValidationIssues();
    issues.duplicateAppSelections.set('foo', [0, 1]);
    issues.duplicateAppSelections.set('bar', [1, 2]);
    expect(issues.conditionMessage()).toBe(
      "Applications 'bar', 'foo' are selected by multiple steps: [(2-3), (1-2)]",
    );
  });

  it('TestFormatInvalidMaxUpdateMessage single and multiple steps', () => {
    const one = new ValidationIssues();
    one.invalidMaxUpdates.push({ stepIndex: 0, maxUpdate: 'abc' });
    expect(one.conditionMessage()).toBe('Step 1 has an invalid maxUpdate value: abc');
    const two = new ValidationIssues();
    two.invalidMaxUpdates.push({ stepIndex: 0, maxUpdate: 'abc' }, { stepIndex: 2, maxUpdate: 'x%' });
    expect(two.conditionMessage()).toBe('Steps 1, 3 have invalid maxUpdate values: [abc, x%]');
  });

  it('TestFormatEmptyStepsMessage single and multiple steps', () => {
    const one = new ValidationIssues();
    one.emptySteps.push(0);
    expect(one.conditionMessage()).toBe('Steps [1] have no applications matching their criteria');
    const two = new ValidationIssues();
    two.emptySteps.push(0, 4);
    expect(two.conditionMessage()).toBe('Steps [1 5] have no applications matching their criteria');
  });

  it('reports only the first kind of issue, operators before duplicates before maxUpdate before empty steps', () => {
    const issues = new ValidationIssues();
    issues.emptySteps.push(1);
    issues.duplicateAppSelections.set('foo', [0, 1]);
    expect(issues.conditionMessage()).toBe("Application 'foo' is selected by multiple steps: (1-2)");
  });
});

describe('RolloutProgressing and InvalidRolloutConfig (§5.1 Conditions)', () => {
  const set = rollingSyncSet([{}, {}, {}]);

  it('names the first step with an entry that is not Healthy, skipping step -1', () => {
    const entries = [
      entry('stray', 'Waiting', { step: '-1' }),
      entry('db', 'Healthy', { step: '1' }),
      entry('backend', 'Pending', { step: '2' }),
      entry('frontend', 'Waiting', { step: '3' }),
    ];
    expect(progressingCondition(set, entries)).toEqual({
      type: 'RolloutProgressing',
      status: 'True',
      reason: 'ApplicationSetModified',
      message: 'ApplicationSet is performing rollout of step 2',
    });
  });

  it('says the rollout has completed when every entry is Healthy, and also with no apps yet', () => {
    const complete = {
      type: 'RolloutProgressing',
      status: 'False',
      reason: 'ApplicationSetRolloutComplete',
      message: 'ApplicationSet Rollout has completed',
    };
    expect(progressingCondition(set, [entry('db', 'Healthy')])).toEqual(complete);
    expect(progressingCondition(set, [])).toEqual(complete);
  });

  it('reports a correct configuration, or the first issue, and nothing when the set is not RollingSync', () => {
    expect(invalidRolloutConfigCondition(set, new ValidationIssues())).toEqual({
      type: 'InvalidRolloutConfig',
      status: 'False',
      reason: 'ApplicationSetValidRolloutConfig',
      message: 'Rolling Sync Configured correctly',
    });
    const issues = new ValidationIssues();
    issues.emptySteps.push(2);
    expect(invalidRolloutConfigCondition(set, issues)).toMatchObject({
      status: 'True',
      reason: 'ApplicationSetInvalidRolloutConfig',
      message: 'Steps [3] have no applications matching their criteria',
    });
    expect(progressingCondition({ ...set, spec: {} }, [])).toBeUndefined();
  });
});
