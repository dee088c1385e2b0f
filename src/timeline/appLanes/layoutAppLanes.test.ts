import { describe, expect, it } from 'vitest';
import { clusterRowHeight, layoutAppLanes } from './layoutAppLanes';
import { textWidth } from '../text';
import type { AppLaneInput, LaneCluster } from './types';

const lane = (name: string, cluster?: LaneCluster): AppLaneInput => ({
  name,
  depth: 0,
  createdAt: 0,
  bars: { operation: [], sync: [{ from: 0, to: 10, value: 'Synced' }], health: [], rollout: [] },
  operations: [],
  ...(cluster ? { cluster } : {}),
});
const dev = { name: 'dev', server: 'https://dev.k8s.example.com' };
const prod = { name: 'prod', server: 'https://prod.k8s.example.com' };

describe('layoutAppLanes: a header row per cluster (issue 29)', () => {
  it('opens each run of lanes of one cluster with a header row, and lays the lanes under it', () => {
    const layout = layoutAppLanes(
      [lane('shop-dev', dev), lane('api-dev', dev), lane('shop-prod', prod)],
      [{ key: 'w', kind: 'window', label: 'deny', t0: 2, t1: 5, apps: ['shop-prod'] }],
      { width: 1280, endT: 10 },
    );
    expect(layout.clusters.map((c) => [c.name, c.server, c.apps])).toEqual([
      ['dev', 'https://dev.k8s.example.com', ['shop-dev', 'api-dev']],
      ['prod', 'https://prod.k8s.example.com', ['shop-prod']],
    ]);
    const [devRow, prodRow] = layout.clusters;
    const [shopDev, apiDev, shopProd] = layout.lanes;
    expect(devRow.height).toBe(clusterRowHeight);
    expect(shopDev.y).toBe(devRow.y + clusterRowHeight);
    expect(apiDev.y).toBe(shopDev.y + shopDev.height);
    expect(prodRow.y).toBe(apiDev.y + apiDev.height);
    expect(shopProd.y).toBe(prodRow.y + clusterRowHeight);
    expect(layout.lanes.map((l) => l.cluster)).toEqual(['dev', 'dev', 'prod']);
    // Everything fits: the drawing ends under the last lane, and a span covers its lanes, not the header.
    expect(layout.plot.bottom).toBe(shopProd.y + shopProd.height);
    expect(layout.spans[0].y0).toBe(shopProd.y);
    // The bars sit inside their own lane, never in a header row.
    for (const s of layout.stretches) {
      const own = layout.lanes.find((l) => l.name === s.app)!;
      expect(s.y).toBeGreaterThanOrEqual(own.y);
      expect(s.y + s.height).toBeLessThanOrEqual(own.y + own.height);
    }
  });

  it('on one cluster (no cluster given) has no header rows, the lanes one under the other as before', () => {
    const layout = layoutAppLanes([lane('a'), lane('b')], [], { width: 1280, endT: 10 });
    expect(layout.clusters).toEqual([]);
    expect(layout.lanes[1].y).toBe(layout.lanes[0].y + layout.lanes[0].height);
    expect(layout.lanes.map((l) => 'cluster' in l)).toEqual([false, false]);
  });

  it('presenter mode (inline): no header rows, and each lane 4 px tighter, so the type reads larger; the name moves down', () => {
    const apps = [lane('shop-dev', dev), lane('shop-prod', prod)];
    const rows = layoutAppLanes(apps, [], { width: 1280, endT: 10 });
    const inline = layoutAppLanes(apps, [], { width: 1280, endT: 10, inlineClusters: true });
    const flat = layoutAppLanes([lane('shop-dev'), lane('shop-prod')], [], { width: 1280, endT: 10 });
    expect(inline.height).toBe(flat.height - 2 * 4);
    expect(rows.height).toBe(flat.height + 2 * clusterRowHeight);
    expect(inline.clusters.map((c) => [c.name, c.y, c.height, c.inline])).toEqual([
      ['dev', inline.lanes[0].y, 0, true],
      ['prod', inline.lanes[1].y, 0, true],
    ]);
    // The cluster's words in the top of the lane's name column, its name below them, both within the lane.
    for (const [i, c] of inline.clusters.entries()) {
      const own = inline.lanes[i];
      expect(c.textY).toBeGreaterThan(own.y);
      expect(own.nameY!).toBeGreaterThan(c.textY + 12);
      expect(own.nameY!).toBeLessThan(own.y + own.height);
    }
  });
});

