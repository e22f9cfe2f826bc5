/**
 * Reader runtime, items 10 (browser storage) and 11 (wrong base URL) of the issue, in Chromium against
 * test/fixtures/runtime-site as built and as `wiki dev` serves it, and the build of runtime-plain (base URL /wiki/,
 * which `wiki dev` does not serve under).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { makeTempDir } from '../helpers/cli.js';
import {
  describeOnTargets,
  launchOfflineBrowser,
  openPage,
  serveFixture,
  serveFolder,
  waitForRuntime,
  type ServedSite,
} from './runtime-harness.js';

let site: ServedSite;
let plain: ServedSite;
let browser: Browser;
const closers: Array<() => Promise<void>> = [];

const VERSION_KEY = 'docs-preferred-version-default';
const theme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-theme'));
const waitForTitle = (page: Page, title: string) => page.waitForFunction((t) => document.title.startsWith(t), title);

describeOnTargets((target) => {
  before(async () => {
    site = await serveFixture('runtime-site', target);
    browser = await launchOfflineBrowser();
  });

  after(async () => {
    await browser?.close();
    await site?.close();
  });

  describe('10. Browser storage', () => {
    it('without localStorage: one console warning, storage disabled, everything else works', async () => {
      const { page, errors, warnings, context } = await openPage(browser, {
        init: `Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });`,
      });
      await page.goto(site.url);
      await waitForRuntime(page);
      await page.click('.navbar .color-mode-toggle');
      assert.equal(await theme(page), 'dark', 'the switch still works for this page');
      await page.locator('.announcement-bar').getByRole('button', { name: 'Close' }).click();
      assert.equal(await page.locator('.announcement-bar').count(), 0);
      await page.click('.doc-markdown a[href="/alpha/one"]');
      await waitForTitle(page, 'Alpha one');
      const storageWarnings = warnings.filter((w) => w.includes('localStorage is unavailable'));
      assert.equal(storageWarnings.length, 1, `exactly one warning: ${warnings.join(' | ')}`);
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('logs a failed write to the console and carries on', async () => {
      const { page, errors, context } = await openPage(browser, {
        init: `const setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
          if (key === 'theme') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          setItem.call(this, key, value);
        };`,
      });
      const uncaught: string[] = [];
      page.on('pageerror', (error) => uncaught.push(error.message));
      await page.goto(site.url);
      await waitForRuntime(page);
      await page.click('.navbar .color-mode-toggle');
      assert.equal(await theme(page), 'dark');
      assert.ok(
        errors.some((e) => e.includes(`Can't write localStorage "theme"`)),
        `logged: ${errors.join(' | ')}`,
      );
      assert.deepEqual(uncaught, [], 'nothing thrown');
      await context.close();
    });

    it('deletes a saved docs version that no longer exists, keeps a known one, saves a picked one', async () => {
      const { page, errors, context } = await openPage(browser);
      await page.goto(site.url);
      await page.evaluate((key) => localStorage.setItem(key, 'v0.9-removed'), VERSION_KEY);
      await page.reload();
      await waitForRuntime(page);
      assert.equal(await page.evaluate((key) => localStorage.getItem(key), VERSION_KEY), null);
      await page.evaluate((key) => localStorage.setItem(key, 'current'), VERSION_KEY);
      await page.reload();
      await waitForRuntime(page);
      assert.equal(await page.evaluate((key) => localStorage.getItem(key), VERSION_KEY), 'current');
      await page.evaluate((key) => localStorage.removeItem(key), VERSION_KEY);
      const versions = page.locator('.navbar .dropdown').filter({ hasText: 'Next' });
      await versions.locator('button').click();
      await versions.locator('a', { hasText: 'Next' }).click();
      assert.equal(await page.evaluate((key) => localStorage.getItem(key), VERSION_KEY), 'current');
      assert.deepEqual(errors, []);
      await context.close();
    });
  });
});

const banner = (page: Page) => page.locator('#__wiki-base-url-banner');

// The build only: `wiki dev` serves a site at / whatever its base URL.
describe('11. Wrong base URL (built site)', () => {
  before(async () => {
    plain = await serveFixture('runtime-plain', 'build', { mount: 'wiki' });
    browser = await launchOfflineBrowser();
  });

  after(async () => {
    await browser?.close();
    await Promise.all([plain?.close(), ...closers.map((close) => close())]);
  });

  it('shows no banner where the base URL matches, and the site navigates under it', async () => {
    const { page, errors, dataRequests, context } = await openPage(browser);
    await page.goto(plain.url);
    await waitForRuntime(page);
    await page.waitForLoadState('load');
    assert.equal(await banner(page).count(), 0);
    await page.click('.doc-markdown a[href="/wiki/notes/first"]');
    await waitForTitle(page, 'First note');
    assert.ok(dataRequests.includes('/wiki/__data/notes/first.json'), dataRequests.join(', '));
    assert.ok(
      dataRequests.every((request) => request.startsWith('/wiki/__data/')),
      'page data is fetched under the base URL',
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("says 'Your Docusaurus site did not load properly.' with the configured and the suggested base URL", async () => {
    const root = makeTempDir('wiki-wrong-base-');
    fs.cpSync(plain.outDir!, path.join(root, 'docs'), { recursive: true });
    const wrong = await serveFolder(root);
    closers.push(wrong.close);
    const { page, context } = await openPage(browser);
    for (const [address, suggested] of [
      [`${wrong.url}docs/`, '/docs/'],
      [`${wrong.url}docs/notes/first`, '/docs/'],
    ] as const) {
      await page.goto(address);
      const text = await banner(page).innerText();
      assert.match(text, /^Your Docusaurus site did not load properly\./);
      assert.match(text, /Current configured baseUrl = \/wiki\//);
      assert.ok(text.endsWith(`We suggest trying baseUrl = ${suggested}`), text);
    }
    await context.close();
  });
});
