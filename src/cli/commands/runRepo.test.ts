import { describe, expect, it } from 'vitest';
import type { JsonAny, SimEvent } from '../../engine';
import { runSimOnDisk as run } from '../../../test/kits/runSim.testKit';

/** `sim run --repo DIR FILE…` (contract.md §1.4, §1.5) on test/fixtures/platform, the app-of-apps platform. */
const fixtures = 'test/fixtures/platform';

const platform = ['--repo', `${fixtures}/repo`, `${fixtures}/platform.yaml`];

/** The `platform` Application at the end of a `--json` run of the platform with these `--then` actions. */
function platformAppAfter(...actions: string[]): JsonAny {
  const result = run([...platform, '--json', ...actions.flatMap((a) => ['--then', a])]);
  expect(result.stderr).toBe('');
  const json = JSON.parse(result.stdout) as { applications: JsonAny[] };
  return json.applications.find((a) => a.metadata.name === 'platform')!;
}

describe('sim run --repo (contract.md §1.4)', () => {
  it('prints the JSON with application, applications, applicationSets and events carrying app', () => {
    const result = run([...platform, '--argocd-cm', `${fixtures}/argocd-cm.yaml`, '--json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as {
      application: JsonAny;
      applications: JsonAny[];
      applicationSets: JsonAny[];
      events: SimEvent[];
    };
    expect(json.application.metadata.name).toBe('platform');
    expect(json.applications.map((a) => a.metadata.name)).toEqual([
      'checkout',
      'namespaces',
      'payments',
      'platform',
      'projects',
    ]);
    expect(json.applicationSets).toEqual([]);
    for (const a of json.applications) expect(a.status.health.status, a.metadata.name).toBe('Healthy');
    const ops = json.events.filter((e) => e.type === 'app-operation');
    expect(ops[0]).toMatchObject({ t: 0, app: 'platform', initiator: 'admin', automated: false });
    expect(json.events.filter((e) => e.type === 'operation').every((e) => e.app)).toBe(true);
  });

  it('prints an `argocd app list` table by default', () => {
    const result = run(platform);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(
      /^NAME\s+CLUSTER\s+NAMESPACE\s+PROJECT\s+STATUS\s+HEALTH\s+SYNCPOLICY/,
    );
    expect(result.stdout).toMatch(/argocd\/platform\s+\S+\s+argocd\s+default\s+Synced\s+Healthy\s+Manual/);
  });

  it('refuses a Helm source with the file and line (exit 2)', () => {
    const result = run(['--repo', `${fixtures}/repo`, `${fixtures}/helm-app.yaml`]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      `${fixtures}/helm-app.yaml:1:1: Application "charted": a Helm source is not simulated`,
    );
  });

  it('TestSyncWithInfos: `sync APP --info name1=val1 --info name2=val2` keeps the infos in operationState.operation.info', () => {
    const app = platformAppAfter('60:sync platform --info name1=val1 --info name2=val2');
    expect(app.status.sync.status).toBe('Synced');
    expect(app.status.operationState.operation.info).toEqual([
      { name: 'name1', value: 'val1' },
      { name: 'name2', value: 'val2' },
    ]);
    // The first sync (at t 0, without --info) kept none; a malformed info is refused as argocd refuses it.
    expect(app.status.history).toHaveLength(2);
    const bad = run([...platform, '--then', '60:sync platform --info name1']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('labels should have key=value, but instead got: name1');
  });

  it('`sync APP --label KEY=VALUE` with a label no manifest carries starts nothing and says so on stderr', () => {
    const result = run([...platform, '--then', '60:sync platform --label this-label=does-not-exist']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'warning: sync platform: No matching resources found for labels: [this-label=does-not-exist]',
    );
  });

  it('`sync --project P` syncs every Application of the project; an unknown one is a warning, a bare flag exit 2', () => {
    const result = run([...platform, '--json', '--then', '60:sync --project default']);
    expect(result.stderr).toBe('');
    const json = JSON.parse(result.stdout) as { events: SimEvent[] };
    const later = json.events.filter((e) => e.type === 'app-operation' && e.t >= 60).map((e) => e.app);
    expect(later).toContain('platform');
    expect(run([...platform, '--then', '60:sync --project nope']).stderr).toContain(
      'No matching apps found for filter: projects [nope]',
    );
    expect(run([...platform, '--then', '60:sync --project']).code).toBe(2);
  });

  it('`rollback APP ID` syncs a history entry again; a rollback that is not a number is refused (exit 2)', () => {
    const app = platformAppAfter('60:sync platform', '120:rollback platform 0');
    expect(app.status.history.map((h: JsonAny) => h.id)).toEqual([0, 1, 2]);
    expect(app.status.operationState.operation.sync.source).toEqual(app.status.history[0].source);
    const bad = run([...platform, '--then', '60:rollback platform latest']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      '--then 60:rollback platform latest: takes APP ID (a history id), not "latest"',
    );
  });

  it('refuses an action naming an unknown Application, and a missing folder (exit 2)', () => {
    expect(run([...platform, '--then', '10:sync nobody']).stderr).toContain('no Application "nobody"');
    const missing = run(['--repo', `${fixtures}/nope`, `${fixtures}/platform.yaml`]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`cannot read the folder ${fixtures}/nope`);
  });

  it('--then SECONDS:sync APP starts another operation at that time', () => {
    const result = run([...platform, '--then', '60:sync checkout', '--json']);
    expect(result.code).toBe(0);
    const events = (JSON.parse(result.stdout) as { events: SimEvent[] }).events;
    const again = events.filter((e) => e.type === 'app-operation' && e.app === 'checkout' && e.t === 60);
    expect(again).toEqual([expect.objectContaining({ initiator: 'admin', automated: false })]);
  });
});
