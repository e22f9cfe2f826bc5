/**
 * Issue 21: with the Algolia provider, a note that only showed `<img onerror=...>` in a code block ran it in the
 * search modal. Here Algolia's answers (intercepted: no network) are hostile records, and the page runs without its
 * CSP, as on a static host that sends none: nothing runs in the modal or on the /search page, the highlights show.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { SiteServer } from '../../src/node/server/index.js';
import { launchBrowser, openWatchedPage, serveBuiltSite } from '../helpers/browser.js';
import { fixturesDir, makeTempDir, runWiki } from '../helpers/cli.js';
import { hostileAlgoliaHit } from '../helpers/hostileMarkup.js';

const ALGOLIA = /algolia\.net|algolianet\.com/;
const hits = [
  { ...hostileAlgoliaHit, url: 'https://fixture.example.com/hostile#x' },
  { ...hostileAlgoliaHit, objectID: 'hostile-1', url: 'javascript:alert(5)' },
];

describe('hostile Algolia records in the browser', () => {
  let server: SiteServer;
  let browser: Browser;
  let base: string;

  before(async () => {
    const siteDir = path.join(fixturesDir, 'raw-html');
    const outDir = path.join(makeTempDir('wiki-search-hostile-'), 'build');
    const built = await runWiki(['build', '--config', path.join(siteDir, 'wiki.algolia.config.ts'), '--out', outDir], {
      cwd: siteDir,
    });
    assert.equal(built.code, 0, built.stderr);
    server = await serveBuiltSite(outDir);
    base = server.url.replace(/\/$/, '');
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A page without CSP whose Algolia requests get the hostile records; `dialogs` lists every alert() that ran. */
  async function open(route: string): Promise<{ page: Page; dialogs: string[]; queries: number }> {
    const context = await browser.newContext({ bypassCSP: true });
    const { page } = await openWatchedPage(context);
    const state = { page, dialogs: [] as string[], queries: 0 };
    page.on('dialog', (dialog) => {
      state.dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.route(ALGOLIA, async (request) => {
      state.queries++;
      await request.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          results: [
            {
              hits,
              nbHits: hits.length,
              page: 0,
              nbPages: 1,
              hitsPerPage: 20,
              query: 'img',
              params: '',
              processingTimeMS: 1,
            },
          ],
        }),
      });
    });
    await page.goto(`${base}${route}`);
    return state;
  }

  it('the modal shows the records as text with their highlights, and runs none of them', async () => {
    const state = await open('/');
    await state.page.keyboard.press('Control+k');
    await state.page.locator('.DocSearch-Input').fill('img');
    await state.page.locator('.DocSearch-Hits a').first().waitFor();
    await state.page.waitForLoadState('networkidle');
    assert.ok(state.queries > 0, 'Algolia was asked');
    assert.deepEqual(state.dialogs, []);
    const results = state.page.locator('.DocSearch-Hits');
    assert.equal(await results.locator('img, script, iframe, [onerror], [onload]').count(), 0);
    assert.match(await results.locator('mark').first().innerText(), /<img src=x onerror=alert\(3\)>/);
    const hrefs = await results
      .locator('a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    assert.ok(
      hrefs.every((href) => !/^\s*javascript:/i.test(href)),
      hrefs.join(' '),
    );
  });

  it('the /search page lists them as text too', async () => {
    const state = await open('/search?q=img');
    await state.page.locator('.search-page__item').first().waitFor();
    await state.page.waitForLoadState('networkidle');
    assert.deepEqual(state.dialogs, []);
    const results = state.page.locator('#search-page-results');
    assert.equal(await results.locator('img, script, [onerror]').count(), 0);
    assert.match(
      await results.locator('.search-page__excerpt mark').first().innerText(),
      /<img src=x onerror=alert\(3\)>/,
    );
  });
});
