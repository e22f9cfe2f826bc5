/**
 * Reader runtime, items 2 (prefetch) and 3 (progress bar) of the issue, in Chromium against the production build
 * of test/fixtures/runtime-site. Prefetch tests use no request interception: it would turn the HTTP cache off.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { serveFixtureForFile, delayRoute, openPage, waitForRuntime, type ServedSite } from './runtime-harness.js';

let site: ServedSite;
let browser: Browser;

serveFixtureForFile('runtime-site', (served, launched) => {
  site = served;
  browser = launched;
});

const waitForTitle = (page: Page, title: string) => page.waitForFunction((t) => document.title.startsWith(t), title);
/** How many times the server was asked for a file (cache hits never reach it). */
const serverHits = (file: string) => site.served.filter((p) => p === file).length;

/** Lets idle-time work (in-view prefetch) run. */
const settle = (page: Page) => page.waitForTimeout(1200);

describe('2. Prefetch', () => {
  it('prefetches nothing before intent or view, then on hover, and the click reuses it', async () => {
    const { page, errors, dataRequests, context } = await openPage(browser);
    await page.goto(`${site.url}alpha/two`);
    await waitForRuntime(page);
    await settle(page);
    assert.deepEqual([...dataRequests], [], 'nothing prefetched on a long page whose links to other notes are out of view');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await settle(page);
    const inView = await page.locator('a.pagination-nav__link').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    assert.deepEqual([...dataRequests].sort(), inView.map((p) => `/__data${p === '/' ? '/index' : p.replace(/\/$/, '/index')}.json`).sort(), 'the previous/next links in view');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.hover('.doc-sidebar a.menu__link[href="/alpha/one"]');
    await page.waitForFunction(() => document.querySelector('link[rel="prefetch"][href$="/__data/alpha/one.json"]'));
    await settle(page);
    assert.ok(dataRequests.includes('/__data/alpha/one.json'), 'hover prefetches the page data');
    const hits = serverHits('/__data/alpha/one.json');
    await page.click('.doc-sidebar a.menu__link[href="/alpha/one"]');
    await waitForTitle(page, 'Alpha one');
    assert.equal(serverHits('/__data/alpha/one.json'), hits, 'the navigation used the prefetched data: no second request reached the server');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('never prefetches with save-data or on 2g, and navigation still works', async () => {
    for (const connection of [{ saveData: true, effectiveType: '4g' }, { saveData: false, effectiveType: '2g' }]) {
      const { page, errors, dataRequests, context } = await openPage(browser, {
        init: `Object.defineProperty(navigator, 'connection', { value: ${JSON.stringify(connection)} });`,
      });
      await page.goto(`${site.url}alpha/one`);
      await waitForRuntime(page);
      await page.hover('.doc-sidebar a.menu__link[href="/alpha/two"]');
      await page.focus('.doc-markdown a[href="/alpha/two"]');
      await settle(page);
      assert.deepEqual([...dataRequests], [], `no prefetch with ${JSON.stringify(connection)} (links in view and hovered)`);
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
    assert.equal((await request.response())?.status(), 200);
    assert.equal(await page.locator('link[rel="prefetch"]').count(), 0);
    await settle(page);
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
    document.addEventListener('click', () => (log.click = performance.now()), { capture: true, once: true });
    new MutationObserver(() => {
      const bar = document.getElementById('nprogress');
      if (bar && log.shown === undefined) log.shown = performance.now();
      if (!bar && log.shown !== undefined && log.gone === undefined) log.gone = performance.now();
    }).observe(document.body, { childList: true });
  });
}

const progressLog = (page: Page) => page.evaluate(() => (window as unknown as { __progress: Record<string, number> }).__progress);
const barProgress = (page: Page) => page.evaluate(() => new DOMMatrix(getComputedStyle(document.querySelector('#nprogress .bar')!).transform).m41 / window.innerWidth + 1);

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
    await page.waitForTimeout(1000);
    assert.ok((await barProgress(page)) > first, 'it trickles forward');
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
    await settle(page);
    await watchProgressBar(page);
    await page.click('.doc-markdown a[href="/alpha/two"]');
    await waitForTitle(page, 'Alpha two');
    await page.waitForTimeout(400);
    assert.equal((await progressLog(page)).shown, undefined);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
