import { describe, expect, it } from 'vitest';
import {
  errorCondition,
  setApplicationSetStatusConditions,
  upToDateCondition,
  type ApplicationSetCondition,
} from './conditions';

const NOW = '2026-01-01T00:05:00Z';
const EARLIER = '2026-01-01T00:00:00Z';

const summary = (conditions: ApplicationSetCondition[]) =>
  conditions.map((c) => [c.type, c.status, c.reason, c.message]);

// Mirrors applicationset_controller_test.go TestSetApplicationSetStatusCondition, one `it` per Go sub-case.
describe('TestSetApplicationSetStatusCondition', () => {
  it('has parameters generated condition when false', () => {
    const { conditions } = setApplicationSetStatusConditions(
      [],
      [{ type: 'ResourcesUpToDate', status: 'False', reason: 'test', message: 'This is a message' }],
      false,
      false,
      NOW,
    );
    expect(summary(conditions)).toEqual([
      ['ParametersGenerated', 'False', 'ErrorOccurred', 'progressive sync'],
      ['ResourcesUpToDate', 'False', 'test', 'This is a message'],
    ]);
  });

  it('parameters generated condition is used when specified', () => {
    const { conditions } = setApplicationSetStatusConditions(
      [],
      [{ type: 'ParametersGenerated', status: 'False', reason: 'test', message: 'This is a message' }],
      true,
      false,
      NOW,
    );
    expect(summary(conditions)).toEqual([['ParametersGenerated', 'False', 'test', 'This is a message']]);
  });

  it('has parameter conditions when true', () => {
    const { conditions } = setApplicationSetStatusConditions(
      [],
      [{ type: 'ResourcesUpToDate', status: 'False', reason: 'test', message: 'This is a message' }],
      true,
      false,
      NOW,
    );
    expect(summary(conditions)).toEqual([
      [
        'ParametersGenerated',
        'True',
        'ParametersGenerated',
        'Successfully generated parameters for all Applications',
      ],
      ['ResourcesUpToDate', 'False', 'test', 'This is a message'],
    ]);
  });

  it('resource up to date sets error condition to false', () => {
    const { conditions } = setApplicationSetStatusConditions([], [upToDateCondition], true, false, NOW);
    expect(summary(conditions)).toEqual([
      [
        'ErrorOccurred',
        'False',
        'ApplicationSetUpToDate',
        'All applications have been generated successfully',
      ],
      [
        'ParametersGenerated',
        'True',
        'ParametersGenerated',
        'Successfully generated parameters for all Applications',
      ],
      [
        'ResourcesUpToDate',
        'True',
        'ApplicationSetUpToDate',
        'All applications have been generated successfully',
      ],
    ]);
  });

  it('error condition sets resource up to date to false', () => {
    const { conditions } = setApplicationSetStatusConditions(
      [],
      [errorCondition('test', 'Error')],
      true,
      false,
      NOW,
    );
    expect(summary(conditions)).toEqual([
      ['ErrorOccurred', 'True', 'test', 'Error'],
      [
        'ParametersGenerated',
        'True',
        'ParametersGenerated',
        'Successfully generated parameters for all Applications',
      ],
      ['ResourcesUpToDate', 'False', 'ErrorOccurred', 'Error'],
    ]);
  });

  it('updating an unchanged condition does not mutate existing conditions', () => {
    const previous: ApplicationSetCondition[] = [
      {
        type: 'ErrorOccurred',
        status: 'False',
        reason: '',
        message: 'existing',
        lastTransitionTime: EARLIER,
      },
      {
        type: 'ParametersGenerated',
        status: 'True',
        reason: 'ParametersGenerated',
        message: 'Successfully generated parameters for all Applications',
        lastTransitionTime: EARLIER,
      },
      {
        type: 'ResourcesUpToDate',
        status: 'False',
        reason: '',
        message: 'existing',
        lastTransitionTime: EARLIER,
      },
      {
        type: 'RolloutProgressing',
        status: 'True',
        reason: '',
        message: 'existing',
        lastTransitionTime: EARLIER,
      },
    ];
    const result = setApplicationSetStatusConditions(
      previous,
      [{ type: 'ResourcesUpToDate', status: 'False', reason: '', message: 'existing' }],
      true,
      true,
      NOW,
    );
    expect(result.changed).toBe(false);
    expect(result.conditions.map((c) => [c.type, c.lastTransitionTime])).toEqual([
      ['ErrorOccurred', EARLIER],
      ['ParametersGenerated', EARLIER],
      ['ResourcesUpToDate', EARLIER],
      ['RolloutProgressing', EARLIER],
    ]);
  });

  it('progressing conditions is removed when AppSet is not configured', () => {
    const previous: ApplicationSetCondition[] = [
      {
        type: 'RolloutProgressing',
        status: 'True',
        reason: 'ApplicationSetModified',
        message: 'x',
        lastTransitionTime: EARLIER,
      },
    ];
    const { conditions } = setApplicationSetStatusConditions(previous, [upToDateCondition], true, false, NOW);
    expect(conditions.map((c) => c.type)).toEqual([
      'ErrorOccurred',
      'ParametersGenerated',
      'ResourcesUpToDate',
    ]);
  });

  it('keeps conditions sorted by type whatever order they are handed in (§5.1)', () => {
    const { conditions } = setApplicationSetStatusConditions(
      [],
      [
        {
          type: 'RolloutProgressing',
          status: 'False',
          reason: 'ApplicationSetRolloutComplete',
          message: 'ApplicationSet Rollout has completed',
        },
        {
          type: 'InvalidRolloutConfig',
          status: 'False',
          reason: 'ApplicationSetValidRolloutConfig',
          message: 'Rolling Sync Configured correctly',
        },
        upToDateCondition,
      ],
      true,
      true,
      NOW,
    );
    expect(conditions.map((c) => c.type)).toEqual([
      'ErrorOccurred',
      'InvalidRolloutConfig',
      'ParametersGenerated',
      'ResourcesUpToDate',
      'RolloutProgressing',
    ]);
    expect(conditions.every((c) => c.lastTransitionTime === NOW)).toBe(true);
  });
});
