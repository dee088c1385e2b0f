import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../engine';
import { applicationHealthKey, platformRunSettings } from './platformToggles';
import { parseScenario } from './scenario';
import { defaultSettings, pageRunOptions, playForPageWithLua } from './pageRun';

const load = (id: string) =>
  parseScenario(readFileSync(`scenarios/${id}.yaml`, 'utf8'), `scenarios/${id}.yaml`);

/** When the parent applies its wave-0 children (checkout), and when the wave -1 child `projects` turns Healthy. */
function moments(events: SimEvent[]) {
  const applied = events.find(
    (e) => e.type === 'apply' && e.app === 'platform' && e.kind === 'Application' && e.name === 'checkout',
  )?.t;
  const projectsHealthy = events.find(
    (e) => e.type === 'app' && e.app === 'projects' && e.health === 'Healthy',
  )?.t;
  return { applied: applied!, projectsHealthy: projectsHealthy! };
}

describe('the page runs a platform scenario with its switches ("add the Application health check")', () => {
  it('reads the scenario argocd-cm data, and the toggles add or take out the Application health Lua', () => {
    const withHealth = load('app-of-apps');
    expect(platformRunSettings(withHealth, []).argocdCmData).toHaveProperty(applicationHealthKey);
    expect(platformRunSettings(withHealth, ['healthCheck']).argocdCmData).toBeUndefined();
    const without = load('app-of-apps-without-health');
    expect(platformRunSettings(without, []).argocdCmData).toBeUndefined();
    expect(platformRunSettings(without, ['healthCheck']).argocdCmData?.[applicationHealthKey]).toContain(
      'obj.status.health.status',
    );
  });

  it('app-of-apps on the page: wave 0 waits for projects to be Healthy; without the check it does not', async () => {
    const scenario = load('app-of-apps');
    const own = await playForPageWithLua(scenario, pageRunOptions(scenario, defaultSettings(scenario)));
    const waits = moments(own.events);
    expect(waits.applied).toBeGreaterThanOrEqual(waits.projectsHealthy);
    const off = pageRunOptions(scenario, { ...defaultSettings(scenario), toggles: ['healthCheck'] });
    const noWait = moments((await playForPageWithLua(scenario, off)).events);
    expect(noWait.applied).toBeLessThan(waits.applied);
    expect(noWait.applied).toBeLessThan(noWait.projectsHealthy);
  });

  it('app-of-apps-without-health with the check added waits like app-of-apps', async () => {
    const scenario = load('app-of-apps-without-health');
    const on = pageRunOptions(scenario, { ...defaultSettings(scenario), toggles: ['healthCheck'] });
    const waits = moments((await playForPageWithLua(scenario, on)).events);
    expect(waits.applied).toBeGreaterThanOrEqual(waits.projectsHealthy);
  });

  it('progressive-sync with progressive syncs turned off: the strategy is ignored (no appset-status events)', async () => {
    const scenario = load('progressive-sync');
    const own = await playForPageWithLua(scenario, pageRunOptions(scenario, defaultSettings(scenario)));
    expect(own.events.some((e) => e.type === 'appset-status')).toBe(true);
    const off = pageRunOptions(scenario, { ...defaultSettings(scenario), toggles: ['progressiveSyncsOff'] });
    const run = await playForPageWithLua(scenario, off);
    expect(run.events.some((e) => e.type === 'appset-status')).toBe(false);
  });
});
