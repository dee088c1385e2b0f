import { describe, expect, it } from 'vitest';
import type { JsonAny, SimEvent } from '../../engine';
import { runSimOnDisk as run } from '../../../test/kits/runSim.testKit';

/**
 * `sim run --repo … --then SECONDS:"kubectl …"` (contract.md §1.5 extended): interventions typed as
 * commands, on the platform fixture, whose team apps have `automated: { prune: true, selfHeal: true }`.
 */
const fixtures = 'test/fixtures/platform';
const platform = ['--repo', `${fixtures}/repo`, `${fixtures}/platform.yaml`, '--json'];

describe('--then SECONDS:"kubectl delete …" (the CLI walk of drift and self-heal)', () => {
  const result = run([...platform, '--then', '300:kubectl delete deploy checkout -n checkout-dev']);
  const json = JSON.parse(result.stdout) as { applications: JsonAny[]; events: SimEvent[] };

  it('deletes the Deployment; self-heal re-creates it in the same instant; the app ends Synced and Healthy', () => {
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const events = json.events.filter(
      (e) => e.t >= 300 && (e.type === 'intervention' || e.app === 'checkout'),
    );
    expect(events.find((e) => e.type === 'intervention')).toMatchObject({
      t: 300,
      output: 'deployment.apps "checkout" deleted',
    });
    expect(events.find((e) => e.type === 'app-operation')).toMatchObject({ t: 300, automated: true });
    const checkout = json.applications.find((a) => a.metadata.name === 'checkout')!;
    // The live PreSync migration Job is a row of status.resources with no sync status, so self-heal's "not
    // Synced" names it too (appcontroller.go L2619); the sync makes no task of a hook.
    expect(checkout.status.operationState.operation.sync.resources).toEqual([
      { group: 'apps', kind: 'Deployment', name: 'checkout' },
      { group: 'batch', kind: 'Job', name: 'checkout-migrate' },
    ]);
    expect([checkout.status.sync.status, checkout.status.health.status]).toEqual(['Synced', 'Healthy']);
  });
});

describe("a refused intervention: kubectl's error, the action's position, exit 2, nothing changed", () => {
  it('an unknown object', () => {
    const result = run([
      ...platform,
      '--then',
      '60:sync checkout',
      '--then',
      '90:kubectl delete deploy nope -n checkout-dev',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'sim run: --then #2 (90:kubectl delete deploy nope -n checkout-dev): Error from server (NotFound): deployments.apps "nope" not found\n',
    );
  });

  it('an invalid patch is refused before the run, as kubectl reads the patch before it asks the server', () => {
    const result = run([...platform, '--then', `90:kubectl patch deploy/checkout -n checkout-dev -p '{bad'`]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^sim run: <command line>:1:1: --then #1 \(90:kubectl patch .*\): error: unable to parse "\{bad": /,
    );
  });

  it('a command kubectl itself would not send is bad input before the run', () => {
    const result = run([...platform, '--then', '90:kubectl explode deploy/checkout']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^sim run: <command line>:1:1: --then #1 \(90:kubectl explode deploy\/checkout\): error: /,
    );
  });
});

describe('--help lists every action, rollback and the commands included', () => {
  it('names them', () => {
    const help = run(['--help']).stdout;
    for (const word of [
      'rollback APP ID',
      'kubectl delete|scale|edit|patch|apply -f|set image|annotate|label|rollout restart',
      'argocd app sync|get --refresh|terminate-op|rollback|confirm-deletion|set',
      'git commit -m MESSAGE DIR',
    ])
      expect(help).toContain(word);
  });
});
