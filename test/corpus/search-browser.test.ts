/** The search UI on the real corpus, production build, in Chromium (issue 5, "What it must show"). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SiteServer } from '../../src/node/server/index.js';
import { launchBrowser, openWatchedPage } from '../helpers/browser.js';
import { buildCorpusSite, serveSearchSite } from './searchSite.js';

/** Errors of this site's own code (notes' third-party images are blocked by the test and the CSP, and reported). */
const siteErrors = (errors: readonly string[]) =>
  errors.filter((error) => !/ERR_BLOCKED_BY_CLIENT|Loading the image/.test(error));

const SEARCH_REQUEST = /chunk-modal|chunk-local|\/search\/(index\.json|terms|text|docsearch\.css)/;

describe('search on the real corpus', () => {
  let browser: Browser;
  let server: SiteServer;
  let base: string;
  const contexts: BrowserContext[] = [];

  before(async () => {
    const { outDir } = await buildCorpusSite();
    server = await serveSearchSite(outDir);
    base = server.url.replace(/\/$/, '');
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A page in a fresh context (own storage), with console errors recorded. */
  async function open(path: string): Promise<{ page: Page; errors: string[]; requests: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const watched = await openWatchedPage(context);
    const requests: string[] = [];
    watched.page.on('request', (request) => requests.push(request.url()));
    await watched.page.goto(`${base}${path}`);
    return { ...watched, requests };
  }

  async function searchInModal(page: Page, query: string): Promise<void> {
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').waitFor();
    await page.locator('.DocSearch-Input').fill(query);
  }

  const hitLinks = (page: Page) => page.locator('.DocSearch-Hits a');

  it('loads no search code before intent, then the modal and index on hover', async () => {
    const { page, requests, errors } = await open('/programming-languages/rust/');
    await page.waitForLoadState('networkidle');
    assert.deepEqual(
      requests.filter((url) => SEARCH_REQUEST.test(url)),
      [],
    );
    const modalRequested = page.waitForRequest(/chunk-modal/);
    const indexRequested = page.waitForRequest(/\/search\/index\.json/);
    await page.hover('button.search-button');
    await Promise.all([modalRequested, indexRequested]);
    assert.deepEqual(siteErrors(errors), []);
  });

  it('opens with Ctrl+K and "/", closes with Escape and Ctrl+K; "/" in a field types a slash', async () => {
    const { page, errors } = await open('/search');
    const modal = page.locator('.DocSearch-Modal');
    await page.keyboard.press('Control+k');
    await modal.waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.keyboard.press('/');
    await modal.waitFor();
    await page.keyboard.press('Control+k');
    await modal.waitFor({ state: 'detached' });
    await page.locator('#search-page-input').focus();
    await page.keyboard.type('a/b');
    assert.equal(await page.inputValue('#search-page-input'), 'a/b');
    // Ctrl+K toggles the modal: it opens now, with an empty query, only if the "/" typed in the field left it closed.
    await page.keyboard.press('Control+k');
    await modal.waitFor();
    assert.equal(await page.inputValue('.DocSearch-Input'), '', 'typing "/" in a field does not open the modal');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    assert.deepEqual(siteErrors(errors), []);
  });

  it('a letter typed on the focused search button opens the modal with that letter', async () => {
    const { page } = await open('/');
    await page.locator('button.search-button').focus();
    await page.keyboard.press('r');
    await page.locator('.DocSearch-Input').waitFor();
    assert.equal(await page.inputValue('.DocSearch-Input'), 'r');
  });

  it('shows the SPEC §9 labels', async () => {
    const { page } = await open('/');
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').waitFor();
    assert.equal(await page.getAttribute('.DocSearch-Input', 'placeholder'), 'Search docs');
    assert.equal(await page.locator('.DocSearch-Cancel').innerText(), 'Cancel');
    assert.equal(await page.getAttribute('.DocSearch-Reset', 'title'), 'Clear the query');
    assert.match(await page.locator('.DocSearch-StartScreen').innerText(), /No recent searches/);
    assert.equal(await page.getAttribute('button.search-button', 'aria-label'), 'Search');
  });

  it('finds text that only appears deep inside the largest note (370 KB)', async () => {
    const { page, errors } = await open('/');
    await searchInModal(page, 'librsvg');
    await page.locator('.DocSearch-Hits a[href*="/programming-languages/rust/rust-libraries/"]').first().waitFor();
    assert.match(await hitLinks(page).first().innerText(), /librsvg/i);
    assert.deepEqual(siteErrors(errors), []);
  });

  it('finds a note whose title is typed with a one-letter typo', async () => {
    const { page } = await open('/');
    await searchInModal(page, 'Kubernetis');
    await page.locator('.DocSearch-Hits a').first().waitFor();
    assert.equal(
      new URL((await hitLinks(page).first().getAttribute('href'))!, base).pathname,
      '/operating-systems/containers/kubernetes/',
    );
  });

  it("'See all N results' leads to /search?q= listing the same N", async () => {
    const { page } = await open('/');
    await searchInModal(page, 'kubernetes');
    const footer = page.locator('.DocSearch-HitsFooter a');
    await footer.waitFor();
    const count = /^See all (\d+) results$/.exec(await footer.innerText())?.[1];
    assert.ok(count && Number(count) > 20, `footer text: ${await footer.innerText()}`);
    await footer.click();
    await page.waitForURL(/\/search\?q=kubernetes$/);
    await page.locator('.search-page__count').waitFor();
    assert.equal(await page.locator('.search-page__count').innerText(), `${count} documents found`);
  });

  it('the /search page alone reads q, lists results with excerpts and updates the URL', async () => {
    const { page, errors } = await open('/search?q=librsvg');
    await page.locator('.search-page__item').first().waitFor();
    assert.equal(await page.inputValue('#search-page-input'), 'librsvg');
    assert.match((await page.locator('.search-page__link').first().getAttribute('href'))!, /rust-libraries/);
    assert.match(await page.locator('.search-page__excerpt mark').first().innerText(), /librsvg/i);
    await page.fill('#search-page-input', 'zebra');
    await page.waitForURL(/\?q=zebra$/);
    await page.locator('.search-page__count').waitFor();
    assert.deepEqual(siteErrors(errors), []);
  });

  it('shows SPEC §8 texts: the error screen when the index cannot be fetched, and the no-results screen', async () => {
    const context = await browser.newContext();
    contexts.push(context);
    const { page } = await openWatchedPage(context);
    await page.route(/\/search\/(index\.json|terms|text)/, (route) => route.abort('blockedbyclient'));
    await page.goto(`${base}/`);
    await searchInModal(page, 'rust');
    const errorScreen = page.locator('.DocSearch-ErrorScreen');
    await errorScreen.waitFor();
    assert.equal(await errorScreen.locator('.DocSearch-Title').innerText(), 'Unable to fetch results');
    assert.equal(
      await errorScreen.locator('.DocSearch-Help').innerText(),
      'You might want to check your network connection.',
    );
    assert.equal(
      await page
        .locator('.DocSearch-NoResults')
        .isVisible()
        .catch(() => false),
      false,
    );

    const { page: other } = await open('/');
    await searchInModal(other, 'qxzjvkw');
    const noResults = other.locator('.DocSearch-NoResults');
    await noResults.waitFor();
    const text = await noResults.innerText();
    for (const expected of ['No results for', 'Believe this query should return results?', 'Let us know.'])
      assert.ok(text.includes(expected), `${expected} in ${text}`);
    assert.match(
      (await noResults.locator('a', { hasText: 'Let us know.' }).getAttribute('href')) ?? '',
      /issues\/new\?title=.*%22qxzjvkw%22/,
    );
  });

  // DocSearch saves a page or heading hit (a content hit is saved through its page's hit when both are listed).
  it('recent searches survive a reload', async () => {
    const { page } = await open('/');
    await searchInModal(page, 'Rust libraries');
    const hit = page.locator('.DocSearch-Hits a').first();
    await hit.waitFor();
    await hit.click();
    await page.waitForURL(/rust-libraries/);
    await page.reload();
    await page.keyboard.press('Control+k');
    const recent = page.locator('.DocSearch-StartScreen, .DocSearch-Hits').first();
    await recent.waitFor();
    const text = await page.locator('.DocSearch-Dropdown').innerText();
    assert.match(text, /Recent/);
    assert.match(text, /Rust libraries/);
  });
});
