import { describe, expect, it } from 'vitest';
import { terminalOn } from '../../../test/kits/terminalRun.testKit';

// The terminal on environments-promotion: three clusters (argocd-semantics.md §5.13).
const { run, result } = terminalOn('environments-promotion');
const end = result.endT;

describe('argocd cluster list (cmd/argocd/commands/cluster.go printClusterTable)', () => {
  it("prints the CLI's columns, one row per cluster Secret, then the in-cluster default, not monitored", () => {
    const lines = run('argocd cluster list', end).text.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^SERVER\s+NAME\s+VERSION\s+STATUS\s+MESSAGE\s+PROJECT$/);
    expect(lines.slice(1).map((l) => l.split(/\s{2,}/).slice(0, 3))).toEqual([
      ['https://dev.k8s.example.com', 'dev', 'Successful'],
      ['https://prod.k8s.example.com', 'prod', 'Successful'],
      ['https://staging.k8s.example.com', 'staging', 'Successful'],
      ['https://kubernetes.default.svc', 'in-cluster', 'Unknown'],
    ]);
    expect(lines[4]).toContain('Cluster has no applications and is not being monitored.');
  });

  it('-o server prints the servers only', () => {
    expect(run('argocd cluster list -o server', end).text.split('\n')[0]).toBe('https://dev.k8s.example.com');
  });

  it('reads its flags from the command table: a flag the CLI lacks is refused in its words, not ignored', () => {
    expect(run('argocd cluster list --grpc-web-x', end).text).toContain('Error: unknown flag: --grpc-web-x');
    expect(run('argocd cluster list prod', end).text).toContain('argocd cluster list takes no argument');
  });
});

describe('argocd proj windows list: its flags from the command table', () => {
  it('refuses -o json, which the sandbox does not model, with what Argo CD would do', () => {
    expect(run('argocd proj windows list default -o json', end).text).toContain(
      'argocd proj windows list --output: the sandbox does not model it; in Argo CD it prints the windows as JSON or YAML',
    );
    expect(run('argocd proj windows list default --bogus', end).text).toContain(
      'Error: unknown flag: --bogus',
    );
  });
});

describe('kubectl --context NAME: contexts named after the clusters', () => {
  it("dev's backend is in dev and prod has none: objects in dev are not in prod", () => {
    expect(run('kubectl --context dev get deploy -n shop-dev', end).text).toMatch(/^backend-api\s+2\/2/m);
    expect(run('kubectl --context prod get deploy -A', end).text).toBe('No resources found\n');
    expect(run('kubectl get deploy -A', end).text).toBe('No resources found\n');
  });

  it('staging shows its crash-looping pods', () => {
    expect(run('kubectl get pods -n shop-staging --context=staging', end).text).toMatch(
      /CrashLoopBackOff|Error/,
    );
  });

  it("an unknown context is kubectl's own error", () => {
    const out = run('kubectl --context qa get pods', end);
    expect(out.failed).toBe(true);
    expect(out.text).toBe('error: context was not found for specified context: qa\n');
  });
});
