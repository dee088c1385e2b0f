import { describe, expect, it } from 'vitest';
import { nextActivation, parseCron, type CronSchedule } from './cron';
import { parseGoDuration } from './goDuration';
import { gobwasGlobMatch } from './gobwasGlob';
import {
  activeSpans,
  canSync,
  isActive,
  matchingWindows,
  readSyncWindows,
  syncWindowSummary,
  type CompiledWindow,
  type SyncWindow,
} from './syncWindows';

// pkg/apis/application/v1alpha1/types.go and types_test.go at 37ee0097cf85.
const at = (hour: number, minute = 0) => Date.UTC(2026, 0, 1, hour, minute);

function windows(...list: Partial<SyncWindow>[]): CompiledWindow[] {
  const read = readSyncWindows(
    list.map((w) => ({ kind: 'deny', schedule: '* * * * *', duration: '1h', applications: ['*'], ...w })),
  );
  if (!Array.isArray(read)) throw new Error(read.message);
  return read;
}

describe('the cron schedule of a sync window (robfig/cron v3, Argo CD’s five-field parser)', () => {
  const cron = (spec: string) => parseCron(spec) as CronSchedule;

  it('steps to the first activation strictly after a time', () => {
    expect(nextActivation(cron('0 10 * * *'), at(9, 59))).toBe(at(10));
    // Strictly after: at 10:00 the next start is tomorrow's.
    expect(nextActivation(cron('0 10 * * *'), at(10))).toBe(at(10) + 86_400_000);
    // 2026-01-01 is a Thursday; `* * * * mon` next runs on Monday 5 January.
    expect(nextActivation(cron('0 0 * * mon'), at(0))).toBe(Date.UTC(2026, 0, 5));
  });

  it('combines restricted day of month and day of week with OR, and with AND when one is a star', () => {
    // Day 15 or any Monday: Monday 5 January comes first.
    expect(nextActivation(cron('0 0 15 * 1'), at(0))).toBe(Date.UTC(2026, 0, 5));
    // `*/1` keeps the star (step 1), so it is AND: every day.
    expect(nextActivation(cron('0 0 */1 * 1'), at(0))).toBe(Date.UTC(2026, 0, 5));
  });

  it('refuses what Argo CD’s parser refuses, in robfig’s words', () => {
    expect(parseCron('@daily')).toBe('parser does not accept descriptors: @daily');
    expect(parseCron('0 10 * *')).toBe('expected exactly 5 fields, found 4: [0 10 * *]');
    // TestSyncWindow_Active "Allow-inactive-InvalidSchedule": day of week 7.
    expect(parseCron('* 10 * * 7')).toBe('end of range (7) above maximum (6): 7');
  });

  it('finds no activation of a schedule that never fires (30 February)', () => {
    expect(nextActivation(cron('0 0 30 2 *'), at(0))).toBeUndefined();
  });
});

describe('Go’s time.ParseDuration (a window’s duration)', () => {
  it('reads units and refuses what Go refuses', () => {
    expect(parseGoDuration('1h30m')).toBe(5_400_000);
    expect(parseGoDuration('1.5h')).toBe(5_400_000);
    expect(parseGoDuration('0')).toBe(0);
    // TestSyncWindow_Active "Allow-inactive-InvalidDuration".
    expect(parseGoDuration('2a')).toBe('time: unknown unit "a" in duration "2a"');
    expect(parseGoDuration('10')).toBe('time: missing unit in duration "10"');
    expect(parseGoDuration('1d')).toBe('time: unknown unit "d" in duration "1d"');
  });
});

describe('TestSyncWindow_Active (types_test.go): a window is active strictly between its start and start + duration', () => {
  const [w] = windows({ kind: 'allow', schedule: '0 10 * * *', duration: '2h' });

  it('Allow-active / Allow-inactive', () => {
    expect(isActive(w, at(11))).toBe(true);
    expect(isActive(w, at(13))).toBe(false);
  });

  it('is not active at its start nor at its end (robfig Next is strictly after)', () => {
    expect(isActive(w, at(10))).toBe(false);
    expect(isActive(w, at(10) + 1)).toBe(true);
    expect(isActive(w, at(12) - 1)).toBe(true);
    expect(isActive(w, at(12))).toBe(false);
  });

  it('Allow-active-NonUTC: a fixed zone moves the schedule (Etc/GMT-2 is two hours ahead of UTC)', () => {
    const [zoned] = windows({ kind: 'allow', schedule: '0 10 * * *', duration: '2h', timeZone: 'Etc/GMT-2' });
    // 10:00 in UTC+2 is 08:00 UTC.
    expect(isActive(zoned, at(9))).toBe(true);
    expect(isActive(zoned, at(11))).toBe(false);
  });

  it('a schedule that never fires is always active (Go’s zero time is before every time)', () => {
    const [never] = windows({ schedule: '0 0 30 2 *' });
    expect(isActive(never, at(11))).toBe(true);
  });

  it('gives the timeline its active stretches', () => {
    const [daily] = windows({ schedule: '0 10 * * *', duration: '2h' });
    expect(activeSpans(daily, at(0), at(0) + 2 * 86_400_000)).toEqual([
      [at(10), at(12)],
      [at(10) + 86_400_000, at(12) + 86_400_000],
    ]);
  });
});

