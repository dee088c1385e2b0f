/**
 * A stand-in for the application controller, for the ApplicationSet controller's unit tests: it plays §5.0's
 * reactions on the real store and clock, with fixed durations instead of real syncs. A new app is refreshed at once
 * (OutOfSync, Missing); an `operation` starts at once (Running); it completes after `syncSeconds` with a full
 * refresh (Synced, Progressing, `reconciledAt` now); the app turns Healthy (or `Degraded` when it is in `failing`)
 * `healthySeconds` later. Each operation start is recorded with its initiator, as the `app-operation` event.
 */
import { toTimestamp, type SimClock } from '../../src/engine/clock';
import type { ObjectStore } from '../../src/engine/cluster/store';
import type { JsonAny, KubeObject } from '../../src/engine/types';
import { applicationRef } from '../../src/engine/argocd/applicationSet/controller/writeApplications';

export interface FakeAppControllerOptions {
  syncSeconds?: number;
  healthySeconds?: number;
  /** Apps whose workload never becomes Healthy. */
  failing?: readonly string[];
}

export class FakeApplicationController {
  readonly started: { t: number; app: string; initiator: string; automated: boolean; operation: JsonAny }[] =
    [];

  constructor(
    private readonly store: ObjectStore,
    private readonly clock: SimClock,
    private readonly options: FakeAppControllerOptions = {},
  ) {
    store.watch((event) => {
      if (event.object.kind !== 'Application' || event.type === 'DELETED') return;
      const app = event.object;
      if (event.type === 'ADDED') this.at(0, () => this.refresh(app.metadata.name ?? ''));
      if (app.operation && !app.status?.operationState?.phase?.startsWith('Running'))
        this.at(0, () => this.start(app.metadata.name ?? ''));
    });
  }

  private at(seconds: number, fn: () => void): void {
    this.clock.schedule(this.clock.now() + seconds * 1000, fn);
  }

  private now(): string {
    return toTimestamp(this.clock.now());
  }

  private get(name: string): KubeObject | undefined {
    return this.store.get(applicationRef('argocd', name));
  }

  private refresh(name: string): void {
    const app = this.get(name);
    if (!app || app.status?.reconciledAt) return;
    this.store.setStatus(applicationRef('argocd', name), {
      ...app.status,
      sync: { status: 'OutOfSync', revision: 'abc123' },
      health: { status: 'Missing' },
      reconciledAt: this.now(),
    });
  }

  private start(name: string): void {
    const app = this.get(name);
    if (!app?.operation || app.status?.operationState?.phase === 'Running') return;
    const operation = app.operation;
    this.started.push({
      t: this.clock.now() / 1000,
      app: name,
      initiator: operation.initiatedBy?.username ?? '',
      automated: operation.initiatedBy?.automated === true,
      operation,
    });
    this.store.setStatus(applicationRef('argocd', name), {
      ...app.status,
      operationState: { phase: 'Running', startedAt: this.now(), operation },
    });
    this.at(this.options.syncSeconds ?? 10, () => this.complete(name));
  }

  private complete(name: string): void {
    const app = this.get(name)!;
    this.store.patch(applicationRef('argocd', name), (draft) => {
      delete draft.operation;
      draft.status = {
        ...app.status,
        sync: { status: 'Synced', revision: 'abc123' },
        health: { status: 'Progressing' },
        reconciledAt: this.now(),
        operationState: { ...app.status.operationState, phase: 'Succeeded', finishedAt: this.now() },
      };
    });
    const failing = this.options.failing?.includes(name) ?? false;
    this.at(this.options.healthySeconds ?? 20, () => {
      const live = this.get(name)!;
      this.store.setStatus(applicationRef('argocd', name), {
        ...live.status,
        health: failing
          ? { status: 'Degraded', message: 'Deployment "backend" exceeded its progress deadline' }
          : { status: 'Healthy' },
      });
    });
  }
}
