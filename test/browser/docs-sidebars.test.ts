/**
 * Generated-index categories in Chromium (issue 23, part 4): clicking a category label that has a generated index
 * opens its page in place, listing its children as cards, with its sidebar; from there a card opens the note.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  buildAndServe,
  launchOfflineBrowser,
  markWindow,
  openPage,
  type ServedSite,
  waitForRuntime,
  windowMarker,
} from './runtime-harness.js';

let site: ServedSite;
let browser: Browser;

before(async () => {
  site = await buildAndServe('docs-sidebars', { mount: 'site' });
  browser = await launchOfflineBrowser();
});

after(async () => {
  await browser?.close();
  await site?.close();
});

describe('generated-index categories', () => {
  it('open their page when their label is clicked, listing their children', async () => {
    const { page, errors, context } = await openPage(browser);
    try {
      await page.goto(new URL('docs/intro', site.url).href);
      await waitForRuntime(page);
      await markWindow(page);
      await page.locator('nav.sidebar a.menu__link', { hasText: 'Getting Started' }).click();
      await page.waitForURL(/\/site\/docs\/category\/getting-started$/);
      await page.locator('h1', { hasText: 'Getting Started' }).waitFor();
      const cards = await page.locator('a.doc-card .doc-card__title').allInnerTexts();
      assert.deepEqual(
        cards.map((title) => title.replace(/^\S+\s+/, '')),
        ['Install', 'Configure'],
      );
      assert.equal(await windowMarker(page), 42, 'shown in place, without a page load');
      assert.equal(await page.locator('nav.sidebar a.menu__link--active').innerText(), 'Getting Started');
      await page.locator('a.doc-card', { hasText: 'Configure' }).click();
      await page.waitForURL(/\/site\/docs\/start\/configure$/);
      await page.locator('.breadcrumbs__item--active', { hasText: 'Configure' }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it("show a note of another sidebar with that note's own sidebar (a page load brings its files)", async () => {
    const { page, errors, context } = await openPage(browser);
    try {
      await page.goto(new URL('docs/reference/cli', site.url).href);
      await waitForRuntime(page);
      await markWindow(page);
      await page.locator('nav.sidebar a.menu__link', { hasText: 'Introduction' }).click();
      await page.waitForURL(/\/site\/docs\/intro$/);
      await page.locator('nav.sidebar a.menu__link', { hasText: 'Getting Started' }).waitFor();
      assert.equal(await page.locator('nav.sidebar a.menu__link', { hasText: 'Command line' }).count(), 0);
      assert.equal(await windowMarker(page), undefined, 'loaded as a whole page');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
