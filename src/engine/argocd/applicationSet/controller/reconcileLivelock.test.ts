/**
 * The simulator's guard against a livelock (limits.ts `maxReconcilesPerInstant`): Argo CD's controllers
 * converge because real time moves on between their writes, but two writers that undo each other at once never
 * let the virtual clock move. Here another writer puts back a label on an owned Application each time the
 * ApplicationSet controller resets it to the template's (a label change wakes the set, applicationset_controller.go
 * `shouldRequeueForApplication`), so the two fight at t 0. The run must end at once with a message naming the set,
 * not minutes later at the 200,000-event limit.
 */
import { describe, expect, it } from 'vitest';
import { SimClock } from '../../../clock';
import { ObjectStore } from '../../../cluster/store';
import { InputError } from '../../../inputError';
import { limits } from '../../../limits';
import { Rng } from '../../../random';
import type { KubeObject } from '../../../types';
import { ApplicationSetController } from './applicationSetController';
import { applicationRef } from './writeApplications';

const appSet: KubeObject = {
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'ApplicationSet',
  metadata: { name: 'fight', namespace: 'argocd' },
  spec: {
    generators: [{ list: { elements: [{ n: 'a' }] } }],
    template: {
      metadata: { name: 'app-{{n}}', labels: { owner: 'set' } },
      spec: {
        project: 'default',
        source: { repoURL: 'https://github.com/org/manifests', targetRevision: 'main', path: 'a' },
        destination: { server: 'https://kubernetes.default.svc', namespace: 'default' },
      },
    },
  },
};

describe('ApplicationSetController livelock guard (limits.ts maxReconcilesPerInstant)', () => {
  it('a set and another writer undoing each other at t 0 end the run at once with a message naming the set', () => {
    const clock = new SimClock();
    const store = new ObjectStore(clock, new Rng(1));
    store.create(appSet);
    new ApplicationSetController({
      store,
      clock,
      emit: () => {},
      progressiveSyncs: false,
      projects: () => new Set(['default']),
      watch: (listener) => void store.watch(listener),
    });
    let rewrites = 0;
    store.watch((event) => {
      const app = event.object;
      if (app.kind !== 'Application' || event.type === 'DELETED' || app.metadata.labels?.owner !== 'set')
        return;
      clock.schedule(clock.now(), () => {
        rewrites++;
        store.patch(applicationRef('argocd', 'app-a'), (draft) => {
          draft.metadata.labels = { owner: 'someone-else' };
        });
      });
    });
    let error: unknown;
    try {
      clock.advanceTo(1_000);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toBe(
      `<simulation>:1:1: the run was stopped at t=0s: ApplicationSet argocd/fight was reconciled more than ${limits.maxReconcilesPerInstant} ` +
        "times without the clock moving (its writes and another's undo each other)",
    );
    expect(rewrites).toBeLessThanOrEqual(limits.maxReconcilesPerInstant + 1);
  });
});
