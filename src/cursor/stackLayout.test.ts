import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../engine/events';
import { frameAt } from './frameAt';
import { sampleLog } from '../../test/kits/sampleLog.testKit';
import { stackAt, versionsOf } from './stackAt';
import { stackLayout } from './stackLayout';

function applied(kind: string, name: string, hook = false): SimEvent {
  const group = kind === 'Job' ? 'batch' : 'apps';
  const phase = hook ? 'PreSync' : 'Sync';
  return {
    t: 0,
    type: 'apply',
    group,
    kind,
    namespace: 'ns',
    name,
    phase,
    wave: 0,
    hook,
    result: 'created',
    message: '',
  };
}

describe('stackLayout', () => {
  it('puts workloads in tiers by name, in stack order', () => {
    const columns = stackLayout(
      [applied('Deployment', 'web'), applied('StatefulSet', 'postgres'), applied('Deployment', 'api')],
      new Map(),
    );
    expect(columns.map((c) => [c.id, c.workloads.map((w) => w.name)])).toEqual([
      ['frontend', ['web']],
      ['backend', ['api']],
      ['database', ['postgres']],
    ]);
  });

  it('lets the tier label win over the name', () => {
    const columns = stackLayout(
      [applied('Deployment', 'checkout')],
      new Map([['Deployment/checkout', 'backend']]),
    );
    expect(columns.map((c) => c.id)).toEqual(['backend']);
  });

  it('gives every workload its own box when some fit no tier', () => {
    const columns = stackLayout([applied('Deployment', 'web'), applied('Deployment', 'checkout')], new Map());
    expect(columns.map((c) => c.title)).toEqual(['web', 'checkout']);
  });

  it('puts a hook beside the tier its annotation names, else in a hooks column', () => {
    const events = [
      applied('Deployment', 'checkout'),
      applied('Job', 'migrate', true),
      applied('Job', 'notify', true),
    ];
    const tiers = new Map([
      ['Deployment/checkout', 'backend'],
      ['Job/migrate', 'database'],
    ]);
    const columns = stackLayout(events, tiers);
    expect(columns.map((c) => [c.id, c.hooks.map((h) => h.name)])).toEqual([
      ['backend', []],
      ['database', ['migrate']],
      ['hooks', ['notify']],
    ]);
  });
});

describe('stackAt', () => {
  it('fills the boxes with pods, health and the hooks present at the cursor', () => {
    const log = sampleLog();
    const columns = stackLayout(log, new Map([['Job/migrate', 'backend']]));
    const backend = stackAt(columns, frameAt(log, 12.5)).find((c) => c.id === 'backend')!;
    expect(backend.workloads.map((w) => [w.name, w.health, w.versions[0]?.pods.map((p) => p.state)])).toEqual(
      [['backend', 'Healthy', ['Ready']]],
    );
    expect(backend.hooks.map((h) => [h.name, h.hook.gone?.reason])).toEqual([['migrate', 'HookSucceeded']]);
  });

  it('groups pods by image so old and new versions stand side by side', () => {
    const pod = (name: string, image: string) => ({
      namespace: 'ns',
      name,
      state: 'Ready' as const,
      ready: true,
      restarts: 0,
      ownerKind: 'Deployment',
      ownerName: 'checkout',
      image,
      message: '',
    });
    const versions = versionsOf([
      pod('a', 'podinfo:6.7.1'),
      pod('b', 'registry:5000/podinfo:6.7.0'),
      pod('c', 'podinfo:6.7.1'),
    ]);
    expect(versions.map((v) => [v.tag, v.pods.map((p) => p.name)])).toEqual([
      ['6.7.1', ['a', 'c']],
      ['6.7.0', ['b']],
    ]);
  });
});
