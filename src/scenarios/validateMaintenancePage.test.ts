import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario } from './scenario';

const file = 'scenarios/maintenance-page.yaml';
const text = readFileSync(file, 'utf8');
const refusal = (t: string) => {
  try {
    parseScenario(t, file);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
};
const lineOf = (t: string, needle: string) => t.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('sandbox.argocd.dev/maintenance-page is refused where the stack view could not honour it', () => {
  it('refuses a value other than up or down, at the annotation', () => {
    const bad = text.replace(
      '          sandbox.argocd.dev/maintenance-page: up',
      '          sandbox.argocd.dev/maintenance-page: on',
    );
    const line = lineOf(bad, '          sandbox.argocd.dev/maintenance-page: on');
    expect(refusal(bad)).toMatch(
      new RegExp(
        `^scenarios/maintenance-page\\.yaml:${line}:\\d+: sandbox\\.argocd\\.dev/maintenance-page must be up or down, not "on"`,
      ),
    );
  });

  it('refuses it on an object that is not a hook Job', () => {
    // The Deployment web of the synced revision, annotated as if it were a maintenance hook.
    const bad = text.replace(
      '        annotations:\n          argocd.argoproj.io/sync-wave: "2"\n      spec:\n        replicas: 3',
      '        annotations:\n          argocd.argoproj.io/sync-wave: "2"\n          sandbox.argocd.dev/maintenance-page: up\n      spec:\n        replicas: 3',
    );
    expect(bad).not.toBe(text);
    expect(refusal(bad)).toMatch(/sandbox\.argocd\.dev\/maintenance-page is read only on a hook Job/);
  });

  it('accepts the shipped scenario', () => {
    expect(refusal(text)).toBe('');
  });
});
