// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { layoutAppLanes } from '../../timeline/appLanes/layoutAppLanes';
import { renderAppLanes } from '../../timeline/appLanes/renderAppLanes';
import { textWidth } from '../../timeline/text';
import { appLaneInputs } from './appLaneInputs';
import { appOfAppsLog, progressiveSyncLog } from '../../../test/kits/platformLog.testKit';
import type { SimEvent } from '../../engine/events';

function draw(events: SimEvent[], endT: number, onOpen = vi.fn()) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  document.body.append(svg);
  const { apps, spans } = appLaneInputs(events, endT);
  const layout = layoutAppLanes(apps, spans, { width: 1280, endT });
  renderAppLanes(svg, layout, { t: 3, onOpen });
  return { svg, layout, onOpen };
}

// The shared test project runs files in one environment (isolate: false): a drawing left in the document was found
// by timelineFrame.test.ts's `querySelectorAll('svg')` as its own, and that test failed when it ran after this file.
afterEach(() => {
  document.body.innerHTML = '';
});

describe('the Applications timeline (contract.md §2 app-lanes)', () => {
  it('ends every Application name, a child’s "└ name" too, before the lanes’ bars begin', () => {
    const { svg, layout } = draw(appOfAppsLog({ health: true }), 30);
    const names = [...svg.querySelectorAll('text.al-name')].map((t) => ({
      text: t.textContent!,
      end: Number(t.getAttribute('x')) + textWidth(t.textContent!, 13),
    }));
    expect(names.map((n) => n.text)).toContain('└ namespaces');
    for (const name of names) expect(name.end, name.text).toBeLessThanOrEqual(layout.plot.left);
  });

  it('has one child per Application, with data-app, parent first, each drawing its operation, sync and health', () => {
    const { svg } = draw(appOfAppsLog({ health: true }), 30);
    const lanes = [...svg.querySelectorAll('[data-testid="app-lanes"] > [data-app]')];
    expect(lanes.map((l) => l.getAttribute('data-app'))).toEqual([
      'platform',
      'namespaces',
      'projects',
      'checkout',
      'payments',
    ]);
    const checkout = svg.querySelector('[data-app="checkout"]')!;
    const bars = [...checkout.querySelectorAll('rect[data-bar]')].map(
      (r) => `${r.getAttribute('data-bar')} ${r.getAttribute('data-value')}`,
    );
    expect(bars).toEqual([
      'operation Running',
      'operation Succeeded',
      'sync OutOfSync',
      'sync Synced',
      'health Missing',
      'health Healthy',
    ]);
  });

  it("draws the parent's waves over its children's lanes: wave 0 starts later with the Lua than without", () => {
    const start = (health: boolean) => {
      const { layout } = draw(appOfAppsLog({ health }), 30);
      return layout.spans.find((s) => s.label === 'platform wave 0')!.t0;
    };
    expect(start(true)).toBe(5);
    expect(start(false)).toBe(2);
    const { svg, layout } = draw(appOfAppsLog({ health: true }), 30);
    const wave = layout.spans.find((s) => s.label === 'platform wave -1')!;
    const rows = layout.lanes.filter((l) => l.name === 'projects' || l.name === 'namespaces');
    expect(wave.y0).toBe(Math.min(...rows.map((r) => r.y)));
    expect(wave.y1).toBe(Math.max(...rows.map((r) => r.y + r.height)));
    expect([...svg.querySelectorAll('text.al-span-label')].map((t) => t.textContent)).toEqual([
      'platform wave -1',
      'platform wave 0',
    ]);
  });

  it("draws the set's three steps as bands in order, and a rollout bar per app", () => {
    const { svg } = draw(progressiveSyncLog(), 40);
    const steps = [...svg.querySelectorAll('g.al-span[data-kind="step"]')].map((g) =>
      g.getAttribute('data-span'),
    );
    expect(steps).toEqual(['platform-stack step 1', 'platform-stack step 2', 'platform-stack step 3']);
    const rollout = [...svg.querySelectorAll('[data-app="platform-backend"] rect[data-bar="rollout"]')];
    expect(rollout.map((r) => r.getAttribute('data-value'))).toEqual([
      'Waiting',
      'Pending',
      'Progressing',
      'Healthy',
    ]);
  });

  it('a click or Enter on a lane opens that Application', () => {
    const { svg, onOpen } = draw(appOfAppsLog({ health: false }), 30);
    const lane = svg.querySelector<SVGGElement>('[data-app="payments"]')!;
    // The focusable button is the lane's name and hit area, so its accessible name is its visible text (axe).
    const button = lane.querySelector<SVGGElement>('g.al-button')!;
    lane.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(onOpen.mock.calls).toEqual([['payments'], ['payments']]);
    expect(button.getAttribute('tabindex')).toBe('0');
    expect(button.getAttribute('aria-label')).toMatch(
      /^Application payments: operation Succeeded, sync Synced, health Healthy/,
    );
  });
});
