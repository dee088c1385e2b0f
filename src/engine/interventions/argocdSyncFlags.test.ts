import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../events';
import type { RepoRevision } from '../argocd/repository';
import { application } from '../../../test/kits/controlPlane.testKit';
import { runControlPlane, type ControlPlaneAction } from '../simulation/runControlPlane';
import { deployment, job, service } from '../../../test/kits/simulation.testKit';
import type { JsonAny, KubeObject } from '../types';
import { parseIntervention } from './intervention';

/**
 * The flags of `argocd app sync` (cmd/argocd/commands/app.go NewApplicationSyncCommand) as the engine runs them
 * (issue 28: each was read as nothing). A manual app with a PreSync hook, synced at t 0; a commit at 50 s changes
 * the Deployment's image and the Service's port; the command runs at 60 s.
 */
const revision = (image: string, port: number): RepoRevision => ({
  name: image,
  files: {
    'app/web.yaml': [{ object: deployment('web', { image }) }, { object: service('web', { port }) }],
    'app/migrate.yaml': [{ object: job('migrate', { hook: 'PreSync', runSeconds: 1 }) }],
  },
});

function run(command: string, app: KubeObject = application('guestbook', { path: 'app' })) {
  const actions: ControlPlaneAction[] = [
    { at: 50, type: 'commit', revision: revision('nginx:1.28', 8080) },
    { at: 60, type: 'intervention', command },
  ];
  const result = runControlPlane({
    repository: revision('nginx:1.27', 80),
    objects: [app],
    actions,
    untilSeconds: 600,
  });
  const guestbook = result.applications.find((a) => a.metadata.name === 'guestbook')!;
  const live = (kind: string) => result.live.find((o) => o.kind === kind && o.metadata.name === 'web');
  const output = result.events.find(
    (e): e is Extract<SimEvent, { type: 'intervention' }> => e.type === 'intervention',
  );
  // Hook tasks applied after the command: the PreSync Job run again.
  const hooksAfter = result.events.filter((e) => e.type === 'apply' && e.hook && e.t >= 60).length;
  return {
    app: guestbook,
    image: live('Deployment')?.spec.template.spec.containers[0].image,
    port: live('Service')?.spec.ports[0].port,
    output,
    hooksAfter,
    operation: guestbook.status.operationState?.operation as JsonAny,
  };
}

describe('argocd app sync --dry-run (gitops-engine sync_context.go runTasks dryRun; controller/sync.go L483)', () => {
  it('changes nothing, runs no hook, writes no history; the operation reads dry run and Succeeds; the app stays OutOfSync', () => {
    const r = run('argocd app sync guestbook --dry-run');
    expect(r.output).toMatchObject({ output: '' });
    expect(r.operation.sync.dryRun).toBe(true);
    expect(r.app.status.operationState.phase).toBe('Succeeded');
    expect([r.image, r.port]).toEqual(['nginx:1.27', 80]);
    expect(r.hooksAfter).toBe(0);
    expect(r.app.status.history).toHaveLength(1);
    expect(r.app.status.sync.status).toBe('OutOfSync');
  });
});

describe('argocd app sync --resource GROUP:KIND:NAME (test/e2e/selective_sync_test.go)', () => {
  it('TestSelectiveSync: syncs only the Service; the Deployment keeps its image, the app stays OutOfSync, no history', () => {
    const r = run('argocd app sync guestbook --resource :Service:web');
    expect(r.operation.sync.resources).toEqual([{ kind: 'Service', name: 'web', namespace: 'default' }]);
    expect(r.app.status.operationState.phase).toBe('Succeeded');
    expect([r.image, r.port]).toEqual(['nginx:1.27', 8080]);
    expect(r.app.status.sync.status).toBe('OutOfSync');
    expect(r.app.status.history).toHaveLength(1);
  });

  it('TestSelectiveSyncDoesNotRunHooks: the PreSync hook does not run, even with every resource selected', () => {
    const r = run('argocd app sync guestbook --resource apps:Deployment:web --resource :Service:web');
    expect(r.hooksAfter).toBe(0);
    expect([r.image, r.port]).toEqual(['nginx:1.28', 8080]);
  });

  it('an exclusion (`!`) and wildcards (IncludeResource): every row of status.resources but the Deployment', () => {
    const r = run("argocd app sync guestbook --resource '!apps:Deployment:*'");
    // The live PreSync Job is a row of status.resources too, so filterAppResources names it; the sync makes no
    // task of a hook.
    expect(r.operation.sync.resources.map((x: JsonAny) => x.kind)).toEqual(['Service', 'Job']);
    expect([r.image, r.port, r.hooksAfter]).toEqual(['nginx:1.27', 8080, 0]);
  });

  it('a selection none of the app’s resources matches is the CLI’s own fatal error (filterAppResources)', () => {
    expect(run('argocd app sync guestbook --resource apps:Deployment:nope').output).toMatchObject({
      refused: true,
      output: 'FATA[0000] No matching app resources found for resource filter: apps:Deployment:nope',
    });
  });

  it('a malformed value is refused before the command runs (parseSelectedResources)', () => {
    expect(parseIntervention('argocd app sync guestbook --resource web')).toEqual({
      error: 'FATA[0000] resource should have GROUP:KIND:NAME, but instead got: web',
    });
  });
});

