// Browser cases for several Applications (contract.md §2 app-lanes): the app-of-apps and
// progressive-sync scenarios, read through the lanes' data-app children and the "why is it waiting?" panel.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { axeLightAndDark, pageOpener, waitForSettledLayout } from './pageHelpers.mjs';

/** The time where a lane's first bar starts, read from the drawing's `<title>` ("… from 20.7s to …"). */
async function laneStart(page, app) {
  const title = await page.textContent(
    `[data-testid="app-lanes"] > [data-app="${app}"] rect[data-bar="sync"] title`,
  );
  return Number(/from ([\d.]+)s/.exec(title)?.[1] ?? NaN);
}

export function platformCases({ browser, base, results, shots, root }) {
  const cases = [];
  // Screenshots for people to look at (`npm run screenshots`), not assertions: the test run leaves them out.
  const dir = join(results, 'e2e');
  if (shots) mkdirSync(dir, { recursive: true });
  const test = (name, fn) => cases.push({ name, fn });
  const withPage = pageOpener(browser, base);
  const apps = async (page) =>
    page.$$eval('[data-testid="app-lanes"] > [data-app]', (lanes) =>
      lanes.map((l) => l.getAttribute('data-app')),
    );

  test('platform: app-of-apps has one lane per Application; wave 0 starts after wave -1 is Healthy', () =>
    withPage('?scenario=app-of-apps', async (page) => {
      await page.keyboard.press('End');
      assert.deepEqual(await apps(page), ['platform', 'namespaces', 'projects', 'checkout', 'payments']);
      assert.ok(
        (await laneStart(page, 'checkout')) > 5,
        `checkout is created only after projects is Healthy (${await laneStart(page, 'checkout')} s)`,
      );
      if (shots) await page.screenshot({ path: join(dir, 'platform-app-of-apps.png'), fullPage: true });
    }));

  test('platform: app-of-apps-without-health starts wave 0 right after apply and says why', () =>
    withPage('?scenario=app-of-apps-without-health&t=8', async (page) => {
      assert.ok((await laneStart(page, 'checkout')) <= 5, 'checkout is created right after wave -1');
      assert.match(
        await page.textContent('[data-testid="waves-note"]'),
        /do not wait for its child Applications/,
      );
    }));

  test('platform: a lane opens its Application, app=NAME in the URL, and back', () =>
    withPage('?scenario=app-of-apps', async (page) => {
      await page.click('[data-testid="app-lanes"] > [data-app="checkout"]');
      await page.waitForSelector('[data-testid="timeline"]');
      assert.equal(await page.textContent('[data-testid="open-app"]'), 'checkout');
      await page.waitForFunction(() => location.search.includes('app=checkout'));
      await page.click('[data-testid="all-apps"]');
      await page.waitForSelector('[data-testid="app-lanes"]');
      assert.ok(!(await page.evaluate(() => location.search)).includes('app='));
    }));

  test('platform: progressive-sync shows its three steps in order', () =>
    withPage('?scenario=progressive-sync', async (page) => {
      await page.keyboard.press('End');
      const steps = await page.$$eval('g.al-span[data-kind="step"]', (g) =>
        g.map((s) => s.getAttribute('data-span')),
      );
      assert.deepEqual(steps, ['platform-stack step 1', 'platform-stack step 2', 'platform-stack step 3']);
      for (const [w, h] of shots
        ? [
            [1024, 768],
            [1280, 720],
            [1920, 1080],
            [390, 844],
          ]
        : [])
        for (const colorScheme of ['light', 'dark']) {
          await page.setViewportSize({ width: w, height: h });
          await page.emulateMedia({ colorScheme });
          await page.screenshot({ path: join(dir, `platform-progressive-${w}x${h}-${colorScheme}.png`) });
        }
    }));

  // Issue 29: the app lanes group the Applications by the cluster each is sent to, a header row per cluster
  // (its name and server, as `argocd cluster list` names them) over the lanes of its Applications.
  const clusterRows = (page) =>
    page.$$eval('[data-testid="app-lane-clusters"] g.al-cluster', (groups) =>
      groups.map((g) => {
        const text = g.querySelector('text.al-cluster-name');
        const box = text.getBoundingClientRect();
        const words = [...text.querySelectorAll('tspan')].map((t) => t.textContent.trim()).join(' ');
        return { name: g.getAttribute('data-cluster'), text: words, top: box.top, bottom: box.bottom };
      }),
    );
  const laneRows = (page) =>
    page.$$eval('[data-testid="app-lanes"] > [data-app]', (lanes) =>
      lanes.map((l) => {
        const box = l.querySelector('rect.al-hit').getBoundingClientRect();
        return {
          app: l.getAttribute('data-app'),
          name: l.querySelector('text.al-name').textContent,
          label: l.querySelector('g.al-button').getAttribute('aria-label'),
          top: box.top,
          bottom: box.bottom,
        };
      }),
    );

  // One page at 1280×720 (the size every platform case has but the phone's): its lanes under their cluster headers,
  // then its Applications grouped by cluster, then the same page narrowed to a phone's width.
  test('platform: environments-promotion lanes sit under cluster headers dev, staging, prod at 1280x720; it groups its Applications by cluster, and prod never starts', () =>
    withPage(
      '?scenario=environments-promotion',
      async (page) => {
        await page.keyboard.press('End');
        await page.waitForSelector('[data-testid="app-lane-clusters"] g.al-cluster');
        const clusters = await clusterRows(page);
        assert.deepEqual(
          clusters.map((c) => c.text),
          [
            'cluster dev https://dev.k8s.example.com',
            'cluster staging https://staging.k8s.example.com',
            'cluster prod https://prod.k8s.example.com',
          ],
        );
        const lanes = await laneRows(page);
        assert.deepEqual(
          lanes.map((l) => l.app),
          ['shop-dev', 'shop-staging', 'shop-prod'],
        );
        // Each header is below the lane before it and above its own Application's lane, which is right under it.
        clusters.forEach((c, i) => {
          const own = lanes[i];
          assert.ok(
            c.bottom <= own.top + 1,
            `${c.name}'s header is above ${own.app} (${c.bottom} > ${own.top})`,
          );
          assert.ok(own.top - c.bottom < 20, `${own.app} is right under ${c.name}'s header`);
          if (i > 0)
            assert.ok(c.top >= lanes[i - 1].bottom - 1, `${c.name}'s header is under ${lanes[i - 1].app}`);
        });
        // The accessible name of each lane's button contains its visible name, and says its cluster.
        for (const [i, l] of lanes.entries()) {
          assert.ok(l.label.includes(l.name), `"${l.label}" contains "${l.name}"`);
          assert.ok(l.label.includes(`on cluster ${clusters[i].name}`), l.label);
        }
        // axe over the lanes, the headers among them: no serious or critical finding (a button's name that does not
        // contain its visible text, a header too faint to read), light and dark.
        const found = (await axeLightAndDark(page, root, '.app-lanes')).map(
          (v) => `${v.colorScheme}: ${v.id} at ${v.targets.join(' | ')}`,
        );
        assert.deepEqual(found, [], 'axe over the lanes');
        if (shots) await page.screenshot({ path: join(dir, 'platform-clusters-1280x720.png') });

        assert.deepEqual(await apps(page), ['shop-dev', 'shop-staging', 'shop-prod'], 'the Applications');
        await page.waitForSelector('[data-testid="app-tree"] [data-cluster]');
        const groups = await page.$$eval('[data-testid="app-tree"] > li', (items) =>
          items.map((li) => [
            li.querySelector('[data-cluster]')?.getAttribute('data-cluster'),
            [...li.querySelectorAll(':scope > ul > li > .node button.app')].map((b) => b.textContent.trim()),
          ]),
        );
        assert.deepEqual(
          groups,
          [
            ['dev', ['Application shop-dev']],
            ['prod', ['Application shop-prod']],
            ['staging', ['Application shop-staging']],
          ],
          "the tree's groups by cluster",
        );
        await page.setViewportSize({ width: 390, height: 844 });
        await waitForSettledLayout(page);
        const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(scroll <= 1, `no page scroll sideways at 390 px (${scroll} px)`);
      },
      // axe is injected as an inline script, which the page's own policy refuses.
      { bypassCSP: true },
    ));

  test('platform: environments-promotion cluster headers overlap nothing at 390x844', () =>
    withPage(
      '?scenario=environments-promotion',
      async (page) => {
        await page.keyboard.press('End');
        await page.waitForSelector('[data-testid="app-lane-clusters"] g.al-cluster');
        await waitForSettledLayout(page);
        const boxes = await page.evaluate(() => {
          const svg = document.querySelector('.app-lanes svg');
          // The lanes pan under their pinned names on a phone: what is placed in time (the bars, the spans'
          // names) is cut at the clip's left edge, which a bounding box does not know, so cut the boxes there.
          const frame = svg.getBoundingClientRect();
          const scale = frame.width / svg.viewBox.baseVal.width;
          const veil = svg.querySelector('[data-testid="reveal-veil"]');
          const cut = frame.left + Number(veil.getAttribute('x')) * scale;
          const of = (selector, kind, clipped) =>
            [...svg.querySelectorAll(selector)]
              .map((el) => {
                const b = el.getBoundingClientRect().toJSON();
                if (clipped) b.left = Math.max(b.left, cut);
                return { kind, what: el.textContent || el.getAttribute('data-bar'), ...b };
              })
              .filter((b) => b.right > b.left && b.bottom > b.top);
          return {
            texts: [
              ...of('text.al-cluster-name', 'cluster', false),
              ...of('text.al-name', 'lane name', false),
              ...of('text.al-span-label', 'span label', true),
            ],
            bars: of('rect[data-bar]', 'bar', true),
          };
        });
        const overlap = (a, b) =>
          a.left < b.right - 0.5 &&
          b.left < a.right - 0.5 &&
          a.top < b.bottom - 0.5 &&
          b.top < a.bottom - 0.5;
        assert.equal(boxes.texts.filter((t) => t.kind === 'cluster').length, 3);
        for (const [i, a] of boxes.texts.entries()) {
          for (const b of boxes.texts.slice(i + 1))
            assert.ok(!overlap(a, b), `${a.kind} "${a.what}" overlaps ${b.kind} "${b.what}"`);
          for (const bar of boxes.bars)
            assert.ok(!overlap(a, bar), `${a.kind} "${a.what}" overlaps a ${bar.what} bar`);
        }
        // Each header's name and server are in view, not cut at the screen's edge.
        for (const t of boxes.texts.filter((t) => t.kind === 'cluster'))
          assert.ok(t.left >= 0 && t.right <= 390, `"${t.what}" is in view (${t.left}..${t.right})`);
        const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(scroll <= 1, `no page scroll sideways at 390 px (${scroll} px)`);
        if (shots)
          await page.screenshot({ path: join(dir, 'platform-clusters-390x844.png'), fullPage: true });
      },
      { viewport: { width: 390, height: 844 } },
    ));

  return cases;
}
