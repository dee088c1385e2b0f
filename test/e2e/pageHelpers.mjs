// Helpers the browser cases share: open the page with request and console recording, read what is on
// screen through the stable test ids (contract.md §2), and move the cursor the way a user would.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { deflateSync, strToU8 } from 'fflate';
import { scaled } from './timeoutScale.mjs';

/**
 * Open `base + query` in a fresh context. Every request URL and every console error is recorded on the
 * returned object, so a case can assert that the page stayed on its origin and logged no error. `ready(page)`
 * waits for a view other than the one-run page's to be drawn (the compare view).
 */
export async function openPage(browser, base, query = '', options = {}) {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 720 },
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: 'reduce',
    bypassCSP: options.bypassCSP ?? false,
  });
  const page = await context.newPage();
  const record = { page, requests: [], errors: [], close: () => context.close() };
  page.on('request', (request) => record.requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') record.errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => record.errors.push(`page error: ${error.message}`));
  await page.goto(base + query);
  if (options.ready) {
    await options.ready(page);
    return record;
  }
  await page.waitForFunction(() => document.querySelector('[data-testid="operation-phase"]') !== null);
  // The page loads its scenario on mount; the picker shows it once the run is there.
  await page.waitForFunction(() => document.querySelector('[data-testid="scenario-picker"]')?.value !== '');
  return record;
}

/**
 * Reloads the page and waits until it has mounted its run again. The reload waits only for the navigation to
 * commit, then for the page's own sign (the picker shows its scenario) in the new document: twice in CI, and once in
 * a full local run, `page.reload()` waited its whole timeout for a load event that never came while the page itself
 * was there. The old document is marked first, so a wait that still reaches it right after the commit is not taken
 * for the new one's (a case then found no picker).
 */
export async function reloadPage(page) {
  await page.evaluate(() => {
    window.__beforeReload = true;
  });
  await page.reload({ waitUntil: 'commit' });
  await page.waitForFunction(
    () =>
      !window.__beforeReload &&
      document.querySelector('[data-testid="scenario-picker"]')?.value !== '' &&
      document.querySelector('[data-testid="scenario-picker"]') !== null,
  );
}

/**
 * The `withPage(query, fn, options)` of a case file: opens `base + query` (openPage's options: viewport,
 * colorScheme, bypassCSP, ready), runs `fn(page, record)`, then asserts what every page of the file must keep, and closes
 * the context whatever happened. By default a page logs no console or page error and requests nothing off its
 * origin; `errors: false` or `requests: false` leaves a check to the file, and `collect` keeps every record for a
 * case that checks them all at the end.
 */
export function pageOpener(browser, base, { errors = true, requests = true, collect } = {}) {
  return async (query, fn, options) => {
    const record = await openPage(browser, base, query, options);
    collect?.push(record);
    try {
      await fn(record.page, record);
      if (errors) assert.deepEqual(record.errors, [], 'console errors');
      if (requests) assert.deepEqual(foreignRequests(record, base), [], 'requests to another origin');
    } finally {
      await record.close();
    }
  };
}

/**
 * The same encoding as src/links/editLink.ts, so a case can write a link with an edit in it: a text, or
 * bytes (a case that sends what no text editor writes).
 */
export function encodeEdit(edit) {
  const bytes = typeof edit === 'string' ? strToU8(edit) : edit;
  return Buffer.from(deflateSync(bytes, { level: 9 })).toString('base64url');
}

/** What the status panel and the result table show, as text. */
export async function readState(page) {
  return page.evaluate(() => {
    const text = (id) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? '';
    const time = document.querySelector('[data-testid="virtual-time"]');
    return {
      t: Number(time?.getAttribute('data-t')),
      shownT: text('virtual-time'),
      phase: text('operation-phase'),
      sync: text('sync-status'),
      health: text('health-status'),
      message: text('operation-message'),
      table: document.querySelector('[data-testid="result-table"]')?.innerText ?? '',
    };
  });
}

export async function readT(page) {
  return (await readState(page)).t;
}

export async function readEndT(page) {
  return page.evaluate(() => Number(document.querySelector('[data-testid="scrubber"]').max));
}

/** Drag the scrubber to `t`, as a user would (an input event on the range). */
export async function scrubTo(page, t) {
  await page.evaluate((value) => {
    const range = document.querySelector('[data-testid="scrubber"]');
    range.value = String(value);
    range.dispatchEvent(new Event('input', { bubbles: true }));
  }, t);
  await page.waitForFunction((value) => {
    const shown = Number(document.querySelector('[data-testid="virtual-time"]').getAttribute('data-t'));
    return Math.abs(shown - value) < 1e-6;
  }, t);
}

/**
 * Assert that two readings show the same moment: the same words and table, at the same t. A range input keeps
 * about 15 significant digits, so t is compared to a microsecond, far below any two events' distance.
 */
export function assertSameState(actual, expected, context) {
  assert.ok(Math.abs(actual.t - expected.t) < 1e-6, `${context}: t ${actual.t} ≠ ${expected.t}`);
  for (const key of ['shownT', 'phase', 'sync', 'health', 'message', 'table']) {
    assert.equal(actual[key], expected[key], `${context}: ${key} differs`);
  }
}

