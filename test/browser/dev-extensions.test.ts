/**
 * `wiki dev` on a site with theme overrides and a custom page: the browser gets the same bundle as a production
 * build, so the custom page hydrates and the footer override shows (regression: dev used to bundle without them).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, openWatchedPage } from '../helpers/browser.js';
import { copyFixture, makeTempDir } from '../helpers/cli.js';
import { startDevProcess, type DevProcess } from '../helpers/devServer.js';

describe('wiki dev with site extensions', () => {
  let dev: DevProcess;
  let browser: Browser;
  let siteDir: string;

  before(async () => {
    // A copy, since dev watches the folder.
    siteDir = path.join(makeTempDir('wiki-dev-ext-'), 'site');
    copyFixture('ext-site', siteDir);
    dev = await startDevProcess(siteDir);
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await dev?.stop();
  });

  it('hydrates the custom page and renders the overridden footer', async () => {
    const context = await browser.newContext();
    const { page, errors } = await openWatchedPage(context);
    await page.goto(`${dev.url.replace(/\/$/, '')}/now`);
    await page.locator('.now-page[data-hydrated="true"]').waitFor({ timeout: 15_000 });
    const counter = page.locator('.now-counter');
    await counter.click();
    assert.equal(await counter.innerText(), 'Pressed 1 times');
    assert.ok(await page.locator('footer.footer').count(), 'the original footer is wrapped, not lost');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
