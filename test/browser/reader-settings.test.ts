/**
 * Issue 25, shell settings a reader meets (SPEC §2, §3, §8), in Chromium against test/fixtures/serve-config built with
 * wiki.reader.config.ts: the wrong-base-URL banner, `trailingSlash: true` on /search, the locale
 * config (label, direction, htmlLang) with a locale dropdown that keeps the query and hash.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { fixturesDir, makeTempDir, runWiki } from '../helpers/cli.js';
import { launchOfflineBrowser, openPage, serveFolder, waitForRuntime } from './runtime-harness.js';

const siteDir = path.join(fixturesDir, 'serve-config');

let browser: Browser;
let outDir: string;
/** The built site at the root of one server, and under /sub/ of another (a `/` site deployed under a sub-path). */
let atRoot: { url: string; close(): Promise<void> };
let underSub: { url: string; close(): Promise<void> };

before(async () => {
  const root = makeTempDir('wiki-reader-');
  outDir = path.join(root, 'site');
  const config = path.join(siteDir, 'wiki.reader.config.ts');
  const result = await runWiki(['build', '--config', config, '--out', outDir], { cwd: siteDir });
  assert.equal(result.code, 0, result.stderr);
  const host = makeTempDir('wiki-reader-host-');
  fs.cpSync(outDir, path.join(host, 'sub'), { recursive: true });
  [atRoot, underSub] = await Promise.all([serveFolder(outDir), serveFolder(host)]);
  browser = await launchOfflineBrowser();
});

after(async () => {
  await browser?.close();
  await Promise.all([atRoot?.close(), underSub?.close()]);
});

const banner = '#__wiki-base-url-banner';

describe('wrong-base-URL banner (SPEC §8)', () => {
  it("shows SPEC §8's text when a site built for / is served under /sub/", async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${underSub.url}sub/`);
    await page.waitForLoadState('load');
    const lines = (await page.locator(banner).innerText()).split('\n');
    assert.deepEqual(lines, [
      'Your Docusaurus site did not load properly.',
      'A very common reason is a wrong site baseUrl configuration.',
      'Current configured baseUrl = / (default value)',
      'We suggest trying baseUrl = /sub/',
    ]);
    await context.close();
  });

  it('shows none where the site is served at its base URL and the runtime starts', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto(atRoot.url);
    await page.waitForLoadState('load');
    await waitForRuntime(page);
    assert.equal(await page.locator(banner).count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('trailingSlash: true', () => {
  it('gives /search its slash: the page, the server and the modal agree', async () => {
    assert.ok(fs.existsSync(path.join(outDir, 'search/index.html')), 'search/index.html is written');
    const redirect = await fetch(`${atRoot.url}search`, { redirect: 'manual' });
    assert.equal(redirect.headers.get('location'), '/search/');
    const { page, errors, context } = await openPage(browser);
    await page.goto(atRoot.url);
    await waitForRuntime(page);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('kettles');
    const seeAll = page.locator('.DocSearch-HitsFooter a');
    assert.equal(await seeAll.getAttribute('href'), '/search/?q=kettles');
    await seeAll.click();
    await page.locator('.search-page__item').first().waitFor();
    assert.equal(new URL(page.url()).pathname, '/search/');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('locale config', () => {
  it('sets <html lang dir>, hreflang and the dropdown label from i18n.localeConfigs.en', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto(atRoot.url);
    await waitForRuntime(page);
    assert.equal(await page.getAttribute('html', 'lang'), 'en-GB');
    assert.equal(await page.getAttribute('html', 'dir'), 'rtl');
    assert.equal(await page.locator('link[rel="alternate"][hreflang="en-GB"]').count(), 1);
    assert.equal((await page.locator('.navbar .dropdown__toggle').innerText()).trim(), 'Inglés');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('keeps the query and the hash when the reader picks the locale', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto(`${atRoot.url}other/?from=test#the-end`);
    await waitForRuntime(page);
    await page.locator('.navbar .dropdown__toggle').click();
    const entry = page.locator('.navbar .dropdown__menu a', { hasText: 'Inglés' });
    await entry.hover();
    assert.equal(await entry.getAttribute('href'), `${atRoot.url}other/?from=test#the-end`);
    await entry.click();
    // Without the query and hash the router would go to /other/: give it the time a navigation takes.
    await page.waitForLoadState('networkidle');
    const url = new URL(page.url());
    assert.equal(`${url.pathname}${url.search}${url.hash}`, '/other/?from=test#the-end');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
