import { describe, expect, it } from 'vitest';
import { logsAt } from '../../cursor/logsAt';
import { terminalOn } from '../../../test/kits/terminalRun.testKit';

// kubectl's printers (pkg/printers/internalversion/printers.go) and its error words, on real runs of the
// course's scenarios; argocd-semantics.md §2.18 for what the failed migration leaves behind.
const migration = terminalOn('failing-migration');
const threeTier = terminalOn('three-tier');
const end = migration.result.endT;
const lines = (text: string) => text.replace(/\n$/, '').split('\n');

describe('kubectl get', () => {
  it("jobs: kubectl's columns, the failed migration 0/1 Failed and the SyncFail hook 1/1 Complete at the end", () => {
    const out = lines(migration.run('kubectl -n checkout-dev get jobs', end).text);
    expect(out[0]).toMatch(/^NAME {3,}STATUS {3,}COMPLETIONS {3}DURATION {3}AGE$/);
    expect(out.find((l) => l.startsWith('checkout-migrate '))).toMatch(
      /^checkout-migrate\s+Failed\s+0\/1\s+\d+s\s+\d+s$/,
    );
    expect(out.find((l) => l.startsWith('checkout-sync-failed '))).toMatch(/Complete\s+1\/1/);
  });

  it('jobs before the release: both hooks of the previous sync, each 1/1 Complete, an hour old (AGE from the virtual clock)', () => {
    const out = lines(migration.run('kubectl get jobs -n checkout-dev', 0).text);
    expect(out.slice(1).map((l) => l.split(/\s+/).slice(0, 3).join(' '))).toEqual([
      'checkout-migrate Complete 1/1',
      'checkout-smoke-test Complete 1/1',
    ]);
    expect(out[1].split(/\s+/).at(-1)).toMatch(/^(59|60)m$/);
  });

  it('pods: READY, STATUS in kubectl words (Running, Error, Completed) and -o wide adds IP and NODE', () => {
    const out = lines(migration.run('kubectl get pods -o wide', end).text);
    expect(out[0]).toMatch(
      /^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\s+IP\s+NODE\s+NOMINATED NODE\s+READINESS GATES$/,
    );
    expect(out.filter((l) => /^checkout-[a-z0-9]+-[a-z0-9]+\s+1\/1\s+Running\s+0\s/.test(l))).toHaveLength(2);
    expect(out.find((l) => l.startsWith('checkout-migrate-'))).toMatch(
      /0\/1\s+Error\s+0\s+\d+s\s+10\.\d+\.\d+\.\d+\s+node-\d/,
    );
  });

  it('three-tier in the middle of the sync: the database StatefulSet exists before the backend Deployment', () => {
    const { result, run } = threeTier;
    const h = result.objects;
    const created = (kind: string, name: string) =>
      h.times[h.keys.indexOf(`apps/${kind}/three-tier/${name}`)][0];
    const t = created('StatefulSet', 'postgres') + 1;
    expect(t).toBeLessThan(created('Deployment', 'backend-api'));
    const sts = run('kubectl -n three-tier get statefulsets', t).text;
    expect(lines(sts)[0]).toMatch(/^NAME\s+READY\s+AGE$/);
    expect(sts).toMatch(/^postgres\s+[01]\/1\s+1s$/m);
    expect(run('kubectl -n three-tier get deploy', t).text).toBe(
      'No resources found in three-tier namespace.\n',
    );
    const deploys = lines(run('kubectl -n three-tier get deploy', result.endT).text);
    expect(deploys[0]).toMatch(/^NAME\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE$/);
    expect(deploys.slice(1).map((r) => r.split(/\s+/)[0])).toEqual(['backend-api', 'frontend']);
    for (const row of deploys.slice(1)) expect(row).toMatch(/^\S+\s+(\d+)\/\1\s+\d+\s+\d+\s/);
  });

  it('services and configmaps with their own columns; get all prefixes TYPE/NAME', () => {
    const svc = lines(migration.run('kubectl get svc', end).text);
    expect(svc[0]).toMatch(/^NAME\s+TYPE\s+CLUSTER-IP\s+EXTERNAL-IP\s+PORT\(S\)\s+AGE$/);
    expect(svc[1]).toMatch(/^checkout\s+ClusterIP\s+10\.\d+\.\d+\.\d+\s+<none>\s+9898\/TCP\s+\d+m$/);
    expect(lines(migration.run('kubectl get cm', end).text)[1]).toMatch(/^checkout-config\s+1\s+\d+m$/);
    const all = migration.run('kubectl get all', end).text;
    expect(all).toMatch(/^deployment\.apps\/checkout\s+2\/2/m);
    expect(all).toMatch(/^job\.batch\/checkout-migrate\s+Failed/m);
  });

  it("not-found and unknown-type errors in kubectl's words", () => {
    const notFound = migration.run('kubectl -n checkout-dev get jobs x', end);
    expect(notFound).toMatchObject({
      text: 'Error from server (NotFound): jobs.batch "x" not found\n',
      failed: true,
    });
    expect(migration.run('kubectl get deploy nope', end).text).toBe(
      'Error from server (NotFound): deployments.apps "nope" not found\n',
    );
    expect(migration.run('kubectl get x', end).text).toBe(
      'error: the server doesn\'t have a resource type "x"\n',
    );
    expect(migration.run('kubectl delete pod x', end).text).toMatch(
      /^error: unknown command "delete" for "kubectl"/,
    );
  });

  it('-o json parses to the object at the cursor; a listing is a List; -o yaml has sorted keys', () => {
    const before = JSON.parse(migration.run('kubectl get deploy checkout -o json', 0).text);
    expect(before.kind).toBe('Deployment');
    expect(before.spec.template.spec.containers[0].image).toBe('ghcr.io/stefanprodan/podinfo:6.7.1');
    const list = JSON.parse(migration.run('kubectl get jobs -o json', end).text);
    expect(list.kind).toBe('List');
    expect(list.items.map((j: { metadata: { name: string } }) => j.metadata.name)).toEqual([
      'checkout-migrate',
      'checkout-smoke-test',
      'checkout-sync-failed',
    ]);
    const yaml = migration.run('kubectl get cm checkout-config -o yaml', end).text;
    expect(yaml).toMatch(
      /^apiVersion: v1\ndata:\n {2}PODINFO_UI_MESSAGE: checkout 6\.7\.1\nkind: ConfigMap\nmetadata:\n/,
    );
    expect(yaml).toContain('argocd.argoproj.io/sync-wave: "-1"');
  });

  it("jsonpath: the course's image query (no newline of its own; `; echo` adds one), [*] over a List", () => {
    const image = migration.run(
      "kubectl -n checkout-dev get deploy checkout -o jsonpath='{.spec.template.spec.containers[0].image}'",
      end,
    );
    expect(image.text).toBe('ghcr.io/stefanprodan/podinfo:6.7.1');
    const withEcho = migration.run(
      "kubectl -n checkout-dev get deploy checkout -o jsonpath='{.spec.template.spec.containers[0].image}'; echo",
      end,
    );
    expect(withEcho.text).toBe('ghcr.io/stefanprodan/podinfo:6.7.1\n');
    expect(migration.run("kubectl get jobs -o jsonpath='{.items[*].metadata.name}'", 0).text).toBe(
      'checkout-migrate checkout-smoke-test',
    );
  });

  it('events: the Job controller reports BackoffLimitExceeded for the migration, with LAST SEEN from the clock', () => {
    const out = lines(migration.run('kubectl get events', end).text);
    expect(out[0]).toMatch(/^LAST SEEN\s+TYPE\s+REASON\s+OBJECT\s+MESSAGE$/);
    expect(
      out.some((l) =>
        /^\d+s\s+Warning\s+BackoffLimitExceeded\s+job\/checkout-migrate\s+Job has reached the specified backoff limit$/.test(
          l,
        ),
      ),
    ).toBe(true);
    expect(migration.run('kubectl get events', 0).text).not.toMatch(/BackoffLimitExceeded/);
  });
});

