/**
 * The extended fixture site (test/fixtures/ext-site) in Chromium: a custom React page rendered in the layout,
 * hydrated and interactive; the footer override around the original; a translated label; unknown page modules and
 * unknown routes' data failing with the code MODULE_NOT_FOUND and nothing shown but the not-found page.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { type BrowsedSite, browseBuiltSite, openWatchedPage } from '../helpers/browser.js';
import { buildFixture } from '../helpers/cli.js';

describe('extending a site, in the browser', () => {
  let site: BrowsedSite;
  let context: BrowserContext;
  let base: string;
  let assets: string[];

  before(async () => {
    const result = await buildFixture('ext-site');
    assert.equal(result.code, 0, result.stderr);
    assets = fs.readdirSync(path.join(result.outDir, 'assets'));
    site = await browseBuiltSite(result.outDir);
    ({ base, context } = site);
  });

  after(() => site?.close());

  /** `/assets/<name>-<hash>.js` of a lazy chunk. */
  const chunkUrl = (name: string) =>
    `/assets/${assets.find((file) => file.startsWith(`chunk-${name}-`) && file.endsWith('.js'))}`;

  it('hydrates the custom page inside the layout, and it responds to clicks', async () => {
    const { page, errors } = await openWatchedPage(context);
    await page.goto(`${base}/now`);
    assert.equal(await page.title(), 'Now | Extended Wiki');
    await page.locator('.now-page[data-hydrated="true"]').waitFor();
    assert.ok(await page.locator('nav.navbar').isVisible(), 'in the layout: the navbar');
    const counter = page.locator('.now-counter');
    assert.equal(await counter.innerText(), 'Pressed 0 times');
    await counter.click();
    await counter.click();
    assert.equal(await counter.innerText(), 'Pressed 2 times', 'translated through the site messages, with values');
    assert.equal(
      await page.locator('.now-page h1').evaluate((element) => getComputedStyle(element).letterSpacing),
      '2px',
      "the page's own stylesheet (pages/now.css)",
    );
    assert.deepEqual(errors, []);
  });

  it('shows the footer override and the original footer it wraps', async () => {
    const { page, errors } = await openWatchedPage(context);
    await page.goto(`${base}/intro`);
    await page.waitForFunction(() => window.__wiki !== undefined);
    assert.equal(await page.locator('.site-footer-note').innerText(), 'Written by hand, one note at a time.');
    assert.ok(await page.locator('footer.footer .footer__copyright').isVisible());
    assert.equal(await page.locator('.footer__copyright').innerText(), 'Original footer copyright');
    // The override's own stylesheet (theme/Footer.css) applies, and the image it points to loads.
    const note = page.locator('.site-footer-note');
    assert.equal(await note.evaluate((element) => getComputedStyle(element).fontStyle), 'italic');
    const image =
      /url\("([^"]+)"\)/.exec(await note.evaluate((element) => getComputedStyle(element).backgroundImage))?.[1] ?? '';
    assert.match(image, /\/assets\/footer-mark-\w+\.svg$/);
    assert.equal(await page.evaluate(async (url) => (await fetch(url)).status, image), 200);
    assert.deepEqual(errors, []);
  });

  it("shows the translated 'Edit this page' label, also after an in-place navigation", async () => {
    const { page, errors } = await openWatchedPage(context);
    await page.goto(`${base}/intro`);
    await page.waitForFunction(() => window.__wiki !== undefined);
    assert.equal((await page.locator('a.edit-this-page').innerText()).trim(), 'Improve this note');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.locator('.doc-markdown a[href="/guides/setup"]').click();
    await page.locator('.doc-markdown h1', { hasText: 'Setup' }).waitFor();
    assert.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 1, 'in place');
    assert.equal((await page.locator('a.edit-this-page').innerText()).trim(), 'Improve this note');
    assert.deepEqual(errors, []);
  });

  it('goes from a note to a custom page with a normal page load, and the page works', async () => {
    const { page, errors } = await openWatchedPage(context);
    await page.goto(`${base}/intro`);
    await page.waitForFunction(() => window.__wiki !== undefined);
    await page.locator('.doc-markdown a[href="/now"]').click();
    await page.locator('.now-page[data-hydrated="true"]').waitFor();
    await page.locator('.now-counter').click();
    assert.equal(await page.locator('.now-counter').innerText(), 'Pressed 1 times');
    assert.deepEqual(errors, []);
  });

  it("rejects an unknown page module and an unknown route's data with the code MODULE_NOT_FOUND", async () => {
    const { page, errors } = await openWatchedPage(context);
    await page.goto(`${base}/intro`);
    await page.waitForFunction(() => window.__wiki !== undefined);
    // The real chunks, as the runtime loads them (a string: tsx would add helpers to a function).
    const codes = (await page.evaluate(`(async () => {
      const pages = await import(${JSON.stringify(chunkUrl('customPages'))});
      const navigation = await import(${JSON.stringify(chunkUrl('navigation'))});
      const known = typeof (await pages.loadPageComponent('/now'));
      const unknownPage = await pages.loadPageComponent('/no-such-page').then(() => 'loaded', (error) => error.code);
      const ctx = { pageData: new Map(), prefetched: new Set(), dataUrlOf: (route) => '/__data' + route + '.json' };
      const unknownData = await navigation.loadPageData(ctx, '/no-such-note').then(() => 'loaded', (error) => error.code);
      return [known, unknownPage, unknownData];
    })()`)) as string[];
    assert.deepEqual(codes, ['function', 'MODULE_NOT_FOUND', 'MODULE_NOT_FOUND']);
    // The 404 of the data file is the one error Chromium reports; the reader is shown nothing.
    assert.deepEqual(
      errors.filter((error) => !/status of 404/.test(error)),
      [],
    );
  });

  it('shows only the not-found page when the runtime is asked for an unknown route', async () => {
    const { page, errors } = await openWatchedPage(context);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(`${base}/intro`);
    await page.waitForFunction(() => window.__wiki !== undefined);
    await page.evaluate(
      () =>
        void (window as unknown as { __wiki: { navigate(url: string): Promise<void> } }).__wiki.navigate(
          '/no-such-note',
        ),
    );
    await page.waitForURL(`${base}/no-such-note`);
    await page.locator('h1.not-found__title').waitFor();
    assert.equal(
      await page.locator('h1.not-found__title').innerText(),
      'Nothing here',
      'translated in i18n/en/code.json',
    );
    assert.equal(await page.locator('[role="alert"]').count(), 0, 'no error box');
    assert.ok(
      warnings.some((warning) => warning.includes('Cannot find the page data of /no-such-note')),
      warnings.join('\n'),
    );
    assert.deepEqual(
      errors.filter((error) => !/status of 404/.test(error)),
      [],
    );
  });
});