describe('argocd app sync --strategy, --force, the sync-option flags and the retry flags (app.go syncReq)', () => {
  it('--strategy apply: a full sync that runs no hook (controller/sync.go L386 IsApplyStrategy) and writes history', () => {
    const r = run('argocd app sync guestbook --strategy apply');
    expect(r.operation.sync.syncStrategy).toEqual({ apply: {} });
    expect(r.hooksAfter).toBe(0);
    expect([r.image, r.port]).toEqual(['nginx:1.28', 8080]);
    expect(r.app.status.history).toHaveLength(2);
  });

  it('--strategy hook (the default) runs the hook; --force rides on the strategy', () => {
    const r = run('argocd app sync guestbook --force');
    expect(r.operation.sync.syncStrategy).toEqual({ hook: { force: true } });
    expect(r.hooksAfter).toBe(1);
    expect(parseIntervention('argocd app sync guestbook --strategy=replace')).toEqual({
      error: "FATA[0000] Unknown sync strategy: 'replace'",
    });
  });

  it('--server-side, --replace and --apply-out-of-sync-only become the operation’s sync options, in place of the app’s', () => {
    const app = application('guestbook', { path: 'app' });
    app.spec.syncPolicy = { syncOptions: ['CreateNamespace=true'] };
    const r = run('argocd app sync guestbook --apply-out-of-sync-only --server-side', app);
    expect(r.operation.sync.syncOptions).toEqual(['ServerSideApply=true', 'ApplyOutOfSyncOnly=true']);
    expect(run('argocd app sync guestbook', app).operation.sync.syncOptions).toEqual([
      'CreateNamespace=true',
    ]);
  });

  it('--retry-limit with the back-off flags is the operation’s retry strategy, durations as Go prints them', () => {
    const r = run(
      'argocd app sync guestbook --retry-limit 2 --retry-backoff-duration=10s --retry-backoff-factor 3',
    );
    expect(r.operation.retry).toEqual({
      limit: 2,
      backoff: { duration: '10s', maxDuration: '3m0s', factor: 3 },
    });
  });
});

describe('flags are read as cobra reads them: a value is never an argument, an unknown flag is refused', () => {
  it('the value of a flag before the name is not the name', () => {
    const parsed = parseIntervention('argocd app sync --info reason=hotfix guestbook');
    expect(parsed).toMatchObject({ tool: 'argocd', command: { verb: 'sync', app: 'guestbook' } });
    expect(run('argocd app sync --label app=none guestbook').output).toMatchObject({
      refused: true,
      output: 'FATA[0000] No matching resources found for labels: [app=none]',
    });
  });

  it('a flag the real CLI does not have: cobra’s words; one it has that the sandbox does not model: one sentence', () => {
    expect(parseIntervention('argocd app sync guestbook --sync-option Prune=false')).toEqual({
      error: 'Error: unknown flag: --sync-option',
    });
    expect(parseIntervention('argocd app sync guestbook -x')).toEqual({
      error: "Error: unknown shorthand flag: 'x' in -x",
    });
    expect(parseIntervention('argocd app sync guestbook --timeout')).toEqual({
      error: 'Error: flag needs an argument: --timeout',
    });
    expect(parseIntervention('argocd app sync guestbook --local ./manifests')).toEqual({
      error:
        'argocd app sync --local: the sandbox does not model it; in Argo CD it syncs the manifests of a local folder instead of Git’s',
    });
    expect(parseIntervention('argocd app sync guestbook --prune=maybe')).toEqual({
      error:
        'Error: invalid argument "maybe" for "--prune" flag: strconv.ParseBool: parsing "maybe": invalid syntax',
    });
  });
});

