import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { playScenario } from '../../scenarios/play';
import { parseScenario } from '../../scenarios/scenario';
import { explainPlatform } from './explainPlatform';
import { appOfAppsLog, progressiveSyncLog } from '../../../test/kits/platformLog.testKit';

// "Why is it waiting?" across Applications: argocd-semantics.md §5.2 (app of apps, the Application health
// check) and §5.1 (RollingSync steps), read from the run's log, never from the scenario's name.

describe('explainPlatform: app of apps', () => {
  it('names the child Application that holds the parent, and the resource inside it that holds the child', () => {
    const why = explainPlatform(appOfAppsLog({ health: true }), 2, 30);
    expect(why.headline).toBe(
      'platform waits for Application namespaces, which waits for healthy state of /Namespace/checkout.',
    );
    expect(why.holder).toBe('namespaces');
    expect(why.chain.map((l) => l.app)).toEqual(['platform', 'namespaces']);
    expect(why.ended).toBe(false);
  });

  it('counts the other children the parent waits for, as the engine message does', () => {
    const why = explainPlatform(appOfAppsLog({ health: true }), 0, 30);
    expect(why.headline).toMatch(
      /^platform waits for Application namespaces \(and 1 more\), which waits for/,
    );
  });

  it('with the Lua, the waves note says wave 0 started once the wave -1 children were Healthy', () => {
    const [note] = explainPlatform(appOfAppsLog({ health: true }), 10, 30).waves;
    expect(note).toBe(
      "platform's waves wait for its child Applications: with the Application health check in argocd-cm, wave 0 started at 5s, once projects and namespaces reported Healthy. The last wave is not waited for.",
    );
  });

  it('without the Lua, the page says why the waves do not wait, naming the child that was not Healthy yet', () => {
    const why = explainPlatform(appOfAppsLog({ health: false }), 1, 30);
    expect(why.waves).toEqual([
      "platform's waves do not wait for its child Applications: without a health check for argoproj.io/Application (resource.customizations.health.argoproj.io_Application in argocd-cm) a child Application has no health, as in Argo CD since 1.8. So platform counted projects and namespaces (wave -1) done as soon as it applied them, and applied wave 0 at 2s, while namespaces was Missing.",
    ]);
    // Nothing holds the parent: it never waits on a child. The children sync on their own.
    expect(why.holder).toBeUndefined();
    expect(why.headline).toMatch(/^Nothing holds a rollout; platform and namespaces are still syncing/);
  });

  it('after the parent has ended, names the children still syncing on their own', () => {
    const why = explainPlatform(appOfAppsLog({ health: true }), 16, 30);
    expect(why.headline).toBe(
      'Nothing holds a rollout; checkout is still syncing on its own: checkout waits for healthy state of apps/Deployment/checkout.',
    );
  });

  it('at the end, with every Application Healthy, nothing waits', () => {
    const why = explainPlatform(appOfAppsLog({ health: true }), 30, 30);
    expect(why.headline).toBe('No operation is running, and every Application is Healthy.');
    expect(why.ended).toBe(true);
  });
});

describe('explainPlatform: progressive syncs', () => {
  it('names the step being rolled out and the Application of it that is not Healthy yet', () => {
    const why = explainPlatform(progressiveSyncLog(), 15, 40);
    expect(why.headline).toBe(
      'platform-stack is rolling out step 2: it waits for platform-backend, which is Synced and Progressing: apps/Deployment/platform-backend is Progressing (Waiting for rollout to finish: 0 of 1 updated replicas are available...).',
    );
    expect(why.detail).toBe(
      'Step 3 (platform-frontend) starts only when every Application of step 2 is Healthy.',
    );
  });

  it('while the step is syncing, the Application own operation names its resource', () => {
    const why = explainPlatform(progressiveSyncLog(), 10.5, 40);
    expect(why.holder).toBe('platform-backend');
    expect(why.headline).toMatch(/which is syncing \(one or more tasks are running\)\.$/);
  });

  it('a Degraded backend halts the rollout: step 3 never starts', () => {
    const why = explainPlatform(progressiveSyncLog({ failBackend: true }), 700, 700);
    expect(why.headline).toBe(
      'platform-stack is rolling out step 2: it waits for platform-backend, which is Synced and Degraded: apps/Deployment/platform-backend is Degraded (Deployment "platform-backend" exceeded its progress deadline).',
    );
    expect(why.detail).toBe(
      'Step 3 (platform-frontend) never starts while platform-backend is Degraded: the ApplicationSet neither retries nor skips a step.',
    );
  });
});

describe('explainPlatform: Applications with no parent (delete-app, issue 32)', () => {
  // At 0 s checkout and storefront sync on their own. Each one's line of the chain quotes its own operation's
  // message; the headline said the first one's again, and a parent's rule where there is no parent, and the
  // answer scrolled inside its panel at 1024×768.
  const file = 'scenarios/delete-app.yaml';
  const result = playScenario(
    parseScenario(readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8'), file),
  );

  it('names the Applications syncing once, each with its own message in the chain, and no parent', () => {
    const why = explainPlatform(result.events, 0, result.endT);
    expect(why.headline).toBe(
      'Nothing holds a rollout; checkout and storefront are still syncing on their own.',
    );
    expect(why.chain.map((l) => [l.app, l.message])).toEqual([
      ['checkout', 'waiting for healthy state of /ConfigMap/checkout-config'],
      ['storefront', 'waiting for healthy state of /Namespace/shop'],
    ]);
    expect(why.detail).toBe('');
  });
});