describe('TestSyncWindow_Validate / TestAppProject_ValidateSyncWindowList: bad windows are refused in Argo CD’s words', () => {
  const problem = (w: Record<string, unknown>) => readSyncWindows([w]);

  it('kind, schedule and duration', () => {
    expect(problem({ kind: 'wait', schedule: '* * * * *', duration: '1h' })).toEqual({
      path: 'spec.syncWindows[0].kind',
      message: "kind 'wait' mismatch: can only be allow or deny",
    });
    expect(problem({ kind: 'deny', schedule: '@daily', duration: '1h' })).toMatchObject({
      message: "cannot parse schedule '@daily': parser does not accept descriptors: @daily",
    });
    expect(problem({ kind: 'deny', schedule: '* * * * *', duration: '1d' })).toMatchObject({
      message: 'cannot parse duration \'1d\': time: unknown unit "d" in duration "1d"',
    });
  });

  it('a zone the sandbox cannot know without a wall clock is refused, not guessed', () => {
    expect(
      problem({ kind: 'deny', schedule: '* * * * *', duration: '1h', timeZone: 'Europe/Paris' }),
    ).toMatchObject({
      path: 'spec.syncWindows[0].timeZone',
      message: expect.stringContaining('timeZone "Europe/Paris" is not simulated'),
    });
  });

  it('an unknown field is refused rather than ignored', () => {
    expect(problem({ kind: 'deny', schedule: '* * * * *', duration: '1h', manualsync: true })).toMatchObject({
      path: 'spec.syncWindows[0].manualsync',
    });
  });
});

describe('TestSyncWindows_Matches (types_test.go)', () => {
  const app = { name: 'test-app', namespace: 'default', server: 'cluster1', clusterName: 'clusterName' };

  it('MatchNamespace, MatchCluster, MatchClusterName, MatchAppName, NoMatch', () => {
    const one = (w: Partial<SyncWindow>) =>
      matchingWindows(windows({ applications: undefined, ...w }), app).length;
    expect(one({ namespaces: ['default'] })).toBe(1);
    expect(one({ clusters: ['cluster1'] })).toBe(1);
    expect(one({ clusters: ['clusterName'] })).toBe(1);
    expect(one({ applications: ['test-app'] })).toBe(1);
    expect(one({ applications: ['other'], namespaces: ['prod-*'] })).toBe(0);
    // A window that names none of the three applies to nothing.
    expect(one({})).toBe(0);
  });

  it('TestSyncWindows_Matches_AND_Operator: each list that is set must match', () => {
    const one = (w: Partial<SyncWindow>) => matchingWindows(windows({ andOperator: true, ...w }), app).length;
    expect(one({ applications: ['test-app'], namespaces: ['default'] })).toBe(1);
    expect(one({ applications: ['test-app'], namespaces: ['prod'] })).toBe(0);
    expect(one({ applications: ['test-*'], clusters: ['other'] })).toBe(0);
  });

  it('globs as gobwas/glob does', () => {
    expect(gobwasGlobMatch('team-?-{dev,prod}', 'team-a-prod')).toBe(true);
    expect(gobwasGlobMatch('team-[!a]*', 'team-a-prod')).toBe(false);
    expect(gobwasGlobMatch('[', '[')).toBe(false);
  });
});

