import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { playScenario } from '../scenarios/play';
import { ownAppScenario } from './ownAppScenario';

/**
 * "Your app" with a git files generator (applicationset/generators/git.go `generateParamsForGitFiles`): the folder's
 * config.json files are kept as data, read as `sim run --repo` reads them (runRepoGitFiles.test.ts).
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const file = (path: string) => ({
  path: path.replace(/^test\/fixtures\/git-files\/(repo\/)?/, ''),
  text: readFileSync(`${root}${path}`, 'utf8'),
});

describe('Your app: a folder with config.json files and an ApplicationSet with a git files generator', () => {
  it('keeps each config.json as data and makes one Application per file, named after its folder', () => {
    const scenario = ownAppScenario([
      file('test/fixtures/git-files/appset.yaml'),
      file('test/fixtures/git-files/repo/envs/dev/config.json'),
      file('test/fixtures/git-files/repo/envs/prod/config.json'),
      file('test/fixtures/git-files/repo/web/settings.yaml'),
    ]);
    expect(Object.keys(scenario.platform?.revisions[0].data ?? {})).toEqual([
      'envs/dev/config.json',
      'envs/prod/config.json',
    ]);
    const result = playScenario(scenario);
    expect(result.applications.map((a) => [a.metadata.name, a.spec?.destination?.namespace])).toEqual([
      ['web-dev', 'web-dev'],
      ['web-prod', 'web-prod'],
    ]);
  });
});
