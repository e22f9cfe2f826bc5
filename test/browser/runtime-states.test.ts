/**
 * Reader runtime, item 5 of the issue (loading, failure and crash states), in Chromium against
 * test/fixtures/runtime-site as built and as `wiki dev` serves it. The loader and Retry are those of a sidebar category whose items the page's
 * HTML left out; the crash comes from page data that makes the theme throw (served by the test, no hook in the site).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  describeOnTargets,
  serveFixtureForSuites,
  delayRoute,
  openPage,
  waitForRuntime,
  type ServedSite,
} from './runtime-harness.js';

let site: ServedSite;
let browser: Browser;

const BRANCH = '**/assets/sidebar-*/*.json';
const expandBeta = (page: Page) => page.click(`.doc-sidebar button[aria-label="Expand sidebar category 'Beta'"]`);
const loader = (page: Page) => page.locator('.doc-sidebar .loader');

describeOnTargets((target) => {
  serveFixtureForSuites('runtime-site', target, (served, launched) => {
    site = served;
    browser = launched;
  });

  describe('5. Loading, failure and crash states', () => {
    it('shows a centred animated loader only after 200 ms of loading', async () => {
      const { page, errors, context } = await openPage(browser);
      await page.goto(`${site.url}alpha/one`);
      await waitForRuntime(page);
      await delayRoute(page, BRANCH, 1500);
      const shownAfter = page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let clicked = 0;
            document.addEventListener('click', () => (clicked = performance.now()), { capture: true, once: true });
            new MutationObserver(() => {
              if (document.querySelector('.doc-sidebar .loader')) resolve(performance.now() - clicked);
            }).observe(document.body, { childList: true, subtree: true });
          }),
      );
      await expandBeta(page);
      const delay = await shownAfter;
      assert.ok(delay >= 195 && delay < 1000, `the loader shows after 200 ms (${delay} ms)`);
      const style = await loader(page).evaluate((el) => {
        const box = getComputedStyle(el);
        const ring = getComputedStyle(el.firstElementChild!);
        return {
          display: box.display,
          justify: box.justifyContent,
          align: box.alignItems,
          animation: ring.animationName,
        };
      });
      assert.deepEqual(style, { display: 'flex', justify: 'center', align: 'center', animation: 'loader-spin' });
      await page.locator('.doc-sidebar a[href="/beta/first"]').waitFor();
      assert.equal(await loader(page).count(), 0, 'the loader goes once loaded');
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('shows the error and a Retry button that retries', async () => {
      const { page, context } = await openPage(browser);
      await page.goto(`${site.url}alpha/one`);
      await waitForRuntime(page);
      await page.route(BRANCH, (route) => route.abort());
      await expandBeta(page);
      const box = page.locator('.doc-sidebar .loader-error');
      await box.waitFor();
      assert.match(await box.innerText(), /Could not load the items of 'Beta'/);
      await page.unroute(BRANCH);
      await box.getByRole('button', { name: 'Retry' }).click();
      await page.locator('.doc-sidebar a[href="/beta/first"]').waitFor();
      assert.equal(await box.count(), 0);
      await context.close();
    });

    it("shows 'This page crashed.' with the message and 'Page Error' as title; 'Try again' returns to normal", async () => {
      const { page, context } = await openPage(browser);
      await page.goto(`${site.url}alpha/one`);
      await waitForRuntime(page);
      // Page data whose breadcrumbs are not a list: the theme throws while rendering it.
      await page.route('**/__data/alpha/two.json', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), breadcrumbs: 5 } });
      });
      await page.click('.doc-markdown a[href="/alpha/two"]');
      const crash = page.locator('.error-page');
      await crash.waitFor();
      assert.equal(await crash.locator('h1').innerText(), 'This page crashed.');
      assert.match(await crash.locator('.error-page__message').innerText(), /not iterable/);
      assert.equal(await page.title(), 'Page Error');
      assert.ok(await page.locator('.navbar').isVisible(), 'the rest of the site still works');
      await page.unroute('**/__data/alpha/two.json');
      await crash.getByRole('button', { name: 'Try again' }).click();
      await page.locator('.doc-markdown h1').waitFor();
      assert.equal(await crash.count(), 0);
      assert.equal(await page.title(), 'Alpha two | Runtime Fixture');
      assert.match(await page.locator('.breadcrumbs').innerText(), /Alpha/);
      await context.close();
    });
  });
});
