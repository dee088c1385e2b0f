/**
 * Generated Applications' sources are checked like given ones (contract.md §1.4: a missing path, a Helm or
 * Kustomize source is bad input, exit 2 with file, line and column): an ApplicationSet whose template renders a
 * path that is not in the repository is refused at the template's `source.path` (argocd-semantics.md §5.1).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isInputError } from '../engine/inputError';
import { checkApplicationSets } from './applicationSetInput';
import { parseManifests } from './manifests';
import { parseScenario } from './scenario';

const fixture = readFileSync('test/fixtures/platform-stack/platform-stack.yaml', 'utf8');
const repo = {
  name: 'main',
  files: Object.fromEntries(
    ['database/postgres.yaml', 'backend/backend-api.yaml', 'frontend/frontend.yaml'].map((f) => [f, []]),
  ),
};
// A fourth element whose folder does not exist.
const withCache = fixture.replace(
  '      - component: frontend\n        priority: "3"\n',
  '      - component: frontend\n        priority: "3"\n      - component: cache\n        priority: "3"\n',
);

function check(text: string): string | undefined {
  const objects = parseManifests(text, 'argo.yaml').map((parsed) => parsed.object);
  try {
    checkApplicationSets(text, 'argo.yaml', objects, undefined, repo);
    return undefined;
  } catch (error) {
    if (isInputError(error)) return error.message;
    throw error;
  }
}

describe('generated Applications must have a source path in the repository', () => {
  it('accepts the article platform-stack, whose three folders exist', () => {
    expect(withCache).not.toBe(fixture);
    expect(check(fixture)).toBeUndefined();
  });

  it('a rendered path that is not in the repository: at the template source.path', () => {
    const lines = withCache.split('\n');
    const line = lines.findIndex((l) => l.includes("path: '{{.component}}'")) + 1;
    const column = lines[line - 1].indexOf("'{{.component}}'") + 1;
    expect(check(withCache)).toBe(
      `argo.yaml:${line}:${column}: ApplicationSet platform-stack: Application "platform-cache": path "cache" does not exist in the repository`,
    );
  });

  it('a Helm source in the template is refused at the template too', () => {
    const text = fixture.replace("path: '{{.component}}'", "path: '{{.component}}'\n        chart: redis");
    expect(check(text)).toMatch(
      /^argo\.yaml:\d+:\d+: ApplicationSet platform-stack: Application "platform-\w+": a Helm source is not simulated/,
    );
  });

  it('inside a scenario, the position is the template path in the scenario file', () => {
    const text = readFileSync('scenarios/progressive-sync.yaml', 'utf8').replace(
      "path: '{{.component}}'",
      "path: 'apps/{{.component}}'",
    );
    const lines = text.split('\n');
    const line = lines.findIndex((l) => l.includes("path: 'apps/{{.component}}'")) + 1;
    const column = lines[line - 1].indexOf("'apps/") + 1;
    expect(() => parseScenario(text, 'scenarios/progressive-sync.yaml')).toThrow(
      `scenarios/progressive-sync.yaml:${line}:${column}: ApplicationSet platform-stack: Application "platform-backend": path "apps/backend" does not exist in the repository`,
    );
  });
});
