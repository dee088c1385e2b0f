import { describe, expect, it } from 'vitest';
import type { KubeObject, ObjectHistory } from '../engine';
import { decodeHistory, encodeHistory } from './historyPatches';

const roundTrip = (history: ObjectHistory) =>
  decodeHistory(JSON.parse(JSON.stringify(encodeHistory(history))));

describe('object history as patches', () => {
  it('gives back every version exactly, field order, removals, deletion and odd keys included', () => {
    const v1 = { kind: 'Deployment', metadata: { name: 'a', labels: { x: '1' } }, spec: { replicas: 1 } };
    const v2 = { kind: 'Deployment', metadata: { name: 'a' }, spec: { replicas: 2 }, status: { ready: 2 } };
    const v3 = { spec: { replicas: 2 }, kind: 'Deployment', metadata: { name: 'a' } };
    const rows = (n: number, changed: number) =>
      Array.from({ length: n }, (_, i) => ({
        name: `r${i}`,
        status: i === changed ? 'Synced' : 'OutOfSync',
      }));
    const a1 = { kind: 'Application', status: { resources: rows(40, -1) } };
    const a2 = { kind: 'Application', status: { resources: rows(40, 7) } };
    const a3 = { kind: 'Application', status: { resources: rows(42, 7) } };
    const a4 = { kind: 'Application', status: { resources: rows(3, 1) } };
    const v4 = JSON.parse('{"kind":"ConfigMap","data":{"__proto__":"p","constructor":"c"}}');
    const v5 = JSON.parse('{"kind":"ConfigMap","data":{"__proto__":"q","toString":[]}}');
    const history = {
      keys: ['apps/Deployment/ns/a', '/ConfigMap/ns/c', 'argoproj.io/Application/argocd/app'],
      times: [
        [0, 1, 2, 3, 4],
        [0, 1],
        [0, 1, 2, 3],
      ],
      versions: [
        [v1, v2, v2, v3, null],
        [v4, v5],
        [a1, a2, a3, a4],
      ],
    } as unknown as ObjectHistory;
    const decoded = roundTrip(history);
    expect(JSON.stringify(decoded)).toBe(JSON.stringify(history));
    expect(Object.getPrototypeOf((decoded.versions[1][1] as KubeObject).data)).toBe(Object.prototype);
  });

  it('stores a later version as the fields that changed, not the whole object', () => {
    const spec = { template: { spec: { containers: [{ name: 'c', image: 'i:1' }] } } };
    const history = {
      keys: ['apps/Deployment/ns/a'],
      times: [[0, 1]],
      versions: [
        [
          { kind: 'Deployment', spec },
          { kind: 'Deployment', spec, status: { ready: 1 } },
        ],
      ],
    } as unknown as ObjectHistory;
    expect(encodeHistory(history).patches[0][1]).toEqual({ status: [{ ready: 1 }] });
  });

  it('stores one changed row of a long list as that row', () => {
    const rows = (changed: number) =>
      Array.from({ length: 200 }, (_, i) => ({ name: `r${i}`, ok: i === changed }));
    const history = {
      keys: ['argoproj.io/Application/argocd/app'],
      times: [[0, 1]],
      versions: [[{ status: { resources: rows(-1) } }, { status: { resources: rows(5) } }]],
    } as unknown as ObjectHistory;
    expect(encodeHistory(history).patches[0][1]).toEqual({
      status: { resources: [200, { 5: { ok: [true] } }] },
    });
  });
});
