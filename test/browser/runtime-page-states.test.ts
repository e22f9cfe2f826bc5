/**
 * Issue #25, the page navigation's states (SPEC §4, §8, §9), in Chromium against test/fixtures/runtime-site as built
 * and as `wiki dev` serves it: a navigation that takes over 200 ms shows the centred loader over the page being left,
 * which stays usable; one whose data fails or never comes shows the failed state, whose Retry shows the page in place.
 * (Data that does not exist, a 404, still loads the page normally: runtime-navigation.test.ts.)
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { NAVIGATION_TIMEOUT_MS } from '../../src/client/navigation.js';
import {
  describeOnTargets,
  holdRoute,
  markWindow,
  openPage,
  serveFixtureForSuites,
  waitForRuntime,
  windowMarker,
  type ServedSite,
} from './runtime-harness.js';

let site: ServedSite;
let browser: Browser;

const DATA = '**/__data/alpha/two.json';
const h1 = async (page: Page) =>
  (await page.locator('.doc-markdown h1').first().innerText()).replace(/\u200b/g, '').trim();
const waitForTitle = (page: Page, title: string) => page.waitForFunction((t) => document.title.startsWith(t), title);
const failedBox = (page: Page) => page.locator('.page-loader .loader-error');

/** Opens /alpha/one, hydrated, with the window marked (a full page load would lose the mark). */
async function openAlphaOne(page: Page): Promise<void> {
  await page.goto(`${site.url}alpha/one`);
  await waitForRuntime(page);
  await markWindow(page);
}

describeOnTargets((target) => {
  serveFixtureForSuites('runtime-site', target, (served, launched) => {
    site = served;
    browser = launched;
  });

  describe('Page navigation states', () => {
    it('shows a centred loader after 200 ms while the page being left stays usable', async () => {
      const { page, errors, context } = await openPage(browser);
      await openAlphaOne(page);
      const data = await holdRoute(page, DATA);
      // When the loader appears, counted from the click.
      const shownAfter = page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let clicked = 0;
            document.addEventListener('click', () => (clicked = performance.now()), { capture: true, once: true });
            new MutationObserver(() => {
              if (document.querySelector('.page-loader .loader')) resolve(performance.now() - clicked);
            }).observe(document.body, { childList: true, subtree: true });
          }),
      );
      await page.click('.doc-markdown a[href="/alpha/two"]');
      const delay = await shownAfter;
      assert.ok(delay >= 195 && delay < 1000, `the loader shows after 200 ms (${delay} ms)`);
      const box = await page.locator('.page-loader .loader').boundingBox();
      const viewport = page.viewportSize()!;
      assert.ok(box, 'the loader is laid out');
      assert.ok(Math.abs(box.x + box.width / 2 - viewport.width / 2) < 2, 'centred across');
      assert.ok(Math.abs(box.y + box.height / 2 - viewport.height / 2) < 2, 'centred down');
      assert.equal(await page.locator('#nprogress').count(), 1, 'the progress bar shows too');
      // The page being left takes clicks, even where the loader is: a category of its sidebar opens.
      const under = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('.page-loader') === null,
        [viewport.width / 2, viewport.height / 2],
      );
      assert.ok(under, 'the loader lets the pointer through');
      await page.click(`.doc-sidebar button[aria-label="Expand sidebar category 'Beta'"]`);
      await page.locator('.doc-sidebar a[href="/beta/first"]').waitFor();
      assert.equal(await h1(page), 'Alpha one', 'still the old page');
      data.release();
      await waitForTitle(page, 'Alpha two');
      assert.equal(await page.locator('.page-loader').count(), 0, 'the loader goes with the new page');
      assert.equal(await windowMarker(page), 42, 'in place');
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('shows the failed state with Retry when the data cannot be fetched; Retry shows the page in place', async () => {
      const { page, warnings, context } = await openPage(browser);
      await openAlphaOne(page);
      await page.route(DATA, (route) => route.abort());
      await page.click('.doc-markdown a[href="/alpha/two"]');
      await failedBox(page).waitFor();
      assert.match(await failedBox(page).innerText(), /Could not load \/alpha\/two/);
      assert.equal(new URL(page.url()).pathname, '/alpha/one', 'the address stays');
      assert.equal(await h1(page), 'Alpha one', 'the page stays');
      assert.equal(await windowMarker(page), 42, 'no page load');
      assert.ok(
        warnings.some((w) => w.includes('Could not show /alpha/two')),
        `warnings: ${warnings.join(' | ')}`,
      );
      await page.unroute(DATA);
      await failedBox(page).getByRole('button', { name: 'Retry' }).click();
      await waitForTitle(page, 'Alpha two');
      assert.equal(new URL(page.url()).pathname, '/alpha/two');
      assert.equal(await page.locator('.page-loader').count(), 0);
      assert.equal(await windowMarker(page), 42, 'Retry showed it in place');
      await context.close();
    });

    it('fails a navigation whose data never comes, and Retry asks for it again', async () => {
      const { page, dataRequests, context } = await openPage(browser);
      await openAlphaOne(page);
      const data = await holdRoute(page, DATA);
      const started = Date.now();
      await page.click('.doc-markdown a[href="/alpha/two"]');
      await failedBox(page).waitFor({ timeout: NAVIGATION_TIMEOUT_MS + 5000 });
      assert.ok(Date.now() - started >= NAVIGATION_TIMEOUT_MS - 100, 'failed once the time was up');
      assert.match(await failedBox(page).innerText(), /Could not load \/alpha\/two/);
      assert.equal(await h1(page), 'Alpha one');
      const asked = dataRequests.filter((r) => r.endsWith('/alpha/two.json')).length;
      data.release();
      await failedBox(page).getByRole('button', { name: 'Retry' }).click();
      await waitForTitle(page, 'Alpha two');
      assert.equal(
        dataRequests.filter((r) => r.endsWith('/alpha/two.json')).length,
        asked + 1,
        'Retry did not wait on the stalled request',
      );
      assert.equal(await windowMarker(page), 42);
      await context.close();
    });
  });
});