describe('layoutAppLanes: span labels and the lines hanging from them (issue 32)', () => {
  const app = (name: string, depth: number, createdAt: number): AppLaneInput => ({
    ...lane(name),
    depth,
    createdAt,
  });
  // app-of-apps-update at 1m 13s in presenter mode (a 496 px drawing): shop's four waves, the last two 5 s apart.
  const apps = [app('shop', 0, 0), app('database', 1, 8), app('backend', 1, 43)];
  const spans = [
    { t0: 8, t1: 43, label: 'shop wave 1', apps: ['database'] },
    { t0: 43, t1: 43, label: 'shop wave 2', apps: ['backend'] },
    { t0: 68, t1: 73, label: 'shop wave 1', apps: ['database'] },
    { t0: 73, t1: 73, label: 'shop wave 2', apps: ['backend'] },
  ].map((s, i) => ({ ...s, key: `w${i}`, kind: 'wave' as const }));

  for (const width of [496, 640, 951])
    it(`at ${width} px no span's line, drawn down from its label, crosses the words of another label`, () => {
      const layout = layoutAppLanes(apps, spans, { width, endT: 101 });
      const x = (t: number) =>
        layout.plot.left + ((layout.plot.right - layout.plot.left) * t) / layout.domain[1];
      const labelled = layout.spans.filter((s) => s.labelLine >= 0);
      for (const a of labelled)
        for (const b of layout.spans) {
          if (a === b) continue;
          // b's line starts under its label (or at the lanes' top when it has none) and runs down.
          const lineFrom = b.labelLine >= 0 ? b.labelLine : Infinity;
          const words = [a.labelX, a.labelX + textWidth(a.label) + 8];
          const crosses = a.labelLine > lineFrom && x(b.t0) > words[0] && x(b.t0) < words[1];
          expect(crosses, `${b.label} at ${b.t0} s crosses ${a.label} at ${a.t0} s`).toBe(false);
        }
      // The labels still read in time order, top to bottom where they crowd.
      expect(labelled.length).toBeGreaterThanOrEqual(3);
    });
});

describe("layoutAppLanes: a span label near the run's end (issue 32)", () => {
  // progressive-sync in presenter mode at 1024×768 (a 496 px drawing beside the key): step 3 starts at 19.5 s of
  // 26.9 s, and its label ran past the drawing's edge, cut to "platform-stack".
  const apps = ['platform-database', 'platform-backend', 'platform-frontend'].map((name) => lane(name));
  const spans = [0, 13, 19.5].map((t0, i) => ({
    key: `s${i}`,
    kind: 'step' as const,
    label: `platform-stack step ${i + 1}`,
    t0,
    t1: undefined,
    apps: [apps[i].name],
  }));

  for (const width of [496, 640])
    it(`at ${width} px every label ends inside the drawing, in bold type, and its line is under it`, () => {
      const layout = layoutAppLanes(apps, spans, { width, endT: 26.9 });
      for (const s of layout.spans.filter((s) => s.labelLine >= 0)) {
        // Bold DejaVu Sans draws about 0.66 em a character (84.3 px for the 11 of "shop wave 1" at 12 px).
        expect(s.labelX + s.label.length * 12 * 0.66, s.label).toBeLessThanOrEqual(layout.width);
        expect(s.labelX, s.label).toBeGreaterThanOrEqual(layout.plot.left);
      }
      expect(layout.spans.every((s) => s.labelLine >= 0)).toBe(true);
    });
});
