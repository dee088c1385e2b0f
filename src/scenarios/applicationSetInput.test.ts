/**
 * An ApplicationSet that does not render is bad input, at the template string that failed (contract.md §1.4;
 * argocd-semantics.md §5.1 "Generation": Argo CD would set ErrorOccurred RenderTemplateParamsError and write nothing).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isInputError } from '../engine/inputError';
import { checkApplicationSets } from './applicationSetInput';
import { parseManifests } from './manifests';
import { parseScenario } from './scenario';

const fixture = readFileSync('test/fixtures/platform-stack/platform-stack.yaml', 'utf8');

function check(text: string): string | undefined {
  const objects = parseManifests(text, 'argo.yaml').map((parsed) => parsed.object);
  try {
    checkApplicationSets(text, 'argo.yaml', objects);
    return undefined;
  } catch (error) {
    if (isInputError(error)) return error.message;
    throw error;
  }
}

describe('checkApplicationSets', () => {
  it('accepts the article platform-stack', () => {
    expect(check(fixture)).toBeUndefined();
  });

  it('a key missing under missingkey=error points at the action inside the template string', () => {
    const text = fixture.replace("name: 'platform-{{.component}}'", "name: 'platform-{{.tier}}'");
    const line = text.split('\n').findIndex((l) => l.includes('{{.tier}}')) + 1;
    const column = text.split('\n')[line - 1].indexOf('.tier') + 1;
    expect(check(text)).toBe(
      `argo.yaml:${line}:${column}: ApplicationSet platform-stack: failed to execute go template platform-{{.tier}}: ` +
        'template: base:1:11: executing "base" at <.tier>: map has no entry for key "tier"',
    );
  });

  it('without missingkey=error a missing key renders as <no value> and is accepted', () => {
    const text = fixture
      .replace('goTemplateOptions: ["missingkey=error"]', '')
      .replace("path: '{{.component}}'", "path: '{{.component}}{{.nothing}}'");
    expect(check(text)).toBeUndefined();
  });

  it('an unknown generator is refused at generators with a clear message', () => {
    const text = fixture.replace('  - list:\n      elements:', '  - lists:\n      elements:');
    const line = text.split('\n').findIndex((l) => l.includes('- lists:')) + 1;
    expect(check(text)).toBe(
      `argo.yaml:${line}:3: ApplicationSet platform-stack: unrecognized generator: lists`,
    );
  });

  it('a generator Argo CD has but the simulator does not is named as such', () => {
    const text = fixture.replace('  - list:\n      elements:', '  - pullRequest:\n      elements:');
    expect(check(text)).toMatch(
      /the pullRequest generator is not supported by the simulator; only the list, clusters, git, matrix and merge generators are$/,
    );
  });

  it('inside a scenario, the position is the template string in the scenario file', () => {
    const text = readFileSync('scenarios/progressive-sync.yaml', 'utf8').replace(
      "name: 'platform-{{.component}}'",
      "name: 'platform-{{.tier}}'",
    );
    const lines = text.split('\n');
    const line = lines.findIndex((l) => l.includes('{{.tier}}')) + 1;
    const column = lines[line - 1].indexOf('.tier') + 1;
    expect(() => parseScenario(text, 'scenarios/progressive-sync.yaml')).toThrow(
      `scenarios/progressive-sync.yaml:${line}:${column}: ApplicationSet platform-stack: failed to execute go template`,
    );
  });
});
