import { describe, expect, it } from 'vitest';
import type { ApplicationJson, KubeObject, SimEvent } from '../../engine';
import { runSimOnDisk } from '../../../test/kits/runSim.testKit';

/**
 * `sim run FILE --then SECONDS:"argocd app …"` reads the command through the command table (issue 28): the flags
 * of `argocd app sync` shape the operation, rollback's ID is optional, and a flag is never accepted and ignored.
 * three-tier: a PreSync migration and a PostSync smoke test (both HookSucceeded), frontend with 2 replicas.
 */
function run(then: string[]) {
  const r = runSimOnDisk(['scenarios/three-tier.yaml', '--json', ...then.flatMap((t) => ['--then', t])]);
  const json = r.stdout
    ? (JSON.parse(r.stdout) as { application: ApplicationJson; events: SimEvent[]; live: KubeObject[] })
    : undefined;
  return { ...r, json };
}
const frontend = (live: KubeObject[]) =>
  live.find((o) => o.kind === 'Deployment' && o.metadata.name === 'frontend')?.spec.replicas;
const hooksFrom = (events: SimEvent[], t: number) =>
  events.filter((e) => e.type === 'apply' && e.hook && e.t >= t).length;

describe('sim run --then "argocd app sync … FLAGS"', () => {
  it('--dry-run: the drift stays, no hook runs, no history entry; the operation reads dryRun (controller/sync.go L483)', () => {
    const { code, stderr, json } = run([
      '70:kubectl scale deploy frontend -n three-tier --replicas=5',
      '80:argocd app sync three-tier --dry-run',
    ]);
    expect([code, stderr]).toEqual([0, '']);
    expect(frontend(json!.live)).toBe(5);
    expect(hooksFrom(json!.events, 80)).toBe(0);
    const app = json!.application;
    expect(app.status.operationState?.operation.sync?.dryRun).toBe(true);
    expect(app.status.history).toHaveLength(1);
    expect(app.status.sync.status).toBe('OutOfSync');
  });

  it('--resource apps:Deployment:frontend: only the Deployment is synced back, no hook, no history (TestSelectiveSync)', () => {
    const { code, json } = run([
      '70:kubectl scale deploy frontend -n three-tier --replicas=5',
      '80:argocd app sync three-tier --resource apps:Deployment:frontend',
    ]);
    expect(code).toBe(0);
    expect(frontend(json!.live)).toBe(2);
    expect(hooksFrom(json!.events, 80)).toBe(0);
    expect(json!.application.status.history).toHaveLength(1);
  });

  it('a flag argocd does not have, or one not modelled, is bad input before the run (exit 2)', () => {
    const unknown = run(['80:argocd app sync three-tier --sync-option Prune=false']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      'sim run: <command line>:1:1: --then #1 (80:argocd app sync three-tier --sync-option Prune=false): Error: unknown flag: --sync-option\n',
    );
    expect(run(['80:argocd app sync three-tier --revision abc1234']).stderr).toMatch(
      /: argocd app sync --revision: the sandbox does not model it; in Argo CD it syncs the app to that branch, tag or commit/,
    );
  });
});

describe('sim run --then "argocd app rollback …" (cmd/argocd/commands/app.go findRevisionHistory)', () => {
  it('without an ID and a single deployment: the CLI’s own error, exit 2', () => {
    const { code, stderr } = run(['80:argocd app rollback three-tier']);
    expect(code).toBe(2);
    expect(stderr).toBe(
      "sim run: --then #1 (80:argocd app rollback three-tier): FATA[0000] application 'three-tier' should have at least two successful deployments\n",
    );
  });

  it('an unknown ID: "does not have deployment id \'7\' in history"', () => {
    expect(run(['80:argocd app rollback three-tier 7']).stderr).toBe(
      "sim run: --then #1 (80:argocd app rollback three-tier 7): FATA[0000] application 'three-tier' does not have deployment id '7' in history\n",
    );
  });

  it('rollback to ID 0: the apply strategy, so neither the PreSync migration nor the PostSync smoke test runs again', () => {
    const { code, json } = run(['80:argocd app rollback three-tier 0']);
    expect(code).toBe(0);
    expect(json!.application.status.operationState?.operation.sync?.syncStrategy).toEqual({ apply: {} });
    expect(json!.application.status.operationState?.phase).toBe('Succeeded');
    expect(hooksFrom(json!.events, 80)).toBe(0);
    expect(json!.application.status.history).toHaveLength(2);
  });
});
