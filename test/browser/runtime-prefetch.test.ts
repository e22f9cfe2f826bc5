/**
 * Reader runtime, items 2 (prefetch) and 3 (progress bar) of the issue, in Chromium against test/fixtures/runtime-site
 * as built and as `wiki dev` serves it. Prefetch tests use no request interception: it would turn the HTTP cache off.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  afterIdleWork,
  waitForFetched,
  delayRoute,
  describeOnTargets,
  openPage,
  serveFixtureForSuites,
  waitForRuntime,
  type ServedSite,
} from './runtime-harness.js';

let site: ServedSite;
let browser: Browser;

const waitForTitle = (page: Page, title: string) => page.waitForFunction((t) => document.title.startsWith(t), title);
/** How many `<link rel=prefetch>` the runtime has added (where supported, its one way to prefetch). */
const prefetchLinks = (page: Page) => page.locator('link[rel="prefetch"]').count();
/** How many times the server was asked for a file (cache hits never reach it). */
const serverHits = (file: string) => site.served.filter((p) => p === file).length;

describeOnTargets((target) => {
  serveFixtureForSuites('runtime-site', target, (served, launched) => {
    site = served;
    browser = launched;
  });

  describe('First paint', () => {
    it('waits for no script: the entry and every chunk it imports load at low priority, and the page hydrates', async () => {
      const { page, errors } = await openPage(browser);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      const priorities = new Map<string, string>();
      cdp.on('Network.requestWillBeSent', ({ request, type }) => {
        if (type === 'Script') priorities.set(new URL(request.url).pathname, request.initialPriority);
      });
      await page.goto(`${site.url}alpha/two`);
      await waitForRuntime(page);
      const preloaded = await page
        .locator('link[rel="modulepreload"]')
        .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
      assert.ok(preloaded.length > 0, 'the entry script imports chunks, preloaded');
      for (const file of preloaded) assert.ok(priorities.has(file), `${file} was fetched`);
      // Chromium fetches a module script's static imports at high priority, and Lighthouse counts high-priority
      // scripts that start before first paint as render-blocking.
      assert.deepEqual(
        [...priorities].filter(([, priority]) => priority !== 'Low' && priority !== 'VeryLow'),
        [],
        'scripts at more than low priority',
      );
      assert.deepEqual(errors, []);
    });
  });

  describe('2. Prefetch', () => {
    it('prefetches nothing before intent or view, then on hover, and the click reuses it', async () => {
      const { page, errors, dataRequests, context } = await openPage(browser);
      await page.goto(`${site.url}alpha/two`);
      await waitForRuntime(page);
      // The runtime watches the links at idle time and prefetches those in view at idle time: once that work is done,
      // whatever it was going to prefetch has been asked for.
      await afterIdleWork(page);
      // The prefetch links themselves (their requests may still be on their way to the test).
      assert.equal(
        await prefetchLinks(page),
        0,
        'nothing prefetched on a long page whose links to other notes are out of view',
      );
      assert.deepEqual([...dataRequests], []);
      const inView = await page
        .locator('a.pagination-nav__link')
        .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
      const inViewData = inView.map((p) => `/__data${p === '/' ? '/index' : p.replace(/\/$/, '/index')}.json`).sort();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      for (const data of inViewData) await waitForFetched(page, data);
      await afterIdleWork(page);
      assert.deepEqual([...dataRequests].sort(), inViewData, 'the previous/next links in view');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.hover('.doc-sidebar a.menu__link[href="/beta/"]');
      await waitForFetched(page, '/__data/beta/index.json');
      assert.ok(dataRequests.includes('/__data/beta/index.json'), 'hover prefetches the page data');
      const hits = serverHits('/__data/beta/index.json');
      await page.click('.doc-sidebar a.menu__link[href="/beta/"]');
      await waitForTitle(page, 'Beta |');
      assert.equal(
        serverHits('/__data/beta/index.json'),
        hits,
        'the navigation used the prefetched data: no second request reached the server',
      );
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('never prefetches with save-data or on 2g, and navigation still works', async () => {
      for (const connection of [
        { saveData: true, effectiveType: '4g' },
        { saveData: false, effectiveType: '2g' },
      ]) {
        const { page, errors, dataRequests, context } = await openPage(browser, {
          init: `Object.defineProperty(navigator, 'connection', { value: ${JSON.stringify(connection)} });`,
        });
        await page.goto(`${site.url}alpha/one`);
        await waitForRuntime(page);
        await page.hover('.doc-sidebar a.menu__link[href="/alpha/two"]');
        await page.focus('.doc-markdown a[href="/alpha/two"]');
        // Intent prefetches at once, links in view at idle time.
        await afterIdleWork(page);
        assert.equal(
          await prefetchLinks(page),
          0,
          `no prefetch with ${JSON.stringify(connection)} (links in view and hovered)`,
        );
        assert.deepEqual([...dataRequests], []);
        await page.click('.doc-sidebar a.menu__link[href="/alpha/two"]');
        await waitForTitle(page, 'Alpha two');
        assert.deepEqual(dataRequests, ['/__data/alpha/two.json'], 'the click still loads the page in place');
        assert.deepEqual(errors, []);
        await context.close();
      }
    });

    it('falls back to a GET with credentials where link prefetch is unsupported', async () => {
      const { page, errors, context } = await openPage(browser, {
        init: `const supports = DOMTokenList.prototype.supports;
        DOMTokenList.prototype.supports = function (token) { return token === 'prefetch' ? false : supports.call(this, token); };`,
      });
      await context.addCookies([{ name: 'reader', value: 'yes', url: site.url }]);
      await page.goto(`${site.url}alpha/two`);
      await waitForRuntime(page);
      const [request] = await Promise.all([
        page.waitForRequest((r) => r.url().endsWith('/__data/beta/index.json')),
        page.hover('.doc-sidebar a.menu__link[href="/beta/"]'),
      ]);
      assert.equal(request.resourceType(), 'fetch');
      assert.equal(await request.headerValue('cookie'), 'reader=yes', 'sent with credentials');
      const response = await request.response();
      assert.equal(response?.status(), 200);
      await response?.finished();
      assert.equal(await page.locator('link[rel="prefetch"]').count(), 0);
      const hits = serverHits('/__data/beta/index.json');
      await page.click('.doc-sidebar a.menu__link[href="/beta/"]');
      await waitForTitle(page, 'Beta |');
      assert.equal(serverHits('/__data/beta/index.json'), hits, 'the navigation used the prefetched data');
      assert.deepEqual(errors, []);
      await context.close();
    });
  });

  /** Records, in the page, when the progress bar appears and goes relative to the next click. */
  function watchProgressBar(page: Page): Promise<void> {
    return page.evaluate(() => {
      const log: Record<string, number> = {};
      (window as unknown as { __progress: Record<string, number> }).__progress = log;
      document.addEventListener('click', () => (log.click ??= performance.now()), { capture: true });
      new MutationObserver(() => {
        const bar = document.getElementById('nprogress');
        if (bar && log.shown === undefined) log.shown = performance.now();
        if (!bar && log.shown !== undefined && log.gone === undefined) log.gone = performance.now();
      }).observe(document.body, { childList: true });
    });
  }

  const progressLog = (page: Page) =>
    page.evaluate(() => (window as unknown as { __progress: Record<string, number> }).__progress);
  const barProgress = (page: Page) =>
    page.evaluate(
      () =>
        new DOMMatrix(getComputedStyle(document.querySelector('#nprogress .bar')!).transform).m41 / window.innerWidth +
        1,
    );

  describe('3. Progress bar', () => {
    it('appears only when a route change takes over 200 ms, starts at 0.08, trickles, has no spinner', async () => {
      const { page, errors, context } = await openPage(browser);
      await page.goto(`${site.url}alpha/one`);
      await waitForRuntime(page);
      await page.hover('.doc-markdown a[href="/alpha/two"]'); // the navigation code is loaded; only the data is slow
      await delayRoute(page, '**/__data/alpha/two.json', 2000);
      await watchProgressBar(page);
      await page.click('.doc-markdown a[href="/alpha/two"]');
      await page.locator('#nprogress').waitFor({ state: 'attached' });
      const first = await barProgress(page);
      assert.ok(first >= 0.079 && first < 0.25, `starts at the minimum (${first})`);
      assert.equal(await page.locator('#nprogress .spinner, #nprogress [class*="spinner"]').count(), 0, 'no spinner');
      // It trickles forward before the data comes (2 s after the click).
      await page.waitForFunction(
        (start) =>
          new DOMMatrix(getComputedStyle(document.querySelector('#nprogress .bar')!).transform).m41 /
            window.innerWidth +
            1 >
          start,
        first,
        { timeout: 1500 },
      );
      await waitForTitle(page, 'Alpha two');
      await page.locator('#nprogress').waitFor({ state: 'detached' });
      const log = await progressLog(page);
      assert.ok(log.shown! - log.click! >= 195, `not before 200 ms (${log.shown! - log.click!} ms)`);
      assert.ok(log.shown! - log.click! < 1000, `soon after (${log.shown! - log.click!} ms)`);
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('never shows for a route change that is done within 200 ms', async () => {
      const { page, errors, context } = await openPage(browser);
      await page.goto(`${site.url}alpha/one`);
      await waitForRuntime(page);
      await page.hover('.doc-markdown a[href="/alpha/two"]');
      await waitForFetched(page, '/__data/alpha/two.json');
      await watchProgressBar(page);
      await page.click('.doc-markdown a[href="/alpha/two"]');
      await waitForTitle(page, 'Alpha two');
      // Then a slow route change: its bar, 200 ms after its click, is the first the page shows. A bar left over from
      // the quick change would have come 200 ms after the first click, before it.
      await delayRoute(page, '**/__data/beta/index.json', 2000);
      const secondClick = await page.evaluate(() => performance.now());
      await page.click('.doc-sidebar a.menu__link[href="/beta/"]');
      await page.locator('#nprogress').waitFor({ state: 'attached' });
      const log = await progressLog(page);
      assert.ok(
        log.shown! > secondClick,
        `the only bar is the slow change's (${log.shown! - log.click!} ms after the quick change's click)`,
      );
      await waitForTitle(page, 'Beta |');
      assert.deepEqual(errors, []);
      await context.close();
    });
  });
});
