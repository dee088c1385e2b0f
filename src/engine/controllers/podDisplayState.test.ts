import { describe, expect, it } from 'vitest';
import type { JsonAny, KubeObject } from '../types';
import { podDisplayState } from './podDisplayState';

const ready = (status: string) => ({ type: 'Ready', status });

function pod(status: JsonAny, extra: Partial<KubeObject['metadata']> = {}, spec: JsonAny = {}): KubeObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', ...extra }, spec, status };
}

describe('podDisplayState', () => {
  it('shows what kubectl get pods shows', () => {
    const cases: [JsonAny, string, string][] = [
      [{}, 'Pending', 'Pending'],
      [
        { phase: 'Pending', containerStatuses: [{ state: { waiting: { reason: 'ContainerCreating' } } }] },
        'ContainerCreating',
        'ContainerCreating',
      ],
      [
        {
          phase: 'Running',
          conditions: [ready('False')],
          containerStatuses: [{ ready: false, state: { running: {} } }],
        },
        'Running',
        'Running',
      ],
      [
        {
          phase: 'Running',
          conditions: [ready('True')],
          containerStatuses: [{ ready: true, state: { running: {} } }],
        },
        'Ready',
        'Running',
      ],
      [
        {
          phase: 'Succeeded',
          containerStatuses: [{ state: { terminated: { exitCode: 0, reason: 'Completed' } } }],
        },
        'Completed',
        'Completed',
      ],
      [
        {
          phase: 'Failed',
          containerStatuses: [{ state: { terminated: { exitCode: 137, reason: 'OOMKilled' } } }],
        },
        'Error',
        'OOMKilled',
      ],
      [
        { phase: 'Failed', containerStatuses: [{ state: { terminated: { exitCode: 2 } } }] },
        'Error',
        'ExitCode:2',
      ],
      [
        { phase: 'Pending', containerStatuses: [{ state: { waiting: { reason: 'ImagePullBackOff' } } }] },
        'ImagePullBackOff',
        'ImagePullBackOff',
      ],
    ];
    for (const [status, state, kubectl] of cases) {
      const d = podDisplayState(pod(status));
      expect([d.state, d.kubectlStatus]).toEqual([state, kubectl]);
    }
  });

  it('sums restarts and carries the back-off message', () => {
    const message = 'back-off 40s restarting failed container=web pod=web_default(1)';
    const d = podDisplayState(
      pod({
        phase: 'Running',
        containerStatuses: [
          { restartCount: 3, state: { waiting: { reason: 'CrashLoopBackOff', message } } },
          { restartCount: 1, ready: true, state: { running: {} } },
        ],
      }),
    );
    expect(d).toEqual({
      state: 'CrashLoopBackOff',
      kubectlStatus: 'CrashLoopBackOff',
      ready: false,
      restarts: 4,
      message,
    });
  });

  it('shows init progress and init failures', () => {
    const spec = { initContainers: [{ name: 'a' }, { name: 'b' }] };
    const done = { state: { terminated: { exitCode: 0, reason: 'Completed' } } };
    const running = pod({ initContainerStatuses: [done, { state: { running: {} } }] }, {}, spec);
    expect(podDisplayState(running)).toMatchObject({ state: 'Pending', kubectlStatus: 'Init:1/2' });
    const crashing = pod(
      {
        initContainerStatuses: [{ restartCount: 2, state: { waiting: { reason: 'CrashLoopBackOff' } } }, {}],
      },
      {},
      spec,
    );
    expect(podDisplayState(crashing)).toMatchObject({
      state: 'CrashLoopBackOff',
      kubectlStatus: 'Init:CrashLoopBackOff',
      restarts: 2,
    });
  });

  it('shows Terminating for a pod with a deletionTimestamp, whatever its containers do', () => {
    const running = {
      phase: 'Running',
      conditions: [ready('True')],
      containerStatuses: [{ ready: true, state: { running: {} } }],
    };
    expect(podDisplayState(pod(running, { deletionTimestamp: '2026-01-01T00:00:05Z' }))).toMatchObject({
      state: 'Terminating',
      ready: true,
    });
  });
});
