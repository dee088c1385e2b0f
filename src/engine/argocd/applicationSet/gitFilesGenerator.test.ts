import { describe, expect, it } from 'vitest';
import type { JsonAny } from '../../types';
import type { RepoFileContent } from '../repository';
import { generateOne } from './generateParams';
import { goPrint, lsFilesMatch } from './gitFilesGenerator';

/**
 * The git generator's files form: applicationset/generators/git_test.go `TestGitGenerateParamsFromFiles` and
 * `Test_generateParamsFromGitFile` at the followed commit (argocd-semantics.md §5.13). The repository's files are
 * given decoded, as the loader (src/scenarios/repoDataFile.ts) hands them to the engine.
 */
const production: JsonAny = {
  cluster: { owner: 'john.doe@example.com', name: 'production', address: 'https://kubernetes.default.svc' },
  key1: 'val1',
  key2: { key2_1: 'val2_1', key2_2: { key2_2_1: 'val2_2_1' } },
  key3: 123,
};
const staging: JsonAny = {
  cluster: { owner: 'foo.bar@example.com', name: 'staging', address: 'https://kubernetes.default.svc' },
};

function run(
  git: JsonAny,
  files: Record<string, RepoFileContent>,
  goTemplate = false,
): ReturnType<typeof generateOne> {
  return generateOne({ git: { repoURL: 'RepoURL', revision: 'HEAD', ...git } }, goTemplate, {
    repoPaths: Object.keys(files),
    repoFile: (path) => files[path],
  });
}

const configs = {
  'cluster-config/production/config.json': { value: production },
  'cluster-config/staging/config.json': { value: staging },
};

describe('TestGitGenerateParamsFromFiles (git_test.go)', () => {
  it('happy flow: create params from git files', () => {
    expect(run({ files: [{ path: '**/config.json' }] }, configs)).toEqual({
      ok: true,
      params: [
        {
          'cluster.owner': 'john.doe@example.com',
          'cluster.name': 'production',
          'cluster.address': 'https://kubernetes.default.svc',
          key1: 'val1',
          'key2.key2_1': 'val2_1',
          'key2.key2_2.key2_2_1': 'val2_2_1',
          key3: '123',
          path: 'cluster-config/production',
          'path.basename': 'production',
          'path[0]': 'cluster-config',
          'path[1]': 'production',
          'path.basenameNormalized': 'production',
          'path.filename': 'config.json',
          'path.filenameNormalized': 'config.json',
        },
        {
          'cluster.owner': 'foo.bar@example.com',
          'cluster.name': 'staging',
          'cluster.address': 'https://kubernetes.default.svc',
          path: 'cluster-config/staging',
          'path.basename': 'staging',
          'path[0]': 'cluster-config',
          'path[1]': 'staging',
          'path.basenameNormalized': 'staging',
          'path.filename': 'config.json',
          'path.filenameNormalized': 'config.json',
        },
      ],
    });
  });

  it('Value variable interpolation', () => {
    const result = run(
      {
        files: [{ path: '**/config.json' }],
        values: { aaa: '{{ cluster.owner }}', 'no-op': '{{ this-does-not-exist }}' },
      },
      configs,
    );
    expect(result.ok && result.params.map((p) => [p['values.aaa'], p['values.no-op']])).toEqual([
      ['john.doe@example.com', '{{ this-does-not-exist }}'],
      ['foo.bar@example.com', '{{ this-does-not-exist }}'],
    ]);
  });

  it('test invalid JSON file returns error (the loader decodes it; the generator words it)', () => {
    const error =
      'error unmarshaling JSON: while decoding JSON: json: cannot unmarshal string into Go value of type []map[string]interface {}';
    expect(
      run({ files: [{ path: '**/config.json' }] }, { 'cluster-config/production/config.json': { error } }),
    ).toEqual({
      ok: false,
      error: `error generating params from git: unable to process file 'cluster-config/production/config.json' from repository 'RepoURL': unable to parse file: ${error}`,
    });
  });

  it('test JSON array: each object of a list is a parameter set', () => {
    const result = run(
      { files: [{ path: '**/config.json' }] },
      {
        'cluster-config/production/config.json': {
          value: [{ cluster: { name: 'a' } }, { cluster: { name: 'b' } }],
        },
      },
    );
    expect(result.ok && result.params.map((p) => p['cluster.name'])).toEqual(['a', 'b']);
  });

  it('exclude: true removes the files its pattern lists', () => {
    const result = run(
      { files: [{ path: '**/config.json' }, { path: '**/staging/*', exclude: true }] },
      configs,
    );
    expect(result.ok && result.params.map((p) => p.path)).toEqual(['cluster-config/production']);
  });
});

