import { describe, expect, it } from 'vitest';
import type { JsonAny } from '../../types';
import { directoriesOf, gitDirectoryParams, pathMatch } from './gitGenerator';
import { generateOne } from './generateParams';
import { renderApplications } from './renderApplications';

/** applicationset/generators/git_test.go, matrix_test.go, merge_test.go (argocd-semantics.md §5.13). */
const list = (...elements: JsonAny[]) => ({ list: { elements } });
const run = (generator: JsonAny, goTemplate = false, repoPaths: string[] = []) =>
  generateOne(generator, goTemplate, { repoPaths });

describe('TestGitGenerateParamsFromDirectories (git_test.go)', () => {
  const dirs = (directories: JsonAny[], repoApps: string[], pathParamPrefix?: string) =>
    gitDirectoryParams(
      { directories, ...(pathParamPrefix ? { pathParamPrefix } : {}) },
      repoApps,
      false,
      undefined,
    );

  it('happy flow - created apps', () => {
    expect(dirs([{ path: '*' }], ['app1', 'app2', 'app_3', 'p1/app4'])).toEqual({
      ok: true,
      params: [
        { path: 'app1', 'path.basename': 'app1', 'path.basenameNormalized': 'app1', 'path[0]': 'app1' },
        { path: 'app2', 'path.basename': 'app2', 'path.basenameNormalized': 'app2', 'path[0]': 'app2' },
        { path: 'app_3', 'path.basename': 'app_3', 'path.basenameNormalized': 'app-3', 'path[0]': 'app_3' },
      ],
    });
  });

  it('It prefixes path parameters with PathParamPrefix', () => {
    const result = dirs([{ path: '*' }], ['app1'], 'myRepo');
    expect(result.ok && result.params[0]).toEqual({
      'myRepo.path': 'app1',
      'myRepo.path.basename': 'app1',
      'myRepo.path.basenameNormalized': 'app1',
      'myRepo.path[0]': 'app1',
    });
  });

  it('It filters application according to the paths', () => {
    const result = dirs(
      [{ path: 'p1/*' }, { path: 'p1/*/*' }],
      ['app1', 'p1/app2', 'p1/p2/app3', 'p1/p2/p3/app4'],
    );
    expect(result.ok && result.params.map((p) => p.path)).toEqual(['p1/app2', 'p1/p2/app3']);
    expect(result.ok && result.params[1]).toMatchObject({
      'path[0]': 'p1',
      'path[1]': 'p2',
      'path[2]': 'app3',
    });
  });

  it('It filters application according to the paths with Exclude', () => {
    const result = dirs(
      [{ path: 'p1/*', exclude: true }, { path: '*' }, { path: '*/*' }],
      ['app1', 'app2', 'p1/app2', 'p1/app3', 'p2/app3'],
    );
    expect(result.ok && result.params.map((p) => p.path)).toEqual(['app1', 'app2', 'p2/app3']);
  });
});

describe('TestGitGenerateParamsFromDirectoriesGoTemplate (git_test.go)', () => {
  it('a path map with basename, basenameNormalized and segments', () => {
    const result = gitDirectoryParams({ directories: [{ path: '*/*' }] }, ['p1/app_2'], true, undefined);
    expect(result.ok && result.params).toEqual([
      {
        path: { path: 'p1/app_2', basename: 'app_2', basenameNormalized: 'app-2', segments: ['p1', 'app_2'] },
      },
    ]);
  });
});

describe("the repository's directories (reposerver GetGitDirectories) and Go's path.Match", () => {
  it('every directory of the tree in walk order, hidden ones and the root left out', () => {
    expect(
      directoriesOf([
        'apps/a-c/x.yaml',
        'apps/a/x.yaml',
        'README.md',
        '.github/ci.yaml',
        'envs/dev/config.json',
      ]),
    ).toEqual(['apps', 'apps/a', 'apps/a-c', 'envs', 'envs/dev']);
  });

  it('* stops at /, ? is one character, [a-c] a class', () => {
    expect([
      pathMatch('apps/*', 'apps/a'),
      pathMatch('apps/*', 'apps/a/b'),
      pathMatch('app?', 'app1'),
    ]).toEqual([true, false, true]);
    expect([pathMatch('env[a-c]', 'envb'), pathMatch('env[^a-c]', 'envb'), pathMatch('[', '[')]).toEqual([
      true,
      false,
      false,
    ]);
  });
});

describe('TestMatrixGenerate (matrix_test.go)', () => {
  it('every set of the first with every set of the second', () => {
    const result = run({
      matrix: { generators: [list({ a: '1' }, { a: '2' }), list({ b: '1' }, { b: '2' })] },
    });
    expect(result.ok && result.params).toEqual([
      { a: '1', b: '1' },
      { a: '1', b: '2' },
      { a: '2', b: '1' },
      { a: '2', b: '2' },
    ]);
  });

  it('less than two and more than two generators are refused in its words', () => {
    expect(run({ matrix: { generators: [list({ a: '1' })] } })).toEqual({
      ok: false,
      error: 'found less than two generators, Matrix support only two',
    });
    expect(run({ matrix: { generators: [list({}), list({}), list({})] } })).toEqual({
      ok: false,
      error: 'found more than two generators, Matrix support only two',
    });
  });

  it('a key both sets have with two values is an error (CombineStringMaps)', () => {
    expect(run({ matrix: { generators: [list({ a: '1' }), list({ a: '2' })] } })).toEqual({
      ok: false,
      error:
        'failed to combine string maps with merging params for the matrix generator: found duplicate key a with different value, a: 1 ,b: 2',
    });
  });
});

