import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { applicationHealthKey, applicationHealthLua } from './platformToggles';

const root = new URL('../../', import.meta.url);

/** The argocd-cm `data` of a file: a scenario's `argocdCm:` block, or an argocd-cm ConfigMap itself. */
function argocdCmData(path: string): Record<string, string> {
  const doc = parse(readFileSync(new URL(path, root), 'utf8'));
  const cm = typeof doc.argocdCm === 'string' ? parse(doc.argocdCm) : doc;
  return cm.data;
}

/**
 * The Application health check of Argo CD's docs (docs/operator-manual/health.md "Argo CD App", at the commit the
 * sandbox follows) is written in the code once, applicationHealthLua, which the `healthCheck` toggle adds (issue 32:
 * it was written twice). The shipped scenario that starts with it and the fixtures are argocd-cm files as a user
 * writes them, so they hold the text too: this keeps each the same check, word for word.
 */
describe("the Application health Lua, Argo CD's documented check", () => {
  for (const path of [
    'scenarios/app-of-apps.yaml',
    'test/fixtures/platform/argocd-cm.yaml',
    'test/fixtures/argocd-cm/application-health.yaml',
  ])
    it(`${path} holds the same check as the healthCheck toggle adds`, () => {
      expect(argocdCmData(path)[applicationHealthKey]).toBe(applicationHealthLua);
    });
});
