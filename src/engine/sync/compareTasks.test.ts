import { describe, expect, it } from 'vitest';
import { annotationKeyHook, annotationSyncWave } from '../annotations';
import type { KubeObject, SyncPhase } from '../types';
import { sortTasks } from './compareTasks';
import { kindRank } from './kindOrder';
import { newTask, taskWave, type SyncTask } from './syncTask';
import { isMultiStep } from './tick';

function obj(
  kind: string,
  name = '',
  extra: Partial<KubeObject['metadata']> = {},
  apiVersion = 'v1',
): KubeObject {
  return { apiVersion, kind, metadata: { name, ...extra } };
}

function names(tasks: SyncTask[]): string[] {
  return tasks.map(
    (t) => `${t.phase}/${taskWave(t)} ${(t.target ?? t.live)?.kind}/${(t.target ?? t.live)?.metadata.name}`,
  );
}

describe('4.2 #8 kind order', () => {
  it('Test_syncTasks_kindOrder: ranks Namespace −35, APIService −1 and any custom kind 0', () => {
    expect([kindRank('Namespace'), kindRank('APIService'), kindRank('MyCRD')]).toEqual([-35, -1, 0]);
  });
});

describe('4.2 #9 TestSortSyncTask', () => {
  it('TestSortSyncTask: sorts by phase, wave, kind rank, then name', () => {
    const task = (phase: SyncPhase, o: KubeObject) => newTask(phase, o);
    const tasks = [
      task('Sync', obj('Pod')),
      task('Sync', obj('Service')),
      task('Sync', obj('PersistentVolume')),
      task('SyncFail', obj('', 'syncfail')),
      task('Sync', obj('', '', { annotations: { [annotationSyncWave]: '1' } })),
      task('Sync', obj('', 'b')),
      task('Sync', obj('', 'a')),
      task('Sync', obj('', '', { annotations: { [annotationSyncWave]: '-1' } })),
      task('Sync', obj('', '')),
      task('PreSync', obj('', 'presync')),
      task('PostSync', obj('', 'postsync')),
      task('Sync', obj('ConfigMap')),
    ];
    expect(names(sortTasks(tasks))).toEqual([
      'PreSync/0 /presync',
      'Sync/-1 /',
      'Sync/0 ConfigMap/',
      'Sync/0 PersistentVolume/',
      'Sync/0 Service/',
      'Sync/0 Pod/',
      'Sync/0 /',
      'Sync/0 /a',
      'Sync/0 /b',
      'Sync/1 /',
      'PostSync/0 /postsync',
      'SyncFail/0 /syncfail',
    ]);
  });

  it('breaks ties of kind rank and name by namespace, then group', () => {
    const a = newTask('Sync', obj('Widget', 'w', { namespace: 'b' }, 'x.io/v1'));
    const b = newTask('Sync', obj('Gadget', 'w', { namespace: 'a' }, 'y.io/v1'));
    const c = newTask('Sync', obj('Gizmo', 'w', { namespace: 'a' }, 'a.io/v1'));
    expect(sortTasks([a, b, c]).map((t) => t.target?.kind)).toEqual(['Gizmo', 'Gadget', 'Widget']);
  });
});

describe('4.2 #10–#12 dependency bubbling', () => {
  it('#10 TestSyncNamespaceAgainstCRD: a Namespace goes before a Workflow', () => {
    const workflow = newTask('Sync', obj('Workflow', 'wf', { namespace: 'ns' }, 'argoproj.io/v1alpha1'));
    const ns = newTask('Sync', obj('Namespace', 'ns'));
    expect(names(sortTasks([workflow, ns]))).toEqual(['Sync/0 Namespace/ns', 'Sync/0 Workflow/wf']);
  });

  it('#11 TestSyncTasksSort_NamespaceAndObjectInNamespace: namespaces are pulled into the PreSync wave of the hooks that use them', () => {
    const hook = (name: string, namespace: string) =>
      newTask(
        'PreSync',
        obj('Job', name, { namespace, annotations: { [annotationKeyHook]: 'PreSync' } }, 'batch/v1'),
      );
    const ns = (name: string, wave: string) =>
      newTask('Sync', obj('Namespace', name, { annotations: { [annotationSyncWave]: wave } }));
    const sorted = sortTasks([
      ns('myNamespace2', '2'),
      hook('hook2', 'myNamespace2'),
      ns('myNamespace1', '1'),
      hook('hook1', 'myNamespace1'),
    ]);
    expect(names(sorted)).toEqual([
      'PreSync/0 Namespace/myNamespace1',
      'PreSync/0 Job/hook1',
      'PreSync/0 Namespace/myNamespace2',
      'PreSync/0 Job/hook2',
    ]);
  });

  it('#12 TestSyncTasksSort_CRDAndCR: a CRD goes before its custom resource, even one in PreSync', () => {
    const cr = newTask(
      'PreSync',
      obj('Workflow', 'wf', { annotations: { [annotationKeyHook]: 'PreSync' } }, 'argoproj.io/v1alpha1'),
    );
    const crd: KubeObject = {
      ...obj('CustomResourceDefinition', 'workflows.argoproj.io', {}, 'apiextensions.k8s.io/v1'),
      spec: { group: 'argoproj.io', names: { kind: 'Workflow' } },
    };
    expect(names(sortTasks([cr, newTask('Sync', crd)]))).toEqual([
      'PreSync/0 CustomResourceDefinition/workflows.argoproj.io',
      'PreSync/0 Workflow/wf',
    ]);
  });
});

describe('4.2 #13 multiStep', () => {
  it('Test_syncTasks_multiStep: one task is not multi-step; PreSync/−1 and PostSync/1 are', () => {
    const wave = (w: string) => ({ annotations: { [annotationSyncWave]: w } });
    expect(isMultiStep([newTask('Sync', obj('Pod', 'a', wave('-1')))])).toBe(false);
    expect(
      isMultiStep([
        newTask('PreSync', obj('Pod', 'a', wave('-1'))),
        newTask('PostSync', obj('Pod', 'b', wave('1'))),
      ]),
    ).toBe(true);
  });
});
