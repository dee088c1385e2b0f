import { describe, expect, it } from 'vitest';
import { getAppsToSync } from './appsToSync';
import { buildAppDependencyList } from './buildAppDependencyList';
import { isRollingSyncStrategy } from './strategy';
import { syncOperation } from './syncApplication';
import { application, entry, rollingSyncSet } from '../../../../../test/kits/rollingSync.testKit';

const inStep = (key: string, ...values: string[]) => ({
  matchExpressions: [{ key, operator: 'In', values }],
});
const notInStep = (key: string, ...values: string[]) => ({
  matchExpressions: [{ key, operator: 'NotIn', values }],
});

// Mirrors applicationset/progressivesync/progressive_sync_test.go TestBuildAppDependencyList (§5.7 case 99).
describe('TestBuildAppDependencyList', () => {
  const dev = application('app-dev', { env: 'dev' });
  const qa = application('app-qa', { env: 'qa' });
  const prod = application('app-prod', { env: 'prod', region: 'us-east-2' });
  const unlabelled = application('app-none');

  it('handles an empty set of applications and ignores AllAtOnce strategy', () => {
    const set = rollingSyncSet([inStep('env', 'dev')]);
    set.spec.strategy.type = 'AllAtOnce';
    expect(buildAppDependencyList(set, [dev]).appDependencyList).toEqual([]);
  });

  it("handles selecting 1 application with 1 'In' selector", () => {
    const result = buildAppDependencyList(rollingSyncSet([inStep('env', 'dev')]), [dev, unlabelled]);
    expect(result.appDependencyList).toEqual([['app-dev']]);
    expect([...result.appStepMap]).toEqual([['app-dev', 0]]);
  });

  it("handles 'In' selectors that select no applications (a missing label is not selected)", () => {
    const result = buildAppDependencyList(rollingSyncSet([inStep('env', 'staging')]), [dev, unlabelled]);
    expect(result.appDependencyList).toEqual([[]]);
    expect(result.issues.conditionMessage()).toBe('Steps [1] have no applications matching their criteria');
  });

  it("multiple 'In' selectors in the same matchExpression only select Applications that match all selectors", () => {
    const step = {
      matchExpressions: [
        { key: 'env', operator: 'In', values: ['prod'] },
        { key: 'region', operator: 'In', values: ['us-east-2'] },
      ],
    };
    const other = application('app-prod-eu', { env: 'prod', region: 'eu-west-1' });
    expect(buildAppDependencyList(rollingSyncSet([step]), [prod, other]).appDependencyList).toEqual([
      ['app-prod'],
    ]);
  });

  it("multiple values in the same 'In' matchExpression can match on any value", () => {
    const result = buildAppDependencyList(rollingSyncSet([inStep('env', 'dev', 'qa')]), [dev, qa, prod]);
    expect(result.appDependencyList).toEqual([['app-dev', 'app-qa']]);
  });

  it("selects 1 application with 1 'NotIn' selector, keeping apps without the label", () => {
    const result = buildAppDependencyList(rollingSyncSet([notInStep('env', 'dev', 'qa')]), [
      dev,
      qa,
      prod,
      unlabelled,
    ]);
    expect(result.appDependencyList).toEqual([['app-prod', 'app-none']]);
  });

  it("in a mix of 'In' and 'NotIn' selectors, 'NotIn' takes precedence", () => {
    const step = {
      matchExpressions: [
        { key: 'env', operator: 'In', values: ['dev'] },
        { key: 'env', operator: 'NotIn', values: ['dev'] },
      ],
    };
    expect(buildAppDependencyList(rollingSyncSet([step]), [dev]).appDependencyList).toEqual([[]]);
  });

  it('app selected in multiple steps is captured as validation issue', () => {
    const result = buildAppDependencyList(
      rollingSyncSet([inStep('env', 'dev'), inStep('env', 'dev', 'qa')]),
      [dev, qa],
    );
    expect(result.appDependencyList).toEqual([['app-dev'], ['app-dev', 'app-qa']]);
    expect(result.appStepMap.get('app-dev')).toBe(0);
    expect(result.issues.conditionMessage()).toBe(
      "Application 'app-dev' is selected by multiple steps: (1-2)",
    );
  });

  it('Invalid Operator in MatchExpression is captured as validationIssue', () => {
    const step = { matchExpressions: [{ key: 'env', operator: 'Exists', values: ['dev'] }] };
    const result = buildAppDependencyList(rollingSyncSet([step]), [dev, qa, unlabelled]);
    // An app carrying the label is rejected; one without it is selected, the operator is not In.
    expect(result.appDependencyList).toEqual([['app-none']]);
    expect(result.issues.conditionMessage()).toBe(
      "Step 1 has invalid matchExpression operators: Exists. Supported Operators are 'In' and 'NotIn'",
    );
  });
});

