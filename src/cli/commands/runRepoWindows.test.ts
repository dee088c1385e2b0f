import { describe, expect, it } from 'vitest';
import { sim } from '../sim';

// `sim run --repo` with an AppProject's sync windows and argocd-cmd-params-cm (contract.md §1.4,
// argocd-semantics.md §5.14, §2.16).
function run(argv: string[], files: Record<string, string>, dirs: Record<string, string[]>) {
  let stdout = '';
  let stderr = '';
  const code = sim(argv, {
    readFile: (path) => {
      if (!(path in files)) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
      return files[path];
    },
    listFiles: (dir) => dirs[dir] ?? [],
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

const app =
  'apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: web\n  namespace: argocd\nspec:\n' +
  '  project: shop\n  source:\n    repoURL: https://example.com/repo.git\n    path: apps\n' +
  '  destination:\n    server: https://kubernetes.default.svc\n    namespace: default\n';
const project = (window: string) =>
  'apiVersion: argoproj.io/v1alpha1\nkind: AppProject\nmetadata:\n  name: shop\n  namespace: argocd\nspec:\n' +
  `  sourceRepos: ['*']\n  destinations: [{namespace: '*', server: '*'}]\n  syncWindows:\n    - ${window}\n`;
const repo = {
  'repo/apps/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\ndata: {a: b}\n',
};
const dirs = { repo: ['apps/cm.yaml'] };

describe('sim run --repo with sync windows', () => {
  it('the t 0 sync of an app without automated is refused in a deny window, and stderr says so', () => {
    const result = run(
      ['run', '--repo', 'repo', 'argo.yaml', '--json'],
      {
        'argo.yaml': `${project("{kind: deny, schedule: '50 23 * * *', duration: 1h, applications: [web]}")}---\n${app}`,
        ...repo,
      },
      dirs,
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('warning: sync web: cannot sync: blocked by sync window\n');
    const out = JSON.parse(result.stdout);
    expect(out.application.status.operationState).toBeUndefined();
  });

  it('a schedule Argo CD refuses is bad input at the AppProject', () => {
    const result = run(
      ['run', '--repo', 'repo', 'argo.yaml'],
      {
        'argo.yaml': `${project('{kind: deny, schedule: "@daily", duration: 1h, applications: [web]}')}---\n${app}`,
        ...repo,
      },
      dirs,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'sim run: argo.yaml:1:1: AppProject "shop": spec.syncWindows[0].schedule: cannot parse schedule \'@daily\': parser does not accept descriptors: @daily\n',
    );
  });
});
