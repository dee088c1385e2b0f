import { describe, expect, it } from 'vitest';
import { eventsOf } from '../kits/eventQueries.testKit';
import { runYaml } from './runYaml';

/**
 * The Replace=true and Force=true sync options (argocd-semantics.md §2.9 step 4, §4.4 cases 38 and 40) on the
 * fake cluster, where the API server's own rules decide the outcome: a replace is defaulted and validated like
 * any update, and only `--force` deletes and re-creates what cannot be changed in place.
 */
const web = (image: string, syncOptions: string) => `
  apiVersion: apps/v1
  kind: Deployment
  metadata:
    name: web
    annotations: {argocd.argoproj.io/sync-options: "${syncOptions}"}
  spec:
    selector: {matchLabels: {app: web}}
    template:
      metadata: {labels: {app: web}}
      spec:
        containers: [{name: main, image: "${image}"}]`;

/** A finished Job, as an earlier sync left it, and the Git version with a new image. */
const job = (image: string, syncOptions = '') => `
  apiVersion: batch/v1
  kind: Job
  metadata:
    name: migrate
    annotations: {argocd.argoproj.io/sync-options: "${syncOptions}"}
  spec:
    backoffLimit: 0
    template:
      spec:
        restartPolicy: Never
        containers: [{name: main, image: "${image}", command: ["true"]}]`;
const immutable = 'Job.batch "migrate" is invalid: spec.template: Invalid value: "...": field is immutable';

/** Pods that started during the operation (t ≥ 0). */
function podsStarted(run: ReturnType<typeof runYaml>): string[] {
  return eventsOf(run.events, 'pod')
    .filter((e) => e.t >= 0 && e.state === 'ContainerCreating')
    .map((e) => e.image);
}

describe('Replace=true and Force=true on the fake cluster', () => {
  it('4.4 #38 Replace=true rolls a Deployment out once and leaves the app Synced and Healthy', () => {
    const run = runYaml(web('nginx:1.28', 'Replace=true'), { live: web('nginx:1.27', 'Replace=true') });
    expect(run.row('Deployment', 'web')).toMatchObject({
      status: 'Synced',
      message: 'deployment.apps/web replaced',
    });
    expect([run.sync, run.health]).toEqual(['Synced', 'Healthy']);
    // The old ReplicaSet and the new one: the replaced template is defaulted like the ReplicaSet's, so they match.
    expect(run.result.live.filter((o) => o.kind === 'ReplicaSet')).toHaveLength(2);
  });

  it("4.4 #38 Replace=true cannot change a Job's pod template: the API server refuses the replace", () => {
    const run = runYaml(job('busybox:1.37', 'Replace=true'), { live: job('busybox:1.36') });
    expect(run.row('Job', 'migrate')).toMatchObject({ status: 'SyncFailed', message: immutable });
    expect(run.op).toMatchObject({
      phase: 'Failed',
      message: `one or more objects failed to apply, reason: ${immutable}`,
    });
  });

  it('4.4 #40 Replace=true,Force=true deletes and re-creates the Job, which runs again with the new image', () => {
    const run = runYaml(job('busybox:1.37', 'Replace=true,Force=true'), { live: job('busybox:1.36') });
    expect(run.row('Job', 'migrate')).toMatchObject({
      status: 'Synced',
      message: 'job.batch/migrate replaced',
    });
    expect(run.op.phase).toBe('Succeeded');
    expect(podsStarted(run)).toEqual(['busybox:1.37']);
    expect([run.sync, run.health]).toEqual(['Synced', 'Healthy']);
  });

  it('4.4 #40 Force=true alone (kubectl apply --force) re-creates the Job when the patch is refused', () => {
    const run = runYaml(job('busybox:1.37', 'Force=true'), { live: job('busybox:1.36') });
    expect(run.op.phase).toBe('Succeeded');
    expect(podsStarted(run)).toEqual(['busybox:1.37']);
  });

  it('4.4 #40 Force=true changes nothing when the patch is accepted: the finished Job is not re-run', () => {
    const run = runYaml(job('busybox:1.36', 'Force=true'), { live: job('busybox:1.36') });
    expect(run.op.phase).toBe('Succeeded');
    expect(podsStarted(run)).toEqual([]);
  });
});
