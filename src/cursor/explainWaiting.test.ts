import { describe, expect, it } from 'vitest';
import { explainWaiting, syncFailHooksOf } from './explainWaiting';
import { frameAt } from './frameAt';
import { sampleLog } from '../../test/kits/sampleLog.testKit';

const ok = sampleLog();
const failing = sampleLog({ failMigration: true });

describe('explainWaiting', () => {
  it('counts down the wave delay', () => {
    const why = explainWaiting(frameAt(ok, 6.8), []);
    expect(why.headline).toBe('wave delay: 1.4 s left');
    expect(why.detail).toContain('ARGOCD_SYNC_WAVE_DELAY (2 s)');
  });

  it('quotes the engine and names the blocked wave and its blockers with their health', () => {
    const why = explainWaiting(frameAt(ok, 9), []);
    expect(why.engineMessage).toBe('waiting for healthy state of apps/Deployment/backend');
    expect(why.headline).toBe('Sync wave 0 is blocked by 1 object.');
    expect(why.blockers).toEqual([
      {
        kind: 'Deployment',
        name: 'backend',
        hook: false,
        health: 'Progressing',
        message: 'Waiting for rollout to finish: 0 of 1 updated replicas are available...',
      },
    ]);
    expect(why.detail).toMatch(/Healthy/);
  });

  it('says a running hook holds the PreSync phase until it completes', () => {
    const why = explainWaiting(frameAt(ok, 3), []);
    expect(why.headline).toBe('PreSync wave 0 is blocked by 1 object.');
    expect(why.blockers[0]).toMatchObject({ name: 'migrate', hook: true, health: 'Progressing' });
    expect(why.detail).toMatch(/hook completes/);
  });

  it('explains a failed PreSync hook and the SyncFail hooks it starts', () => {
    const hooks = syncFailHooksOf(failing);
    expect(hooks).toEqual(['notify']);
    const running = explainWaiting(frameAt(failing, 7), hooks);
    expect(running.headline).toBe(
      'PreSync hook migrate failed → Sync phase will not start; SyncFail hooks run (notify)',
    );
    const done = explainWaiting(frameAt(failing, 9), hooks);
    expect(done.detail).toMatch(/previous version keeps running/);
  });

  it('says when there is no SyncFail hook to run', () => {
    expect(explainWaiting(frameAt(failing, 7), []).headline).toMatch(/no SyncFail hook/);
  });

  it('says when every blocker is Healthy and only the next controller tick is awaited', () => {
    const why = explainWaiting(frameAt(ok, 12.05), []);
    expect(why.blockers.map((b) => b.health)).toEqual(['Healthy']);
    expect(why.detail).toMatch(/next tick/);
  });

  it('lists no blockers once the operation has ended', () => {
    const ended = [
      ...ok,
      {
        t: 30,
        type: 'result',
        group: '',
        kind: 'Namespace',
        namespace: '',
        name: 'shop',
        syncPhase: 'PreSync',
        wave: 0,
        hookType: '',
        status: 'Synced',
        hookPhase: 'Running',
        message: '',
      } as const,
    ];
    expect(explainWaiting(frameAt(ended, 31), []).blockers).toEqual([]);
  });

  it('explains a success with an app that is still Progressing', () => {
    const why = explainWaiting(frameAt(ok, 13), []);
    expect(why.headline).toBe('Nothing is waiting: the operation Succeeded.');
    expect(why.detail).toMatch(/Progressing anyway/);
  });
});

describe('explainWaiting while playing', () => {
  it('gives the same explanation for frames that show the same thing', () => {
    const hooks = syncFailHooksOf(ok);
    const a = explainWaiting(frameAt(ok, 9), hooks);
    expect(explainWaiting(frameAt(ok, 9.5), syncFailHooksOf(ok))).toBe(a);
  });

  it('renews it when the wave delay countdown shows another tenth of a second', () => {
    const none: string[] = [];
    const a = explainWaiting(frameAt(ok, 6.8), none);
    expect(explainWaiting(frameAt(ok, 6.82), none)).toBe(a);
    expect(explainWaiting(frameAt(ok, 6.9), none).headline).toBe('wave delay: 1.3 s left');
  });
});