/** Waits until the status cards say `expected`; the wait, like every wait of a case, only catches a hang (scaled). */
export async function waitForStatus(page, expected, timeout = scaled(20_000)) {
  await page
    .waitForFunction(
      (want) =>
        Object.entries(want).every(
          ([id, value]) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() === value,
        ),
      expected,
      { timeout },
    )
    .catch(async () => {
      const state = await readState(page);
      assert.fail(
        `expected ${JSON.stringify(expected)}, page shows ${JSON.stringify({ ...state, table: undefined })}`,
      );
    });
}

export async function selectSpeed(page, value) {
  await page.selectOption('[data-testid="speed"]', value);
}

/** Requests that left the page's own origin (data: and blob: URLs stay inside the page). */
export function foreignRequests(record, base) {
  const origin = base.startsWith('file:') ? 'file://' : new URL(base).origin + '/';
  return record.requests.filter((url) => !url.startsWith(origin) && !/^(data|blob):/.test(url));
}

/** Type a line into the terminal and return what it printed (the transcript is cleared first). */
export async function typeInTerminal(page, line) {
  const input = page.locator('[data-testid="terminal"]');
  await input.fill('clear');
  await input.press('Enter');
  await input.fill(line);
  await input.press('Enter');
  await page.waitForFunction(
    (typed) => document.querySelector('[data-testid="terminal-output"]')?.textContent?.includes(typed),
    line,
  );
  const text = await page.locator('[data-testid="terminal-output"]').textContent();
  // The first line is the prompt with the command; the rest is what it printed.
  return text.split('\n').slice(1).join('\n');
}

/**
 * The serious and critical axe violations of the page (or of the part `selector` names), in the light theme and
 * then the dark one, on one page: the theme is CSS custom properties under `prefers-color-scheme`, which follow the
 * emulated scheme at once, so one load serves both (a dark theme that did not take is a failure, not a pass). The
 * page must be opened with `bypassCSP`: axe is injected as an inline script, which the page's own policy refuses.
 */
export async function axeLightAndDark(page, root, selector) {
  await page.addScriptTag({ path: join(root, 'node_modules/axe-core/axe.min.js') });
  const found = [];
  const backgrounds = [];
  for (const colorScheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme });
    backgrounds.push(
      await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bg')),
    );
    const violations = await page.evaluate(async (within) => {
      const result = await globalThis.axe.run(within ?? document, { resultTypes: ['violations'] });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
      }));
    }, selector);
    for (const v of violations)
      if (v.impact === 'serious' || v.impact === 'critical') found.push({ colorScheme, ...v });
  }
  assert.notEqual(backgrounds[0], backgrounds[1], 'the dark theme did not take: both runs were light');
  return found;
}

/**
 * Wait until what `selector` holds has stopped changing size for three animation frames in a row: its box, its
 * scroll size and the size of each drawing in it. The timeline fits its rows after its box is measured (a
 * ResizeObserver, then one more drawing), so a reading taken at once can see the layout before the fit; this waits
 * for the fit itself rather than for a fixed time that a busy machine may not honour.
 */
export async function waitForSettledLayout(page, selector = 'main > section.time') {
  await page.evaluate(() => {
    delete window.__settled;
  });
  await page.waitForFunction(
    (sel) => {
      const box = document.querySelector(sel);
      if (!box) return false;
      // Presenter mode's own parts (PresenterParts.svelte) load when it is first shown and take their place then.
      if (
        document.querySelector('.page.presenting') &&
        !document.querySelector('[data-testid="presenter-key"]')
      )
        return false;
      const r = box.getBoundingClientRect();
      const sizes = [...box.querySelectorAll('svg')].map((svg) => {
        const b = svg.getBoundingClientRect();
        return `${b.width}x${b.height}`;
      });
      const now = [r.width, r.height, box.scrollWidth, box.scrollHeight, ...sizes].join(',');
      const last = window.__settled;
      window.__settled = { now, frames: last?.now === now ? last.frames + 1 : 0 };
      return window.__settled.frames >= 3;
    },
    selector,
    { polling: 'raf' },
  );
}

/**
 * A phone-class page: a fresh 390×844 context with reduced motion and the CPU slowed 4× (Chromium's CDP
 * throttling, as `npm run bench:page`'s (e′)), its page and the page errors it logs. The caller closes `context`.
 */
export async function throttledPhone(browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page, errors };
}

/**
 * A blog post on another origin holding the page in a `width` px <iframe> (`base + query`, 900 px high): runs
 * `fn(frame)` on the frame, then closes the context and the host whatever happened.
 */
export async function withHostedFrame(browser, base, query, width, fn) {
  const [{ mkdtempSync, rmSync, writeFileSync }, { tmpdir }, { serve }] = await Promise.all([
    import('node:fs'),
    import('node:os'),
    import('./serve.mjs'),
  ]);
  const dir = mkdtempSync(join(tmpdir(), 'embed-host-'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>A post</title></head>
<body style="margin:0"><iframe id="sandbox" src="${base}${query}" title="Argo CD sync"
style="width:${width}px;height:900px;border:0"></iframe></body></html>`,
  );
  const host = await serve(dir);
  const context = await browser.newContext({
    viewport: { width: 1024, height: 900 },
    reducedMotion: 'reduce',
  });
  try {
    const page = await context.newPage();
    await page.goto(host.url);
    await fn(await (await page.waitForSelector('#sandbox')).contentFrame());
  } finally {
    await context.close();
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