// Mirrors progressive_sync_test.go TestGetAppsToSync (§5.7 case 100).
describe('TestGetAppsToSync', () => {
  const apps = [application('app1'), application('app2'), application('app3')];
  const eligible = (entries: ReturnType<typeof entry>[], list: string[][], current = apps) =>
    [...getAppsToSync(entries, list, current)].sort();

  it('handles an empty app dependency list', () => {
    expect(eligible([entry('app1', 'Healthy')], [])).toEqual([]);
  });

  it('handles missing applications with statuses', () => {
    const list = [['app1'], ['app2']];
    expect(eligible([entry('app1', 'Healthy'), entry('app2', 'Waiting')], list, [apps[1]])).toEqual(['app1']);
  });

  it('handles new applications with no statuses', () => {
    expect(eligible([], [['app1'], ['app2']])).toEqual(['app1']);
  });

  it('handles an empty step as completed', () => {
    expect(eligible([], [[], ['app1']])).toEqual(['app1']);
  });

  it('handles healthy steps', () => {
    const list = [['app1'], ['app2'], ['app3']];
    expect(eligible([entry('app1', 'Healthy'), entry('app2', 'Healthy')], list)).toEqual([
      'app1',
      'app2',
      'app3',
    ]);
  });

  for (const status of ['Waiting', 'Pending', 'Progressing'] as const) {
    it(`do not consider ${status.toLowerCase()} steps as completed`, () => {
      expect(eligible([entry('app1', status), entry('app2', 'Waiting')], [['app1'], ['app2']])).toEqual([
        'app1',
      ]);
    });
  }

  it('Ignores applications not selected', () => {
    expect(eligible([entry('app1', 'Healthy'), entry('app3', 'Waiting')], [['app1'], ['app2']])).toEqual([
      'app1',
      'app2',
    ]);
  });
});

// Mirrors progressive_sync_test.go TestIsRollingSyncStrategy and TestSyncApplication (§5.7 case 101).
describe('TestIsRollingSyncStrategy', () => {
  const withStrategy = (strategy: unknown) => ({ ...rollingSyncSet([]), spec: { strategy } });
  it('RollingSync strategy is explicitly set', () => {
    expect(isRollingSyncStrategy(withStrategy({ type: 'RollingSync', rollingSync: { steps: [] } }))).toBe(
      true,
    );
  });
  it('AllAtOnce strategy is explicitly set', () => {
    expect(isRollingSyncStrategy(withStrategy({ type: 'AllAtOnce' }))).toBe(false);
  });
  it('Strategy is empty', () => {
    expect(isRollingSyncStrategy(withStrategy({}))).toBe(false);
  });
  it('Strategy is nil', () => {
    expect(isRollingSyncStrategy(withStrategy(undefined))).toBe(false);
  });
});

describe('TestSyncApplication', () => {
  it('Default retry limit with no SyncPolicy', () => {
    expect(syncOperation(application('app'), false)).toEqual({
      initiatedBy: { username: 'applicationset-controller', automated: true },
      info: [
        { name: 'Reason', value: 'ApplicationSet RollingSync triggered a sync of this Application resource' },
      ],
      sync: {},
      retry: { limit: 5 },
    });
  });

  it('Retry and SyncOptions from SyncPolicy are applied', () => {
    const retry = { limit: 10, backoff: { duration: '5s', factor: 2, maxDuration: '3m' } };
    const app = application('app', {}, {}, { syncPolicy: { retry, syncOptions: ['CreateNamespace=true'] } });
    expect(syncOperation(app, true)).toMatchObject({
      sync: { syncOptions: ['CreateNamespace=true'], prune: true },
      retry,
    });
  });
});
