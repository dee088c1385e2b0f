import { describe, expect, it } from 'vitest';
import { repoDataFile } from './repoDataFile';

/**
 * The loader's reading of a repository file the git files generator reads (applicationset/generators/git.go
 * `generateParamsFromGitFile`, sigs.k8s.io/yaml; git_test.go cases): data files are kept, manifests are not data.
 */
describe('repoDataFile', () => {
  it('a JSON object or a YAML list of objects is data', () => {
    expect(repoDataFile('{"env": "dev", "replicas": 2}')).toEqual({ value: { env: 'dev', replicas: 2 } });
    expect(repoDataFile('- cluster: a\n- cluster: b\n')).toEqual({
      value: [{ cluster: 'a' }, { cluster: 'b' }],
    });
    expect(repoDataFile('')).toEqual({ value: null });
  });

  it('a manifest (apiVersion or kind) is not data, nor is text that does not parse', () => {
    expect(repoDataFile('apiVersion: v1\nkind: ConfigMap\nmetadata: { name: a }\n')).toBeUndefined();
    expect(repoDataFile('a: [1\n')).toBeUndefined();
  });

  it("test invalid JSON file returns error (git_test.go): Argo CD's words", () => {
    expect(repoDataFile('invalid json file')).toEqual({
      error:
        'error unmarshaling JSON: while decoding JSON: json: cannot unmarshal string into Go value of type []map[string]interface {}',
    });
    expect(repoDataFile('[1]')).toEqual({
      error:
        'error unmarshaling JSON: while decoding JSON: json: cannot unmarshal number into Go value of type map[string]interface {}',
    });
  });
});