describe('kubectl logs and describe', () => {
  it('logs job/NAME prints the same lines as the log panel (logsAt), at every moment', () => {
    const target = { kind: 'Job', namespace: 'checkout-dev', name: 'checkout-migrate' };
    for (const t of [6, 9, 12, end]) {
      const panel = logsAt(migration.result, target, t).flatMap((p) => p.lines.map((l) => l.line));
      const out = migration.run('kubectl -n checkout-dev logs job/checkout-migrate', t);
      if (panel.length) expect(out.text).toBe(panel.join('\n') + '\n');
    }
    expect(migration.run('kubectl -n checkout-dev logs job/checkout-migrate', end).text).toBe(
      'migrating schema for checkout 6.7.0\nERROR: relation "orders" already exists\n',
    );
    expect(migration.run('kubectl logs job/checkout-sync-failed', end).text).toBe(
      'sync of checkout-dev failed: PreSync hook checkout-migrate failed\nnotified #team-checkout\n',
    );
  });

  it('logs --tail N and | tail -N keep the last lines; a missing Job is NotFound', () => {
    expect(migration.run('kubectl logs job/checkout-migrate --tail 1', end).text).toBe(
      'ERROR: relation "orders" already exists\n',
    );
    expect(migration.run('kubectl logs job/checkout-migrate --tail=1', end).text).toBe(
      'ERROR: relation "orders" already exists\n',
    );
    expect(migration.run('kubectl logs job/checkout-migrate | tail -1', end).text).toBe(
      'ERROR: relation "orders" already exists\n',
    );
    expect(migration.run('kubectl logs job/nope', end).text).toBe(
      'Error from server (NotFound): jobs.batch "nope" not found\n',
    );
    // The SyncFail hook does not exist before the migration failed.
    expect(migration.run('kubectl logs job/checkout-sync-failed', 1).failed).toBe(true);
  });

  it("describe job: kubectl's header, pod counts and the Job's events", () => {
    const out = migration.run('kubectl describe job checkout-migrate', end).text;
    expect(out).toMatch(/^Name:\s+checkout-migrate$/m);
    expect(out).toMatch(/^Namespace:\s+checkout-dev$/m);
    expect(out).toMatch(/^Pods Statuses:\s+0 Active \(0 Ready\) \/ 0 Succeeded \/ 1 Failed$/m);
    expect(out).toMatch(/^ {6}Image:\s+ghcr\.io\/stefanprodan\/podinfo:6\.7\.0$/m);
    expect(out).toMatch(
      /^ {2}Warning\s+BackoffLimitExceeded\s+\d+s\s+job-controller\s+Job has reached the specified backoff limit$/m,
    );
    expect(migration.run('kubectl describe pod nope', end).text).toBe(
      'Error from server (NotFound): pods "nope" not found\n',
    );
  });
});
