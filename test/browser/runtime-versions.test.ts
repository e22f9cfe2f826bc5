/**
 * Issue #25, the version dropdown (SPEC §2, §4), in Chromium against test/fixtures/runtime-site as built and as
 * `wiki dev` serves it: its "Next" entry links to the doc on screen in that version (the site's one version), a page
 * that is no doc to the version's main doc, and picking it saves the preferred version on desktop and in the drawer.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  describeOnTargets,
  markWindow,
  openPage,
  serveFixtureForSuites,
  waitForRuntime,
  windowMarker,
  type ServedSite,
} from './runtime-harness.js';

let site: ServedSite;
let browser: Browser;

const VERSION_KEY = 'docs-preferred-version-default';
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true };
const versions = (page: Page) => page.locator('.navbar .dropdown').filter({ hasText: 'Next' });
const nextEntry = (page: Page) => versions(page).locator('.dropdown__menu a', { hasText: 'Next' });
const savedVersion = (page: Page) => page.evaluate((key) => localStorage.getItem(key), VERSION_KEY);
const waitForTitle = (page: Page, title: string) => page.waitForFunction((t) => document.title.startsWith(t), title);

describeOnTargets((target) => {
  serveFixtureForSuites('runtime-site', target, (served, launched) => {
    site = served;
    browser = launched;
  });

  describe('Version dropdown', () => {
    it('links "Next" to the doc on screen, in the HTML and after an in-place navigation', async () => {
      const html = await (await fetch(`${site.url}alpha/one`)).text();
      const entries = [...html.matchAll(/<a ([^>]*)>Next<\/a>/g)].map((match) => match[1]!);
      assert.deepEqual(
        entries.filter((attributes) => attributes.includes('dropdown__link')).map((a) => /href="([^"]*)"/.exec(a)?.[1]),
        ['/alpha/one'],
        'the server renders it so',
      );
      const { page, errors, context } = await openPage(browser);
      await page.goto(`${site.url}alpha/one`);
      await waitForRuntime(page);
      assert.equal(await nextEntry(page).getAttribute('href'), '/alpha/one');
      await markWindow(page);
      await page.click('.doc-markdown a[href="/alpha/two"]');
      await waitForTitle(page, 'Alpha two');
      assert.equal(await nextEntry(page).getAttribute('href'), '/alpha/two', 'follows the page shown in place');
      await versions(page).locator('button').click();
      await nextEntry(page).click();
      assert.equal(new URL(page.url()).pathname, '/alpha/two', 'picking the version stays on the same doc');
      assert.equal(await windowMarker(page), 42);
      assert.equal(await savedVersion(page), 'current', 'the pick is saved');
      assert.deepEqual(errors, []);
      await context.close();
    });

    it("links a page that is no doc (not found) to the version's main doc", async () => {
      const { page, context } = await openPage(browser);
      await page.goto(`${site.url}no/such/page`);
      await page.locator('.navbar').waitFor();
      assert.equal(await nextEntry(page).getAttribute('href'), '/', 'the note with slug / is the main doc');
      await context.close();
    });

    it('saves the preferred version when it is picked in the mobile drawer', async () => {
      const { page, errors, context } = await openPage(browser, PHONE);
      await page.goto(`${site.url}beta/first`);
      await waitForRuntime(page);
      assert.equal(await savedVersion(page), null);
      await page.click('.navbar__toggle');
      const drawer = page.locator('.mobile-sidebar');
      await drawer.getByRole('button', { name: 'Back to main menu' }).click();
      await drawer.getByRole('button', { name: 'Next' }).click();
      const entry = drawer.locator('.menu__list .menu__list a', { hasText: 'Next' });
      assert.equal(await entry.getAttribute('href'), '/beta/first');
      await entry.click();
      await drawer.waitFor({ state: 'detached' });
      assert.equal(await savedVersion(page), 'current');
      assert.equal(new URL(page.url()).pathname, '/beta/first');
      assert.deepEqual(errors, []);
      await context.close();
    });
  });
});
