// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { afterEach, describe, test } from 'vitest';
import { appOfAppsLog, progressiveSyncLog } from '../../../test/kits/platformLog.testKit';
import { expectSvgSnapshot } from '../../../test/kits/svgSnapshot.testKit';
import type { SimEvent } from '../../engine/events';
import { appLaneInputs } from '../../ui/platform/appLaneInputs';
import { destinationClusters } from '../../ui/platform/destinationClusters';
import { playScenario } from '../../scenarios/play';
import { parseScenario } from '../../scenarios/scenario';
import { layoutAppLanes } from './layoutAppLanes';
import { renderAppLanes, type AppLanesOptions } from './renderAppLanes';

function draw(
  events: SimEvent[],
  endT: number,
  options: Partial<AppLanesOptions> = {},
  destinations?: ReturnType<typeof destinationClusters>,
  inlineClusters = false,
) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  document.body.append(svg);
  const { apps, spans } = appLaneInputs(events, endT, destinations);
  renderAppLanes(svg, layoutAppLanes(apps, spans, { width: 1280, endT, inlineClusters }), {
    t: 12,
    ...options,
  });
  return svg;
}

afterEach(() => {
  document.body.innerHTML = '';
});

// The Applications' lanes inside the timeline frame (src/timeline/frame): the frame's defs, clip and layers, and
// the lanes, spans and cursor drawn in them.
describe('app lanes snapshots', () => {
  test('app of apps with the health Lua, cursor at 12 s', async () => {
    await expectSvgSnapshot(draw(appOfAppsLog({ health: true }), 30), 'app-lanes-app-of-apps');
  });

  test('progressive sync, revealed up to 12 s and pinned 40 px on a phone', async () => {
    await expectSvgSnapshot(
      draw(progressiveSyncLog(), 40, { revealUntil: 12, pin: 40 }),
      'app-lanes-progressive-sync-revealed',
    );
  });

  test('environments-promotion: a header row per cluster (dev, staging, prod) over its Application, at the end', async () => {
    const file = 'scenarios/environments-promotion.yaml';
    const run = playScenario(parseScenario(readFileSync(file, 'utf8'), file));
    await expectSvgSnapshot(
      draw(run.events, run.endT, { t: run.endT }, destinationClusters(run)),
      'app-lanes-environments-promotion',
    );
  });

  test('environments-promotion in presenter mode: each cluster named in its first lane, no header rows', async () => {
    const file = 'scenarios/environments-promotion.yaml';
    const run = playScenario(parseScenario(readFileSync(file, 'utf8'), file));
    await expectSvgSnapshot(
      draw(run.events, run.endT, { t: run.endT }, destinationClusters(run), true),
      'app-lanes-environments-promotion-presenter',
    );
  });
});
