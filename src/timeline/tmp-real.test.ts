// @vitest-environment jsdom
import { readFileSync, writeFileSync } from 'node:fs';
import { test } from 'vitest';
import { parseScenario } from '../scenarios/scenario';
import { parseManifests } from '../scenarios/manifests';
import { runSimulation } from '../engine/simulation/simulate';
import { layoutTimeline } from './layout';
import { renderTimeline } from './render';
import { serializeSvg } from './serializeSvg';
test('real', () => {
  let html = '<html><body style="margin:0">';
  for (const [f, fail] of [['three-tier', []], ['three-tier', ['job/database-migration']], ['failing-smoke-test', []], ['failing-migration', []]] as const) {
    const sc = parseScenario(readFileSync(`scenarios/${f}.yaml`, 'utf8'), f);
    const revs = sc.revisions.map((r) => parseManifests(r.manifests, f).map((p: any) => p.object ?? p));
    const result = runSimulation({
      desired: revs.at(-1)!, history: revs.slice(0, -1), app: sc.app.name, namespace: sc.app.namespace,
      prune: sc.options.prune, waveDelaySeconds: sc.options.waveDelay, syncOptions: sc.options.syncOptions,
      seed: sc.options.seed, fail: [...sc.fail, ...fail],
    });
    writeFileSync(`/tmp/h5/real-${f}-${fail.length}.json`, JSON.stringify(result.events, null, 0));
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    document.body.append(svg);
    const layout = layoutTimeline(result.events, { width: 1280, endT: result.endT });
    renderTimeline(svg, layout, { t: result.endT / 2, duration: 0 });
    html += `<div style="color:#222">${serializeSvg(svg)}</div><hr>`;
  }
  writeFileSync('/tmp/h5/real.html', html + '</body></html>');
});