describe('TestSyncWindows_CanSync (types_test.go)', () => {
  const now = at(11);
  const activeDeny = (w: Partial<SyncWindow> = {}) => ({
    kind: 'deny' as const,
    schedule: '0 10 * * *',
    duration: '2h',
    ...w,
  });
  const inactiveAllow = (w: Partial<SyncWindow> = {}) => ({
    kind: 'allow' as const,
    schedule: '0 20 * * *',
    duration: '1h',
    ...w,
  });
  const activeAllow = (w: Partial<SyncWindow> = {}) => ({
    kind: 'allow' as const,
    schedule: '0 10 * * *',
    duration: '2h',
    ...w,
  });

  it('will deny manual sync with active-deny / will allow manual sync with active-deny with ManualSync enabled', () => {
    expect(canSync(windows(activeDeny()), now, true)).toBe(false);
    expect(canSync(windows(activeDeny({ manualSync: true })), now, true)).toBe(true);
  });

  it('will deny auto sync with active-deny with ManualSync enabled', () => {
    expect(canSync(windows(activeDeny({ manualSync: true })), now, false)).toBe(false);
  });

  it('will deny manual sync with many active-deny having one with ManualSync disabled', () => {
    expect(canSync(windows(activeDeny({ manualSync: true }), activeDeny()), now, true)).toBe(false);
  });

  it('will deny auto sync inactive-allow / will allow manual sync inactive-allow with ManualSync enabled', () => {
    expect(canSync(windows(inactiveAllow()), now, false)).toBe(false);
    expect(canSync(windows(inactiveAllow({ manualSync: true })), now, true)).toBe(true);
    expect(canSync(windows(inactiveAllow({ manualSync: true })), now, false)).toBe(false);
  });

  it('will allow auto sync with active-allow and inactive-allow', () => {
    expect(canSync(windows(activeAllow(), inactiveAllow()), now, false)).toBe(true);
  });

  it('will deny auto sync with active-deny and active-allow windows with ManualSync enabled', () => {
    expect(
      canSync(windows(activeDeny({ manualSync: true }), activeAllow({ manualSync: true })), now, false),
    ).toBe(false);
  });
});

describe('TestSyncWindows_SyncOverrun (types_test.go, Argo CD 3.5)', () => {
  const deny = (w: Partial<SyncWindow> = {}) => ({
    kind: 'deny' as const,
    schedule: '0 11 * * *',
    duration: '15m',
    ...w,
  });
  const now = at(11, 5);
  const before = at(10, 40);

  it('DenyWindowWithoutOverrunBlocksContinuingSync', () => {
    expect(canSync(windows(deny()), now, false, before)).toBe(false);
  });

  it('AllowsSyncToContinueWhenStartedBeforeDenyWindowWithOverrun', () => {
    expect(canSync(windows(deny({ syncOverrun: true })), now, false, before)).toBe(true);
  });

  it('DenyWindowWithOverrunBlocksNewSync / …BlocksSyncThatStartedDuringDeny', () => {
    expect(canSync(windows(deny({ syncOverrun: true })), now, false)).toBe(false);
    expect(canSync(windows(deny({ syncOverrun: true })), now, false, at(11, 1))).toBe(false);
  });

  it('DisallowsOverrunWhenOneDenyWindowDoesntHaveIt', () => {
    expect(canSync(windows(deny({ syncOverrun: true }), deny()), now, false, before)).toBe(false);
  });

  it('AllowsSyncWhenStartedDuringAllowWindowWithOverrun / DeniesSyncWhenStartedDuringAllowWindowWithoutOverrun', () => {
    const allow = (overrun: boolean) => ({
      kind: 'allow' as const,
      schedule: '0 10 * * *',
      duration: '1h',
      syncOverrun: overrun,
    });
    expect(canSync(windows(allow(true)), now, false, at(10, 30))).toBe(true);
    expect(canSync(windows(allow(false)), now, false, at(10, 30))).toBe(false);
  });
});

describe('argocd app get’s SyncWindow line (cmd/argocd/commands/app.go printAppSummaryTable)', () => {
  it('says Sync Denied, Manual Allowed or Sync Allowed, and lists the assigned windows', () => {
    const deny = { kind: 'deny' as const, schedule: '0 10 * * *', duration: '2h' };
    expect(syncWindowSummary(windows(deny), at(11))).toEqual({
      status: 'Sync Denied',
      assigned: 'deny:0 10 * * *:2h',
    });
    expect(syncWindowSummary(windows({ ...deny, manualSync: true }), at(11)).status).toBe('Manual Allowed');
    expect(syncWindowSummary(windows(deny), at(13)).status).toBe('Sync Allowed');
    expect(syncWindowSummary([], at(13))).toEqual({ status: 'Sync Allowed', assigned: '' });
  });
});
