// Browser cases for the embedded view: the built page in an <iframe> of a host page served from ANOTHER
// origin (a second in-process server on another port), as a blog post or a slide deck would frame it.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from './serve.mjs';
import { scaled } from './timeoutScale.mjs';

/** The host page: the embed snippet's frame and listener, recording every message it receives. */
function hostPage(src) {
  return `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>A post</title></head><body>
<h1>A blog post about sync waves</h1>
<iframe id="sandbox" src="${src}" title="Argo CD sync" style="width:100%;height:300px;border:0"></iframe>
<p>The text goes on after the frame.</p>
<script>
window.messages = [];
addEventListener('message', (e) => {
  window.messages.push({ origin: e.origin, data: e.data });
  const m = e.data;
  if (!m || m.source !== 'argocd-sync-sandbox' || m.type !== 'height') return;
  for (const f of document.querySelectorAll('iframe')) if (f.contentWindow === e.source) f.style.height = m.height + 'px';
});
</script></body></html>`;
}

export function embedCases({ browser, base, full }) {
  if (!full) return [];
  const cases = [];
  const test = (name, fn) => cases.push({ name, fn });

  for (const viewport of [
    { width: 1024, height: 768 },
    { width: 390, height: 844 },
  ]) {
    test(`embed: three-tier plays in an iframe on another origin at ${viewport.width}x${viewport.height}, posts its height, requests only its own origin`, async () => {
      const sandbox = new URL(base).origin;
      const dir = mkdtempSync(join(tmpdir(), 'embed-host-'));
      writeFileSync(join(dir, 'index.html'), hostPage(`${base}?embed=1&scenario=three-tier`));
      const host = await serve(dir);
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
      const errors = [];
      const frameRequests = [];
      try {
        assert.notEqual(new URL(host.url).origin, sandbox, 'the host must be another origin');
        const page = await context.newPage();
        page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
        page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
        page.on('request', (request) => {
          if (request.frame() !== page.mainFrame()) frameRequests.push(request.url());
        });
        await page.goto(host.url);
        const frame = await (await page.waitForSelector('#sandbox')).contentFrame();
        await frame.waitForFunction(
          () =>
            document.querySelectorAll('[data-testid="embed-view"] [data-testid="timeline"] text.tl-label')
              .length > 5,
          undefined,
          { timeout: scaled(30_000) },
        );
        assert.equal(
          await frame.evaluate(() =>
            Number(document.querySelector('[data-testid="virtual-time"]').dataset.t),
          ),
          0,
        );

        // The height message: from the sandbox's origin, in the documented shape, and the host sized the frame.
        await page.waitForFunction(() =>
          window.messages.some((m) => m.data?.type === 'height' && m.data.height > 300),
        );
        const sized = await page.evaluate(() => {
          const last = window.messages.filter((m) => m.data?.type === 'height').at(-1);
          return { last, frameHeight: document.querySelector('#sandbox').getBoundingClientRect().height };
        });
        assert.equal(sized.last.origin, sandbox);
        assert.deepEqual(Object.keys(sized.last.data).sort(), ['height', 'source', 'type']);
        assert.equal(sized.last.data.source, 'argocd-sync-sandbox');
        assert.equal(Math.round(sized.frameHeight), sized.last.data.height);
        // The frame is as tall as its content: nothing inside it scrolls.
        const inner = await frame.evaluate(() => ({
          scroll: document.documentElement.scrollHeight,
          client: document.documentElement.clientHeight,
          scrollWidth: document.documentElement.scrollWidth,
          width: window.innerWidth,
        }));
        assert.ok(inner.scroll <= inner.client + 1, `the frame scrolls: ${JSON.stringify(inner)}`);
        assert.ok(
          inner.scrollWidth <= inner.width,
          `the frame is wider than itself: ${JSON.stringify(inner)}`,
        );

        // Keys inside the frame: a click gives it the focus (on the story, not a control), Space plays.
        await frame.click('[data-testid="beat-now"]');
        await page.keyboard.press(' ');
        await frame.waitForFunction(
          () => Number(document.querySelector('[data-testid="virtual-time"]').dataset.t) > 1,
          undefined,
          {
            timeout: scaled(10_000),
          },
        );
        // The transport's button pauses it, and the cursor stays.
        await frame.click('[data-testid="pause"]');
        const paused = await frame.evaluate(() =>
          Number(document.querySelector('[data-testid="virtual-time"]').dataset.t),
        );
        await page.waitForTimeout(400);
        assert.equal(
          await frame.evaluate(() =>
            Number(document.querySelector('[data-testid="virtual-time"]').dataset.t),
          ),
          paused,
        );
        // The step key moves it on, inside the frame.
        await page.keyboard.press('ArrowRight');
        assert.ok(
          (await frame.evaluate(() =>
            Number(document.querySelector('[data-testid="virtual-time"]').dataset.t),
          )) > paused,
        );

        // "Open in the sandbox": the full page, same origin, same state, in a new tab.
        const open = await frame.evaluate(() => {
          const a = document.querySelector('[data-testid="embed-open"]');
          return { href: a.href, target: a.target, rel: a.rel };
        });
        assert.equal(open.target, '_blank');
        assert.match(open.rel, /noopener/);
        const href = new URL(open.href);
        assert.equal(href.origin, sandbox);
        assert.equal(href.searchParams.get('scenario'), 'three-tier');
        assert.equal(href.searchParams.get('embed'), null);
        assert.ok(Number(href.searchParams.get('t')) > 1, open.href);

        // The frame asked nothing of any origin but its own (data: and blob: stay inside it).
        const foreign = frameRequests.filter(
          (url) => !url.startsWith(sandbox + '/') && !/^(data|blob):/.test(url),
        );
        assert.deepEqual(foreign, []);
        assert.ok(frameRequests.length > 0);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
        await host.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  test('embed: the one-run page copies a snippet whose frame is this page with embed=1', async () => {
    const context = await browser.newContext({
      viewport: { width: 1024, height: 768 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    try {
      const page = await context.newPage();
      await page.goto(base + '?scenario=failing-migration&t=3');
      await page.waitForSelector('[data-testid="embed-copy"]');
      await page.click('[data-testid="embed-copy"]');
      await page.waitForSelector('text=Copied: paste it into your post or slide.');
      const snippet = await page.evaluate(() => navigator.clipboard.readText());
      assert.match(
        snippet,
        new RegExp(
          `^<iframe src="${new URL(base).origin}/\\?scenario=failing-migration&amp;t=3&amp;embed=1"`,
        ),
      );
      assert.match(snippet, /m\.source !== 'argocd-sync-sandbox'/);
    } finally {
      await context.close();
    }
  });

  return cases;
}
