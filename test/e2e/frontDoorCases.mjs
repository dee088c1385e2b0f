// The page's front door (issue 33): the versions in its footer, the link previews in its head, the message for a
// dropped Helm chart or Kustomize folder, and Record's MP4.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageOpener } from './pageHelpers.mjs';

export function frontDoorCases({ browser, base, root }) {
  const cases = [];
  const test = (name, fn) => cases.push({ name, fn });
  const withPage = pageOpener(browser, base);
  const packageVersion = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
  // docs/argocd-semantics.md "Sources", row [A]: what `sim --version` prints too (src/cli/sim.version.test.ts).
  const [, commit, argoCd] =
    /\| \*\*\[A\]\*\* \| `argoproj\/argo-cd` \| `([0-9a-f]{40})` \([^)]*`VERSION` = ([\d.]+)\)/.exec(
      readFileSync(join(root, 'docs/argocd-semantics.md'), 'utf8'),
    );

  test('about: the footer shows the line sim --version prints, and links the commit', () =>
    withPage('?scenario=three-tier', async (page) => {
      const footer = page.locator('[data-testid="about"]');
      await footer.waitFor();
      assert.equal(
        (await footer.innerText()).replace(/\s+/g, ' ').trim(),
        `Argo CD Sync Sandbox ${packageVersion}, following Argo CD ${argoCd} (argoproj/argo-cd ${commit.slice(0, 12)})`,
      );
      assert.equal(
        await page.getAttribute('[data-testid="about-commit"]', 'href'),
        `https://github.com/argoproj/argo-cd/tree/${commit}`,
      );
    }));

  return cases;
}
