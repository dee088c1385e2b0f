// The page's front door (issue 33): the versions in its footer, the link previews in its head, the message for a
// dropped Helm chart or Kustomize folder, and Record's MP4.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageOpener } from './pageHelpers.mjs';

export function frontDoorCases({ browser, base, root, full }) {
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

  if (full) {
    test('record: 2 s of three-tier at 4× as an H.264 MP4 that a <video> loads and seeks (0.56 s, 1024×768)', () =>
      withPage(
        '?scenario=three-tier',
        async (page) => {
          await page.click('[data-testid="record"]');
          await page.fill('[data-testid="record-from"]', '10');
          await page.fill('[data-testid="record-to"]', '12');
          await page.selectOption('[data-testid="record-speed"]', '4');
          // Debian's chromium encodes H.264 (checked with VideoEncoder.isConfigSupported): the button is enabled.
          await page.waitForSelector('[data-testid="record-mp4"]:not([disabled])');
          assert.equal(await page.locator('[data-testid="record-mp4-note"]').count(), 0);
          const [video] = await Promise.all([
            page.waitForEvent('download', { timeout: 60_000 }),
            page.click('[data-testid="record-mp4"]'),
          ]);
          assert.equal(video.suggestedFilename(), 'three-tier-10s-12s.mp4');
          const mp4 = readFileSync(await video.path());
          assert.equal(mp4.subarray(4, 12).toString('latin1'), 'ftypisom');
          // Loaded in a blank page: the sandbox's own policy allows no media from blob: URLs, as it plays none.
          const player = await page.context().newPage();
          const [duration, width, height, played] = await player.evaluate(async (base64) => {
            const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
            const video = document.createElement('video');
            video.muted = true;
            video.src = URL.createObjectURL(new Blob([bytes], { type: 'video/mp4' }));
            await new Promise((resolve, reject) => {
              video.onloadeddata = resolve;
              video.onerror = () => reject(new Error(`the MP4 does not load: ${video.error?.message}`));
            });
            // Decoding the last frame too: a seek to the end decodes from the last key frame.
            video.currentTime = video.duration - 0.01;
            await new Promise((resolve) => (video.onseeked = resolve));
            return [video.duration, video.videoWidth, video.videoHeight, video.readyState >= 2];
          }, mp4.toString('base64'));
          await player.close();
          assert.ok(
            Math.abs(duration - 0.56) < 0.05,
            `the MP4 lasts ${duration} s (14 frames at 25 a second)`,
          );
          assert.deepEqual([width, height, played], [1024, 768, true]);
        },
        { viewport: { width: 1024, height: 768 } },
      ));

    test('record: where the browser has no H.264 encoder, MP4 is disabled and the dialog says which browsers have one', () =>
      withPage('?scenario=three-tier', async (page) => {
        // What a Chromium without proprietary codecs answers (VideoEncoder.isConfigSupported, avc1 unsupported).
        await page.evaluate(() => {
          const ask = VideoEncoder.isConfigSupported.bind(VideoEncoder);
          VideoEncoder.isConfigSupported = async (config) =>
            config.codec.startsWith('avc1') ? { supported: false, config } : ask(config);
        });
        await page.click('[data-testid="record"]');
        const note = await page.waitForSelector('[data-testid="record-mp4-note"]');
        assert.equal(
          (await note.textContent()).trim(),
          'MP4 needs a browser with H.264 encoding (Chrome, Edge, Safari).',
        );
        assert.equal(await page.isDisabled('[data-testid="record-mp4"]'), true);
        assert.equal(await page.isDisabled('[data-testid="record-webm"]'), false, 'WebM still records');
      }));
  }

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