describe('syncing an Application that is being deleted (server/application/application.go Sync L2111)', () => {
  it('is refused: FailedPrecondition "application is deleting"', () => {
    // A finalizer nothing removes keeps the Application in deletion; `kubectl delete` at 55 s starts it.
    const app = application('guestbook', { path: 'app' });
    app.metadata.finalizers = ['example.com/keep'];
    const result = runControlPlane({
      repository: revision('nginx:1.27', 80),
      objects: [app],
      actions: [
        { at: 55, type: 'intervention', command: 'kubectl delete application guestbook -n argocd' },
        { at: 60, type: 'intervention', command: 'argocd app sync guestbook' },
      ],
      untilSeconds: 120,
    });
    const outputs = result.events.flatMap((e) => (e.type === 'intervention' ? [e.output] : []));
    expect(outputs[1]).toBe('FATA[0000] rpc error: code = FailedPrecondition desc = application is deleting');
  });
});

describe('--resource with a namespace (test/e2e/selective_sync_test.go, guestbook-with-namespace)', () => {
  // Two Deployments named guestbook-ui, one in the app's namespace and one in `e2e-ns`; a commit changes both images.
  const twoNamespaces = (image: string): RepoRevision => {
    const other = deployment('guestbook-ui', { image });
    other.metadata.namespace = 'e2e-ns';
    return {
      name: image,
      files: {
        'app/ns.yaml': [{ object: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'e2e-ns' } } }],
        'app/ui.yaml': [{ object: deployment('guestbook-ui', { image }) }, { object: other }],
      },
    };
  };
  function images(command: string) {
    const result = runControlPlane({
      repository: twoNamespaces('nginx:1.27'),
      objects: [application('guestbook', { path: 'app' })],
      actions: [
        { at: 50, type: 'commit', revision: twoNamespaces('nginx:1.28') },
        { at: 60, type: 'intervention', command },
      ],
      untilSeconds: 300,
    });
    const app = result.applications.find((a) => a.metadata.name === 'guestbook')!;
    const image = (ns: string) =>
      result.live.find((o) => o.kind === 'Deployment' && o.metadata.namespace === ns)?.spec.template.spec
        .containers[0].image;
    return { app, byNamespace: [image('default'), image('e2e-ns')] };
  }

  it('TestSelectiveSyncWithNamespace: GROUP:KIND:NAMESPACE/NAME syncs only that namespace’s Deployment; OutOfSync', () => {
    const { app, byNamespace } = images(
      'argocd app sync guestbook --resource apps:Deployment:e2e-ns/guestbook-ui',
    );
    expect(byNamespace).toEqual(['nginx:1.27', 'nginx:1.28']);
    expect(app.status.sync.status).toBe('OutOfSync');
    expect(app.status.operationState.phase).toBe('Succeeded');
  });

  it('TestSelectiveSyncWithoutNamespace: GROUP:KIND:NAME without a namespace selects the Deployment in both', () => {
    const { app, byNamespace } = images('argocd app sync guestbook --resource apps:Deployment:guestbook-ui');
    expect(byNamespace).toEqual(['nginx:1.28', 'nginx:1.28']);
    expect(app.status.operationState.phase).toBe('Succeeded');
    expect(app.status.history).toHaveLength(1);
  });
});

describe('git commit in --then reads the table', () => {
  it('an option git commit is not given here is refused in git’s words', () => {
    expect(parseIntervention('git commit --amend -m fix v2')).toEqual({
      error: "error: unknown option `amend'",
    });
    expect(parseIntervention('git commit -m fix v2')).toMatchObject({ tool: 'git', message: 'fix' });
  });
});

describe('arguments are never dropped', () => {
  it('several names for sync, or a second name for terminate-op, are refused rather than the first one taken', () => {
    expect(parseIntervention('argocd app sync guestbook other')).toEqual({
      error:
        'argocd app sync with several names syncs them one after another, each once the last has finished; the sandbox takes one name a command',
    });
    expect(parseIntervention('argocd app terminate-op guestbook other')).toEqual({
      error: 'argocd app terminate-op takes one APPNAME, not 2 (the CLI prints its help and exits 1)',
    });
  });
});
