import { beforeAll, describe, expect, it } from 'vitest';
import { argocdVerbWords, kubectlVerbWords } from '../../engine';
import { loadScenarioFiles } from '../../scenarios/registry';
import { readerImpl } from '../../scenarios/readerImpl';
import { SimulationSession } from './session.svelte';
import { decodeInterventions, encodeInterventions } from '../../links/interventionLink';
import { formatUrlState, parseUrlState } from '../../links/urlState';
import { inlinePlayer } from '../../scenarios/inlinePlayer';
import { isIntervention } from '../../text/terminal/interventionLine';

/** Interventions on the page: typed at the cursor, run again with them, undone, and kept in the link. */
function session() {
  return new SimulationSession({
    inline: inlinePlayer,
    reader: readerImpl,
    requestFrame: () => 0,
    cancelFrame: () => {},
  });
}

beforeAll(() => loadScenarioFiles());

describe('the terminal walk on drift-self-heal, with self-heal off', () => {
  it('kubectl delete at the cursor: the run up to it is unchanged, the Deployment is gone, undo brings it back', async () => {
    const s = session();
    await s.load('drift-self-heal', { toggles: ['noSelfHeal'] });
    const before = s.events.filter((e) => e.t < 40);
    s.seek(40);
    const out = await s.interventions.intervene('kubectl delete deploy checkout', 40, 'checkout-dev');
    expect(out).toEqual({ output: 'deployment.apps "checkout" deleted', refused: false });
    expect(s.events.filter((e) => e.t < 40)).toEqual(before);
    expect(s.t).toBe(40);
    expect(s.events.some((e) => e.type === 'app' && e.t === 40 && e.sync === 'OutOfSync')).toBe(true);
    await s.interventions.undo();
    expect(s.interventions.list).toEqual([]);
    expect(s.events.some((e) => e.type === 'intervention' && e.t === 40)).toBe(false);
  });

  it('argocd app set --self-heal at the cursor heals it at once', async () => {
    const s = session();
    await s.load('drift-self-heal', { toggles: ['noSelfHeal'] });
    await s.interventions.intervene('argocd app set checkout --self-heal', 100);
    const starts = s.events.filter((e) => e.type === 'app-operation').map((e) => e.t);
    expect(starts).toEqual([0, 100]);
  });

  it("a refused command prints kubectl's error and is not kept", async () => {
    const s = session();
    await s.load('drift-self-heal');
    const out = await s.interventions.intervene('kubectl delete deploy nope', 30, 'checkout-dev');
    expect(out).toEqual({
      output: 'Error from server (NotFound): deployments.apps "nope" not found',
      refused: true,
    });
    expect(s.interventions.list).toEqual([]);
  });
});

describe('do= in the link', () => {
  it('round-trips through the address bar and survives a reload', async () => {
    const list = [
      { at: 40, command: `kubectl edit cm/x -p '{"data":{"k":"é"}}'`, namespace: 'checkout-dev' },
    ];
    const search = formatUrlState({ scenario: 'drift-self-heal', do: encodeInterventions(list) });
    const url = parseUrlState(search, '');
    expect(decodeInterventions(url.do!)).toEqual(list);
    expect(decodeInterventions('not base64!')).toBeUndefined();
    const s = session();
    await s.load('drift-self-heal', { interventions: decodeInterventions(url.do!) });
    expect(s.events.find((e) => e.type === 'intervention')).toMatchObject({ t: 40, refused: true });
  });
});

describe('which typed lines are interventions', () => {
  it('the changing commands, not the reading ones', () => {
    expect(isIntervention('kubectl delete deploy checkout')).toBe(true);
    expect(isIntervention('kubectl -n checkout-dev scale deploy/checkout --replicas=0')).toBe(true);
    expect(isIntervention('argocd app set checkout --self-heal')).toBe(true);
    expect(isIntervention('kubectl get pods')).toBe(false);
    expect(isIntervention('argocd app get checkout')).toBe(false);
  });

  it("every kubectl verb the engine's parser acts with, from its list, and its argocd ones but sync and get", () => {
    for (const verb of kubectlVerbWords)
      expect(isIntervention(`kubectl ${verb} deploy/checkout`), verb).toBe(true);
    for (const verb of argocdVerbWords)
      expect(isIntervention(`argocd app ${verb} checkout --refresh`), verb).toBe(
        verb !== 'sync' && verb !== 'get',
      );
  });
});
