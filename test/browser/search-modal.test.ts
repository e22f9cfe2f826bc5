/**
 * The search modal as a reader uses it (issue 25), in Chromium on the built search-basic fixture (local provider):
 * typed character by character it settles to the /search page's ranking; Recent and Favorite work with a real mouse;
 * a failed search keeps the query in the box. The modal, its client and its start screen are one code path for every
 * provider (modal.tsx), only the provider behind it differs.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { buildAndServe, type ServedSite } from './runtime-harness.js';

describe('search modal with a reader', () => {
  let site: ServedSite;
  let browser: Browser;

  before(async () => {
    site = await buildAndServe('search-basic');
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  async function open(path = ''): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site.url}${path}`);
    return page;
  }

  const hrefs = (page: Page, selector: string) =>
    page.locator(selector).evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).href));

  /** The /search page's list, grouped by section label in order of first appearance (as the modal groups hits). */
  async function searchPageRanking(query: string): Promise<string[]> {
    const page = await open(`search?q=${encodeURIComponent(query)}`);
    await page.locator('.search-page__item').first().waitFor();
    const items = await page.locator('.search-page__item').evaluateAll((nodes) =>
      nodes.map((node) => ({
        group: node.querySelector('.search-page__path')?.textContent ?? '',
        href: (node.querySelector('a') as HTMLAnchorElement).href,
      })),
    );
    const groups = [...new Set(items.map((item) => item.group))];
    await page.context().close();
    return groups.flatMap((group) => items.filter((item) => item.group === group).map((item) => item.href));
  }

  it('typed character by character, the modal settles to the ranking /search?q= shows', async () => {
    for (const query of ['kubernetes', 'operator']) {
      const expected = await searchPageRanking(query);
      const page = await open();
      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Input').waitFor();
      await page.keyboard.type(query, { delay: 35 });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      assert.deepEqual(await hrefs(page, '.DocSearch-Hits a'), expected, query);
      await page.context().close();
    }
  });

  it('Recent stays under the pointer, and "Save this search" saves with a real click', async () => {
    const page = await open();
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('Kubernetes');
    await page.locator('.DocSearch-Hits a').first().click();
    await page.waitForURL(/kubernetes/);
    await page.keyboard.press('Control+k');
    const recent = page.locator('.DocSearch-Hit-source', { hasText: 'Recent' });
    await recent.waitFor();
    const box = (await page.locator('.DocSearch-Hits').first().boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + 5);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
    await page.waitForTimeout(200);
    assert.equal(await recent.isVisible(), true, 'Recent is still shown under the pointer');
    assert.equal(await page.locator('.DocSearch-StartScreen').count(), 0, 'no "No recent searches" screen');
    await page.locator('.DocSearch-Hit-action-button[title="Save this search"]').first().click();
    await page.locator('.DocSearch-Hit-source', { hasText: 'Favorite' }).waitFor();
    const stored = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith('__DOCSEARCH_FAVORITE_SEARCHES__'))
        .map((key) => localStorage.getItem(key)),
    );
    assert.match(stored.join(''), /Kubernetes/);
    await page.context().close();
  });

  it('a failed search shows the error screen and keeps the query in the box', async () => {
    const page = await open();
    await page.route(/\/search\/(index\.json|terms|text)/, (route) => route.abort('failed'));
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').waitFor();
    await page.keyboard.type('kubernetes', { delay: 20 });
    await page.locator('.DocSearch-ErrorScreen').waitFor();
    await page.mouse.move(640, 300, { steps: 3 });
    await page.waitForTimeout(300);
    assert.equal(await page.inputValue('.DocSearch-Input'), 'kubernetes');
    assert.equal(await page.locator('.DocSearch-ErrorScreen .DocSearch-Title').innerText(), 'Unable to fetch results');
    await page.context().close();
  });
});
