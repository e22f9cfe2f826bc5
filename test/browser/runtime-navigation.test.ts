/**
 * Reader runtime, items 1 (hydration and navigation) and 4 (scroll) of the issue, in Chromium against
 * test/fixtures/runtime-site as built and as `wiki dev` serves it.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
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

/** The note's heading text, without the hash link's zero-width space. */
const h1 = async (page: Page) =>
  (await page.locator('.doc-markdown h1').first().innerText()).replace(/\u200b/g, '').trim();
const waitForTitle = (page: Page, title: string) => page.waitForFunction((t) => document.title.startsWith(t), title);
const headValue = (page: Page, selector: string, attribute: string) =>
  page.locator(`head ${selector}`).getAttribute(attribute);

describeOnTargets((target) => {
  serveFixtureForSuites('runtime-site', target, (served, launched) => {
    site = served;
    browser = launched;
  });

  describe('1. Hydration and navigation', () => {
    it('ships the first page content once, in the HTML', async () => {
      const html = await (await fetch(`${site.url}alpha/one`)).text();
      const boot = JSON.parse(
        /<script id="__wiki-boot" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!,
      ) as { page: { contentHtml: string } };
      assert.equal(boot.page.contentHtml, '', 'the boot data leaves the content out');
      assert.match(html, /<div class="markdown doc-markdown">[\s\S]*A small note/);
    });

    // The build's files: `wiki dev` has no folder of assets to read.
    if (target === 'build') {
      it('carries no route table in the bundle', () => {
        const assets = path.join(site.outDir!, 'assets');
        const js = fs
          .readdirSync(assets)
          .filter((f) => f.endsWith('.js'))
          .map((f) => fs.readFileSync(path.join(assets, f), 'utf8'))
          .join('\n');
        assert.ok(!js.includes('/beta/second'), 'no route of the site is in the JavaScript');
      });
    }

    it('swaps the page in place only once its data has arrived, with head and sidebar updated', async () => {
      const { page, errors, dataRequests, context } = await openPage(browser);
      await page.goto(`${site.url}alpha/one`);
      await waitForRuntime(page);
      assert.ok(!dataRequests.some((r) => r.endsWith('/alpha/one.json')), 'the first page needs no data request');
      await markWindow(page);
      const data = await holdRoute(page, '**/__data/beta/index.json');
      const requested = page.waitForRequest((request) => request.url().endsWith('/__data/beta/index.json'));
      await page.click('.doc-sidebar a.menu__link[href="/beta/"]');
      await requested;
      // The progress bar shows once a route change has taken 200 ms: until the data is let through, nothing else moves.
      await page.locator('#nprogress').waitFor({ state: 'attached' });
      assert.equal(new URL(page.url()).pathname, '/alpha/one', 'the address waits for the data');
      assert.equal(await h1(page), 'Alpha one', 'the view waits for the data');
      data.release();
      await waitForTitle(page, 'Beta |');
      assert.equal(await windowMarker(page), 42, 'no page load happened');
      assert.equal(new URL(page.url()).pathname, '/beta/');
      assert.equal(await h1(page), 'Beta');
      assert.equal(await headValue(page, 'link[rel="canonical"]', 'href'), 'https://runtime.example.com/beta/');
      assert.equal(await headValue(page, 'meta[property="og:url"]', 'content'), 'https://runtime.example.com/beta/');
      assert.equal(await page.locator('head link[rel="canonical"]').count(), 1, 'the previous page head tags are gone');
      await page.locator('.doc-sidebar a.menu__link[href="/beta/first"]').waitFor();
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('keeps the sidebar as the reader left it, and back/forward work', async () => {
      const { page, errors, context } = await openPage(browser);
      await page.goto(`${site.url}alpha/one`);
      await waitForRuntime(page);
      await markWindow(page);
      await page.evaluate(
        () => ((document.querySelector('.doc-sidebar') as HTMLElement & { __kept?: boolean }).__kept = true),
      );
      await page.click(`.doc-sidebar button[aria-label="Expand sidebar category 'Beta'"]`);
      await page.locator('.doc-sidebar a[href="/beta/second"]').waitFor();
      await page.click('.doc-markdown a[href="/alpha/two"]');
      await waitForTitle(page, 'Alpha two');
      assert.ok(
        await page.evaluate(
          () => (document.querySelector('.doc-sidebar') as HTMLElement & { __kept?: boolean }).__kept,
        ),
        'same sidebar element',
      );
      assert.ok(
        await page.locator('.doc-sidebar a[href="/beta/second"]').isVisible(),
        'the opened category stays open',
      );
      assert.equal(await page.locator('.doc-sidebar a.menu__link--active').innerText(), 'Alpha two');
      await page.goBack();
      await waitForTitle(page, 'Alpha one');
      assert.equal(await h1(page), 'Alpha one');
      await page.goForward();
      await waitForTitle(page, 'Alpha two');
      assert.equal(await h1(page), 'Alpha two');
      assert.equal(await windowMarker(page), 42);
      assert.deepEqual(errors, []);
      await context.close();
    });

    // Data that fails to come shows the failed state with Retry instead: runtime-page-states.test.ts.
    it('logs a warning and loads the page normally when its data does not exist (404)', async () => {
      const { page, warnings, context } = await openPage(browser);
      await page.goto(`${site.url}alpha/one`);
      await waitForRuntime(page);
      await markWindow(page);
      await page.route('**/__data/alpha/two.json', (route) => route.fulfill({ status: 404, body: 'not found' }));
      await Promise.all([page.waitForEvent('load'), page.click('.doc-markdown a[href="/alpha/two"]')]);
      assert.equal(new URL(page.url()).pathname, '/alpha/two');
      assert.equal(await windowMarker(page), undefined, 'a normal page load happened');
      assert.equal(await h1(page), 'Alpha two');
      assert.ok(
        warnings.some((w) => w.includes('Could not show /alpha/two in place')),
        `warnings: ${warnings.join(' | ')}`,
      );
      await context.close();
    });
  });

  describe('4. Scroll after a route change', () => {
    it('scrolls to the element the hash names, to the top otherwise, and back restores the position', async () => {
      const { page, errors, context } = await openPage(browser);
      await page.goto(site.url);
      await waitForRuntime(page);
      await page.click('.doc-markdown a[href="/alpha/two#deep-section"]');
      await waitForTitle(page, 'Alpha two');
      // Just below the sticky navbar: the page's scroll padding, once (not added to a margin of the heading's own).
      const [top, padding] = await page.evaluate(() => [
        document.getElementById('deep-section')!.getBoundingClientRect().top,
        parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop),
      ]);
      assert.ok(
        Math.abs(top - padding) <= 2,
        `the deep section is just below the navbar (top ${top}, padding ${padding})`,
      );
      const deepY = await page.evaluate(() => window.scrollY);
      assert.ok(deepY > 1000, `scrolled down to it (scrollY ${deepY})`);
      await page.click('.doc-markdown a[href="/alpha/one"]');
      await waitForTitle(page, 'Alpha one');
      assert.equal(await page.evaluate(() => window.scrollY), 0, 'a page without hash starts at the top');
      await page.goBack();
      await waitForTitle(page, 'Alpha two');
      const backY = await page.evaluate(() => window.scrollY);
      assert.ok(Math.abs(backY - deepY) < 5, `back returns to where the reader was (${backY} vs ${deepY})`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  });
});
