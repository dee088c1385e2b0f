import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultSettings, pageRunOptions, playForPageWithLua } from '../../scenarios/pageRun';
import { parseScenario } from '../../scenarios/scenario';
import { explainPlatform } from './explainPlatform';

const file = 'scenarios/app-of-apps-update.yaml';
const scenario = parseScenario(readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8'), file);

/**
 * "Why is it waiting?" while the parent's gate reads a child that has not compared its new spec (argocd-semantics.md
 * §5.2, the stale child verdict; argo-cd PR #29649): the page says the Healthy it reads is the old spec's.
 */
describe('explainPlatform: a child still comparing its new spec (app-of-apps-update)', async () => {
  const run = await playForPageWithLua(scenario, pageRunOptions(scenario, defaultSettings(scenario)));

  it('at 70 s shop waits for the database, whose Healthy is its last comparison’s, while its repo server generates v2', () => {
    const why = explainPlatform(run.events, 70, 300);
    expect(why.headline).toBe('shop waits for Application database, which is Synced and Healthy.');
    expect(why.detail).toBe(
      'database has not compared its new spec yet (the repo server is generating manifests for releases/v2/database at v2): the Synced and Healthy it reports are its last comparison’s, and its status.sync.comparedTo still names the old source.',
    );
  });

  it('on the first sync the usual words: the database had no status to be stale', () => {
    const why = explainPlatform(run.events, 30, 300);
    expect(why.detail).toBe(
      "shop's next wave starts only when database reports Healthy to it (through the Application health check).",
    );
  });
});
