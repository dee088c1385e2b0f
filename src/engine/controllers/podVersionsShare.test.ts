import { describe, expect, it } from 'vitest';
import { deployment } from '../../../test/kits/simulation.testKit';
import { runSingleApp } from '../simulation/singleApp';
import { versionAt } from '../simulation/objectHistory';
import type { JsonAny, KubeObject } from '../types';

/**
 * A run keeps every version of every pod (objectHistory.ts), so what the versions of one pod hold alike is kept
 * once, not once per version: the scheduler's binding shares the pod's metadata parts and containers with the pod
 * as created (store.ts `replaceFields`), and the kubelet's every status shares the conditions and addresses that
 * did not change with the status before it (keepUnchanged.ts). Counted on a whole run of a 3-replica Deployment.
 */
describe('the versions of a pod', () => {
  const result = runSingleApp({ desired: [deployment('web', { replicas: 3 })], untilSeconds: 600 });
  const pods = result.objects.keys
    .map((key, i) => ({ key, i }))
    .filter(({ key }) => key.startsWith('/Pod/'))
    .map(({ i }) =>
      result.objects.versions[i].map((_, j) => versionAt(result.objects, i, j)).filter((v) => v !== null),
    ) as KubeObject[][];

  it('are several per pod, through the binding and the kubelet writes', () => {
    expect(pods).toHaveLength(3);
    for (const versions of pods) expect(versions.length).toBeGreaterThanOrEqual(4);
  });

  it('share one labels, owner list and container list from the pod as created', () => {
    for (const versions of pods)
      for (const v of versions) {
        expect(v.metadata.labels).toBe(versions[0].metadata.labels);
        expect(v.metadata.ownerReferences).toBe(versions[0].metadata.ownerReferences);
        expect(v.spec.containers).toBe(versions[0].spec.containers);
      }
  });

  it('hold the same object for each condition and address list that is the same JSON as in the version before', () => {
    let compared = 0;
    for (const versions of pods)
      for (let j = 1; j < versions.length; j++) {
        const [before, now] = [versions[j - 1].status ?? {}, versions[j].status ?? {}];
        for (const condition of now.conditions ?? []) {
          const old = (before.conditions ?? []).find((c: JsonAny) => c.type === condition.type);
          if (JSON.stringify(old) !== JSON.stringify(condition)) continue;
          expect(condition).toBe(old);
          compared++;
        }
        for (const field of ['hostIPs', 'podIPs'])
          if (now[field] && JSON.stringify(now[field]) === JSON.stringify(before[field])) {
            expect(now[field]).toBe(before[field]);
            compared++;
          }
      }
    expect(compared).toBeGreaterThan(3 * 5);
  });
});