describe('Test_generateParamsFromGitFile (git_test.go)', () => {
  it('empty file returns path parameters', () => {
    const result = run(
      { files: [{ path: 'path/dir/file_name.yaml' }] },
      { 'path/dir/file_name.yaml': { value: null } },
    );
    expect(result).toEqual({
      ok: true,
      params: [
        {
          path: 'path/dir',
          'path.basename': 'dir',
          'path.filename': 'file_name.yaml',
          'path.basenameNormalized': 'dir',
          'path.filenameNormalized': 'file-name.yaml',
          'path[0]': 'path',
          'path[1]': 'dir',
        },
      ],
    });
  });

  it('path parameter are prefixed', () => {
    const result = run(
      { files: [{ path: 'path/dir/file_name.yaml' }], pathParamPrefix: 'myRepo' },
      { 'path/dir/file_name.yaml': { value: { foo: { bar: 'baz' } } } },
    );
    expect(result.ok && result.params[0]).toEqual({
      'foo.bar': 'baz',
      'myRepo.path': 'path/dir',
      'myRepo.path.basename': 'dir',
      'myRepo.path.filename': 'file_name.yaml',
      'myRepo.path.basenameNormalized': 'dir',
      'myRepo.path.filenameNormalized': 'file-name.yaml',
      'myRepo.path[0]': 'path',
      'myRepo.path[1]': 'dir',
    });
  });

  it('file parameters are added to params with go template', () => {
    const result = run(
      { files: [{ path: 'path/dir/file_name.yaml' }], values: { somekey: '{{.path.basename}}' } },
      { 'path/dir/file_name.yaml': { value: { foo: { bar: 'baz' } } } },
      true,
    );
    expect(result.ok && result.params[0]).toEqual({
      foo: { bar: 'baz' },
      path: {
        path: 'path/dir',
        basename: 'dir',
        filename: 'file_name.yaml',
        basenameNormalized: 'dir',
        filenameNormalized: 'file-name.yaml',
        segments: ['path', 'dir'],
      },
      values: { somekey: 'dir' },
    });
  });
});

describe('the git generator needs directories or files (git.go GenerateParams, interface.go)', () => {
  it('neither is ErrEmptyAppSetGenerator', () => {
    expect(run({}, {})).toEqual({ ok: false, error: 'ApplicationSet is empty' });
  });
});

describe("git ls-files' pathspec (util/git/client.go LsFiles, the default globbing)", () => {
  it('a * crosses folders, a plain path names a file or a folder, . is everything', () => {
    expect(lsFilesMatch('envs/*/config.json', 'envs/dev/config.json')).toBe(true);
    expect(lsFilesMatch('envs/*/config.json', 'envs/a/b/config.json')).toBe(true);
    expect(lsFilesMatch('envs/*/config.json', 'envs/config.json')).toBe(false);
    expect(lsFilesMatch('**/config.json', 'config.json')).toBe(false);
    expect(lsFilesMatch('envs', 'envs/dev/config.json')).toBe(true);
    expect(lsFilesMatch('envs/dev/config.json', 'envs/dev/config.json')).toBe(true);
    expect(lsFilesMatch('env', 'envs/dev/config.json')).toBe(false);
    expect(lsFilesMatch('.', 'a/b.json')).toBe(true);
  });
});

describe("Go's %v of a decoded number (strconv 'g', shortest)", () => {
  it('prints as fmt.Sprintf("%v", float64) does', () => {
    expect([123, 0.5, 100000, 1000000, 123456789, 0.0001, 0.00001, true, null].map(goPrint)).toEqual([
      '123',
      '0.5',
      '100000',
      '1e+06',
      '1.23456789e+08',
      '0.0001',
      '1e-05',
      'true',
      '<nil>',
    ]);
  });
});
