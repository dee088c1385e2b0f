import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { KubeObject, SimEvent } from '../src/engine';
import { playScenario } from '../src/scenarios/play';
import { parseScenario, type Scenario } from '../src/scenarios/scenario';
import { argocdCmOverrides } from '../src/cli/commands/argocdCm';

/**
 * Every scenario in scenarios/ is a claim about Argo CD's behaviour: it must parse, play to the end, and end as
 * its `expect:` block says. Its whole event log is kept as a golden file (test/output/<id>.events.jsonl), so
 * any change in behaviour shows up as a diff to review (`npx vitest run test/scenarios.test.ts -u` accepts it; the path first, since vitest 4 takes a word after `-u` as its value).
 */
const dir = new URL('../scenarios/', import.meta.url);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .sort();

const named = (obj: KubeObject) => `${obj.kind}/${obj.metadata.name}`;

/** The image of an object's first container: its pod template's, or its own for a Pod. */
function imageOf(obj: KubeObject): string | undefined {
  const spec = obj.kind === 'Pod' ? obj.spec : obj.spec?.template?.spec;
  return spec?.containers?.[0]?.image;
}

/** Pod names (`namespace/name`) owned by a workload, from the pod events and the live pods' owners. */
function podsOf(events: SimEvent[], live: KubeObject[], kind: string, name: string): Set<string> {
  const pods = new Set<string>();
  for (const e of events) {
    if (e.type === 'pod' && e.ownerKind === kind && e.ownerName === name)
      pods.add(`${e.namespace}/${e.name}`);
  }
  for (const p of live) {
    if (p.kind !== 'Pod') continue;
    if (p.metadata.ownerReferences?.some((o) => o.kind === kind && o.name === name)) {
      pods.add(`${p.metadata.namespace}/${p.metadata.name}`);
    }
  }
  return pods;
}

describe.each(files)('scenarios/%s', (file) => {
  const scenario: Scenario = parseScenario(readFileSync(new URL(file, dir), 'utf8'), `scenarios/${file}`);
  // A platform scenario's argocd-cm (its health Lua) is built here, as the CLI and the page do.
  const cm = scenario.platform?.argocdCm;
  const result = playScenario(scenario, cm ? { healthOverrides: argocdCmOverrides(cm, scenario.file) } : {});
  const op = result.application.status.operationState;
  const expected = scenario.expect;
  const live = new Map(result.live.map((o) => [named(o), o]));

  it('has an expect: block and plays to the end of its operation (or its until limit, if it is stuck)', () => {
    const apps = scenario.platform?.expectApps ?? {};
    expect(Object.keys(expected).length + Object.keys(apps).length).toBeGreaterThan(0);
    expect(result.problems).toEqual([]);
    // A shipped scenario is clean YAML: a duplicate key would be read leniently, but it is a mistake in the story.
    expect(scenario.warnings).toEqual([]);
    // A stuck scenario says so: it expects Running and sets options.until, so its story ends at that limit.
    if (expected.operationPhase === 'Running') {
      expect(scenario.options.until, 'a stuck scenario sets options.until').toBeGreaterThan(0);
      expect(result.endT).toBe(scenario.options.until);
      expect(op?.phase).toBe('Running');
    } else {
      expect(['Succeeded', 'Failed', 'Error']).toContain(op?.phase);
    }
  });

  // A single-app scenario names its whole outcome: a key left out would compare the run with itself and pass.
  const singleIt = scenario.platform ? () => {} : it;
  singleIt('ends with the expected operation phase and message, sync status and health', () => {
    const actual = {
      operationPhase: op?.phase,
      operationMessage: op?.message,
      syncStatus: result.application.status.sync.status,
      health: result.application.status.health.status,
    };
    for (const key of Object.keys(actual) as (keyof typeof actual)[])
      expect(expected[key], `expect.${key} is given`).toBeDefined();
    expect(actual).toEqual({
      operationPhase: expected.operationPhase,
      operationMessage: expected.operationMessage,
      syncStatus: expected.syncStatus,
      health: expected.health,
    });
  });

  it('runs the expected images, and leaves the expected objects in (and out of) the cluster', () => {
    for (const [key, image] of Object.entries(expected.images ?? {})) {
      const obj = live.get(key);
      expect(obj, `${key} is live`).toBeDefined();
      expect(imageOf(obj!), key).toBe(image);
      const [kind, name] = key.split('/');
      for (const pod of podsOf(result.events, result.live, kind, name)) {
        const livePod = result.live.find(
          (p) => p.kind === 'Pod' && `${p.metadata.namespace}/${p.metadata.name}` === pod,
        );
        if (livePod) expect(imageOf(livePod), pod).toBe(image);
      }
    }
    for (const key of expected.exists ?? []) expect(live.has(key), `${key} exists`).toBe(true);
    for (const key of expected.gone ?? []) expect(live.has(key), `${key} is gone`).toBe(false);
  });

  it("writes the expected lines in its Jobs' pod logs", () => {
    for (const [key, text] of Object.entries(expected.logs ?? {})) {
      const [kind, name] = key.split('/');
      const pods = [...podsOf(result.events, result.live, kind, name)];
      expect(pods.length, `${key} has pods`).toBeGreaterThan(0);
      const lines = pods.flatMap((pod) => result.logs[pod] ?? []);
      expect(lines.join('\n'), key).toContain(text);
    }
  });

  // Only a platform scenario has Applications to check (defined only there, so nothing is reported skipped).
  const platformIt = scenario.platform ? it : () => {};
  platformIt('ends with each Application as its expect.apps says, at rest', () => {
    const apps = new Map((result.applications ?? []).map((a) => [a.metadata.name, a]));
    const wanted = scenario.platform!.expectApps;
    expect(Object.keys(wanted).length).toBeGreaterThan(0);
    for (const [name, want] of Object.entries(wanted)) {
      // Each Application's expectation names at least its sync status and health (not compared with itself).
      expect(want.syncStatus, `expect.apps.${name}.syncStatus is given`).toBeDefined();
      expect(want.health, `expect.apps.${name}.health is given`).toBeDefined();
      const app = apps.get(name);
      expect(app, `Application ${name} exists`).toBeDefined();
      const actual = {
        operationPhase: app.status?.operationState?.phase,
        syncStatus: app.status?.sync?.status,
        health: app.status?.health?.status,
      };
      expect(actual, name).toEqual({ ...actual, ...want });
    }
    // A scripted autoscaler load never lets the cluster rest (the HPA acts every 15 s): such a run ends at its limit.
    if (scenario.platform!.load) expect(result.endT).toBe(scenario.options.until);
    else expect(result.endT).toBeLessThan(scenario.options.until ?? 3600);
  });

  it('matches its golden event log', async () => {
    const text = result.events.map((e) => JSON.stringify(e)).join('\n') + '\n';
    await expect(text).toMatchFileSnapshot(`./output/${scenario.id}.events.jsonl`);
  });
});
