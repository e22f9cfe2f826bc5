/**
 * Reader runtime, item 9 of the issue (mobile drawer, mobile TOC, navbar hideOnScroll, dropdowns), in Chromium at
 * 390 px (and desktop where the behaviour is desktop's) against test/fixtures/runtime-site as built and as `wiki dev` serves it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  describeOnTargets,
  serveFixtureForSuites,
  markWindow,
  openPage,
  waitForRuntime,
  windowMarker,
  type ServedSite,
} from './runtime-harness.js';

let site: ServedSite;
let browser: Browser;

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true };
const drawer = (page: Page) => page.locator('.mobile-sidebar');
const openDrawer = async (page: Page) => {
  await page.click('.navbar__toggle');
  await drawer(page).waitFor();
};
const scrollLocked = (page: Page) =>
  page.evaluate(
    () =>
      document.body.classList.contains('mobile-sidebar-open') && getComputedStyle(document.body).overflow === 'hidden',
  );
const waitForTitle = (page: Page, title: string) => page.waitForFunction((t) => document.title.startsWith(t), title);

describeOnTargets((target) => {
  serveFixtureForSuites('runtime-site', target, (served, launched) => {
    site = served;
    browser = launched;
  });

  describe('9. Mobile', () => {
    it('opens the drawer from the hamburger, blocks page scroll, closes on back (staying on the page) and on desktop width', async () => {
      const { page, errors, context } = await openPage(browser, PHONE);
      await page.goto(`${site.url}alpha/one`);
      await waitForRuntime(page);
      await markWindow(page);
      assert.ok(await page.locator('.navbar__toggle').isVisible());
      await openDrawer(page);
      assert.ok(await scrollLocked(page), 'page scroll is blocked');
      assert.ok(await drawer(page).locator('a[href="/alpha/two"]').isVisible(), 'the drawer shows the docs sidebar');
      await page.goBack();
      await drawer(page).waitFor({ state: 'detached' });
      assert.equal(await scrollLocked(page), false);
      assert.equal(new URL(page.url()).pathname, '/alpha/one', 'back closed the drawer and stayed on the page');
      assert.equal(await windowMarker(page), 42);
      await openDrawer(page);
      await page.setViewportSize({ width: 1200, height: 844 });
      await drawer(page).waitFor({ state: 'detached' });
      assert.equal(await scrollLocked(page), false);
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('follows a drawer link in place, closing the drawer; back then returns to the previous page', async () => {
      const { page, errors, context } = await openPage(browser, PHONE);
      await page.goto(`${site.url}alpha/one`);
      await waitForRuntime(page);
      await markWindow(page);
      await openDrawer(page);
      await drawer(page).locator('a[href="/alpha/two"]').click();
      await waitForTitle(page, 'Alpha two');
      assert.equal(await drawer(page).count(), 0);
      await page.goBack();
      await waitForTitle(page, 'Alpha one');
      assert.equal(await windowMarker(page), 42);
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('shows the table of contents as a collapsed block above the content', async () => {
      const { page, context } = await openPage(browser, PHONE);
      await page.goto(`${site.url}alpha/two`);
      await waitForRuntime(page);
      const toc = page.locator('details.toc-mobile');
      assert.ok(await toc.isVisible());
      assert.equal(await page.locator('.toc-desktop').isVisible(), false);
      const [tocTop, contentTop] = await page.evaluate(() =>
        [document.querySelector('.toc-mobile')!, document.querySelector('.doc-markdown')!].map(
          (el) => el.getBoundingClientRect().top,
        ),
      );
      assert.ok(tocTop! < contentTop!, 'above the content');
      assert.equal(await toc.evaluate((el) => (el as HTMLDetailsElement).open), false);
      await toc.locator('summary').click();
      assert.ok(await toc.locator('a[href="#deep-section"]').isVisible());
      await context.close();
    });

    it('hides the navbar on scroll down and shows it on scroll up and near the top (hideOnScroll)', async () => {
      const { page, context } = await openPage(browser, PHONE);
      await page.goto(`${site.url}alpha/two`);
      await waitForRuntime(page);
      const hidden = () => page.locator('nav.navbar').evaluate((el) => el.classList.contains('navbar--hidden'));
      await page.mouse.move(200, 400);
      await page.mouse.wheel(0, 800);
      await page.waitForFunction(() => document.querySelector('nav.navbar')!.classList.contains('navbar--hidden'));
      await page.mouse.wheel(0, -200);
      await page.waitForFunction(() => !document.querySelector('nav.navbar')!.classList.contains('navbar--hidden'));
      await page.mouse.wheel(0, 400);
      await page.waitForFunction(() => document.querySelector('nav.navbar')!.classList.contains('navbar--hidden'));
      await page.evaluate(() => window.scrollTo(0, 20));
      await page.waitForFunction(() => !document.querySelector('nav.navbar')!.classList.contains('navbar--hidden'));
      assert.equal(await hidden(), false, 'always shown near the top');
      await context.close();
    });

    it('opens a dropdown on Enter and closes it on an outside click or touch', async () => {
      const { page, context } = await openPage(browser, { hasTouch: true });
      await page.goto(`${site.url}alpha/one`);
      await waitForRuntime(page);
      const dropdown = page.locator('.navbar .dropdown').filter({ hasText: 'More' });
      const isOpen = () => dropdown.evaluate((el) => el.classList.contains('dropdown--show'));
      await dropdown.locator('button').focus();
      await page.keyboard.press('Enter');
      assert.ok(await isOpen(), 'Enter opens it');
      await page.mouse.click(640, 600);
      assert.equal(await isOpen(), false, 'an outside click closes it');
      await dropdown.locator('button').focus();
      await page.keyboard.press('Enter');
      assert.ok(await isOpen());
      await page.locator('.doc-markdown').dispatchEvent('touchstart');
      assert.equal(await isOpen(), false, 'an outside touch closes it');
      await context.close();
    });
  });
});
