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

  test('render first: a dropped Helm chart or Kustomize folder says the command and opens the paste box; a pasted chart’s hook shows its Helm mapping', () =>
    withPage('?scenario=three-tier', async (page) => {
      const problem = async () =>
        (await (await page.waitForSelector('[data-testid="own-app-error"]')).textContent()).trim();
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));

      await dropFiles(page, [
        { path: 'web/Chart.yaml', text: 'apiVersion: v2\nname: web\nversion: 0.1.0\n' },
        { path: 'web/values.yaml', text: 'replicas: 2\n' },
        { path: 'web/templates/deployment.yaml', text: 'spec:\n  replicas: {{ .Values.replicas }}\n' },
      ]);
      assert.equal(
        await problem(),
        'Chart.yaml:1:1: this is a Helm chart (Chart.yaml): Argo CD renders it with Helm before it syncs, and the sandbox does not run Helm; run helm template web web and paste its output in the paste box',
      );
      assert.equal(await page.getAttribute('[data-testid="own-app-dialog"]', 'open'), '');
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('data-testid') === 'own-app-paste',
      );
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid="own-app-dialog"]:not([open])', { state: 'attached' });

      await dropFiles(page, [
        { path: 'base/kustomization.yaml', text: 'resources:\n  - deployment.yaml\n' },
        {
          path: 'base/deployment.yaml',
          text: 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n',
        },
      ]);
      await page.waitForFunction(() =>
        document
          .querySelector('[data-testid="own-app-error"]')
          ?.textContent.includes('kubectl kustomize base'),
      );
      assert.equal(
        await problem(),
        'kustomization.yaml:1:1: this is a Kustomize folder (kustomization.yaml): Argo CD builds it with Kustomize before it syncs, and the sandbox does not run Kustomize; run kubectl kustomize base (or kustomize build base) and paste its output in the paste box',
      );
      assert.equal(await focused(), 'own-app-paste');

      // The command's output, pasted: its Helm hook runs in PostSync, and the order table says why.
      await page.fill('[data-testid="own-app-paste"]', helmOutput);
      await page.click('[data-testid="own-app-run"]');
      await page.waitForSelector('[data-testid="own-app-dialog"]:not([open])', { state: 'attached' });
      const source = await page.waitForSelector(
        '[data-testid="order-row"][data-key="Job/web-smoke"] [data-testid="order-hook-source"]',
        { state: 'attached' },
      );
      assert.equal((await source.textContent()).trim(), 'helm.sh/hook: post-install,post-upgrade → PostSync');
      assert.equal(
        (await page.textContent('[data-testid="order-row"][data-key="Job/web-smoke"] td:first-child')).trim(),
        'PostSync',
      );
    }));

  return cases;
}

/** What `helm template web ./web` prints for a chart with a ConfigMap and a post-install smoke test. */
const helmOutput = `---
# Source: web/templates/configmap.yaml
apiVersion: v1
kind: ConfigMap
metadata:
  name: web-settings
data:
  greeting: hello
---
# Source: web/templates/tests/smoke.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: web-smoke
  annotations:
    helm.sh/hook: post-install,post-upgrade
spec:
  backoffLimit: 0
  template:
    spec:
      containers:
        - name: smoke
          image: curlimages/curl:8.11.1
          command: [sh, -c, 'echo ok']
      restartPolicy: Never
`;

/** Drop `files` on the page as a user drops a folder: a DataTransfer of Files with their paths in the folder. */
async function dropFiles(page, files) {
  await page.evaluate((files) => {
    const data = new DataTransfer();
    for (const { path, text } of files) {
      const file = new File([text], path.split('/').pop(), { type: 'application/yaml' });
      Object.defineProperty(file, 'webkitRelativePath', { value: path });
      data.items.add(file);
    }
    const target = document.querySelector('main');
    for (const type of ['dragenter', 'dragover', 'drop'])
      target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }));
  }, files);
}