describe('TestInterpolatedMatrixGenerate (matrix_test.go)', () => {
  it("the second child's spec is rendered with each of the first's sets", () => {
    const result = run(
      {
        matrix: {
          generators: [
            { git: { repoURL: 'x', revision: 'HEAD', directories: [{ path: 'envs/*' }] } },
            list({ env: '{{path.basename}}', namespace: 'shop-{{path.basename}}' }),
          ],
        },
      },
      false,
      ['envs/dev/a.yaml', 'envs/prod/a.yaml'],
    );
    expect(result.ok && result.params.map((p) => [p.path, p.env, p.namespace])).toEqual([
      ['envs/dev', 'dev', 'shop-dev'],
      ['envs/prod', 'prod', 'shop-prod'],
    ]);
  });
});

describe('TestMatrixGenerateGoTemplate (matrix_test.go)', () => {
  it("maps merge, the first child's values winning (mergo WithOverride)", () => {
    const result = run(
      { matrix: { generators: [list({ a: '1', m: { x: '1' } }), list({ a: '2', m: { y: '2' } })] } },
      true,
    );
    expect(result.ok && result.params).toEqual([{ a: '1', m: { x: '1', y: '2' } }]);
  });
});

describe('TestMergeGenerate (merge_test.go)', () => {
  const merge = (generators: JsonAny[], mergeKeys: string[]) => run({ merge: { generators, mergeKeys } });

  it('one generator: "found less than two generators, Merge requires two or more"', () => {
    expect(merge([list({ a: '1_1', b: 'same' })], ['b'])).toEqual({
      ok: false,
      error: 'found less than two generators, Merge requires two or more',
    });
  });

  it('happy flow - generate paramSets', () => {
    const result = merge(
      [
        list({ a: '1_1', b: 'same', c: '1_3' }),
        list({ a: '2_1', b: 'same' }),
        list({ a: '3_1', b: 'different', c: '3_3' }),
      ],
      ['b'],
    );
    expect(result.ok && result.params).toEqual([{ a: '2_1', b: 'same', c: '1_3' }]);
  });

  it('merge keys absent - do not merge', () => {
    const result = merge([list({ a: 'a' }), list({ a: 'a' })], ['b']);
    expect(result.ok && result.params).toEqual([{ a: 'a' }]);
  });

  it('merge nested matrix with some lists', () => {
    const result = merge(
      [
        { matrix: { generators: [list({ a: '1' }, { a: '2' }), list({ b: '1' }, { b: '2' })] } },
        list({ a: '1', b: '1', c: 'added' }),
      ],
      ['a', 'b'],
    );
    expect(result.ok && result.params).toEqual([
      { a: '1', b: '1', c: 'added' },
      { a: '1', b: '2' },
      { a: '2', b: '1' },
      { a: '2', b: '2' },
    ]);
  });
});

describe('TestParamSetsAreUniqueByMergeKeys (merge_test.go)', () => {
  it('no merge keys, and sets not unique by them, are refused in its words', () => {
    expect(run({ merge: { generators: [list({ a: '1' }), list({ a: '1' })], mergeKeys: [] } })).toEqual({
      ok: false,
      error:
        'error getting param sets by merge key: no merge keys were specified, Merge requires at least one',
    });
    expect(
      run({ merge: { generators: [list({ a: '1' }, { a: '1' }), list({ a: '1' })], mergeKeys: ['a'] } }),
    ).toEqual({
      ok: false,
      error:
        'error getting param sets by merge key: the parameters from a generator were not unique by the given mergeKeys, Merge requires all param sets to be unique. Duplicate key was {"a":"1"}',
    });
  });
});

describe('a matrix of clusters and git directories renders an Application per cluster and folder', () => {
  it('clusters × apps/*', () => {
    const secret = (name: string) => ({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: {
        name,
        namespace: 'argocd',
        labels: { 'argocd.argoproj.io/secret-type': 'cluster', env: name },
      },
      stringData: { name, server: `https://${name}.example.com` },
    });
    const rendered = renderApplications(
      {
        apiVersion: 'argoproj.io/v1alpha1',
        kind: 'ApplicationSet',
        metadata: { name: 'apps', namespace: 'argocd', uid: 'u' },
        spec: {
          goTemplate: true,
          generators: [
            {
              matrix: {
                generators: [
                  { clusters: { selector: { matchLabels: { env: 'dev' } } } },
                  { git: { repoURL: 'x', revision: 'HEAD', directories: [{ path: 'apps/*' }] } },
                ],
              },
            },
          ],
          template: {
            metadata: { name: '{{.path.basename}}-{{.name}}' },
            spec: {
              project: 'default',
              source: { path: '{{.path.path}}' },
              destination: { server: '{{.server}}', namespace: '{{.path.basename}}' },
            },
          },
        },
      },
      { secrets: [secret('dev'), secret('prod')], repoPaths: ['apps/api/a.yaml', 'apps/web/a.yaml'] },
    );
    expect(
      rendered.ok &&
        rendered.applications.map((a) => [a.metadata.name, a.spec.source.path, a.spec.destination.server]),
    ).toEqual([
      ['api-dev', 'apps/api', 'https://dev.example.com'],
      ['web-dev', 'apps/web', 'https://dev.example.com'],
    ]);
  });
});
