/**
 * Issue #25, the navbar dropdowns (SPEC §4), in Chromium against test/fixtures/runtime-site as built and as
 * `wiki dev` serves it: in the mobile drawer a dropdown opens and closes with a height animation whose duration comes
 * from the content's height (none with prefers-reduced-motion); on desktop Escape closes one and focuses its toggle.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { autoHeightDuration } from '../../src/theme/Navbar/collapse.js';
import {
  describeOnTargets,
  openPage,
  serveFixtureForSuites,
  waitForRuntime,
  type ServedSite,
} from './runtime-harness.js';

let site: ServedSite;
let browser: Browser;

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true };
const LIST = '.mobile-sidebar .navbar-mobile-dropdown__list';

/** The drawer's main menu on /alpha/one, with the "More" dropdown's toggle. */
async function openMainMenu(page: Page) {
  await page.goto(`${site.url}alpha/one`);
  await waitForRuntime(page);
  await page.click('.navbar__toggle');
  const drawer = page.locator('.mobile-sidebar');
  await drawer.getByRole('button', { name: 'Back to main menu' }).click();
  return drawer.getByRole('button', { name: 'More' });
}

interface ListSamples {
  readonly heights: number[];
  /** The list's transition duration while it moved ('' when it never had one). */
  readonly duration: string;
  /** The content's height (whole pixels, as the runtime reads it). */
  readonly full: number;
}

/**
 * Samples the list's height each frame from the next click until it has stayed the same for 10 frames. A string:
 * tsx would add helpers to a function that do not exist in the page.
 */
const SAMPLE_LIST_SCRIPT = `window.__listSamples = new Promise((resolve) => {
  const heights = [];
  let duration = '';
  let still = 0;
  const tick = () => {
    const list = document.querySelector(${JSON.stringify(LIST)});
    if (list) {
      heights.push(list.getBoundingClientRect().height);
      const seen = getComputedStyle(list).transitionDuration;
      if (seen !== '0s') duration = seen;
      still = heights.length > 1 && heights.at(-1) === heights.at(-2) ? still + 1 : 0;
      if (still >= 10) return resolve({ heights, duration, full: list.scrollHeight });
    }
    requestAnimationFrame(tick);
  };
  document.addEventListener('click', () => requestAnimationFrame(tick), { capture: true, once: true });
}), undefined`; // undefined: evaluate would wait for the promise, which waits for the click

/** Clicks `toggle` and returns the list's heights frame by frame until it settles. */
async function sampleList(page: Page, toggle: ReturnType<Page['locator']>): Promise<ListSamples> {
  await page.evaluate(SAMPLE_LIST_SCRIPT);
  await toggle.click();
  return page.evaluate('window.__listSamples') as Promise<ListSamples>;
}

describeOnTargets((target) => {
  serveFixtureForSuites('runtime-site', target, (served, launched) => {
    site = served;
    browser = launched;
  });

  describe('Dropdowns', () => {
    it('animates a drawer dropdown open and closed, for a time that comes from its height', async () => {
      const { page, errors, context } = await openPage(browser, PHONE);
      const toggle = await openMainMenu(page);
      const opening = await sampleList(page, toggle);
      const full = opening.full;
      assert.ok(full > 40, `the list has its entries (${full} px)`);
      assert.equal(opening.duration, `${autoHeightDuration(full) / 1000}s`, 'the duration comes from the height');
      assert.ok(
        opening.heights.some((h) => h > 1 && h < full - 2),
        `it passes through heights in between: ${opening.heights.join(', ')}`,
      );
      assert.ok(Math.abs(opening.heights.at(-1)! - full) < 1, 'it ends open');
      assert.ok(await page.locator(`${LIST} a`, { hasText: 'Alpha index' }).isVisible());
      const closing = await sampleList(page, toggle);
      assert.ok(
        closing.heights.some((h) => h > 1 && h < full - 2),
        `and closes gradually: ${closing.heights}`,
      );
      assert.equal(closing.heights.at(-1), 0, 'it ends closed');
      assert.equal(await page.locator(`${LIST} a`, { hasText: 'Alpha index' }).isVisible(), false, 'links hidden');
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('opens and closes at once with prefers-reduced-motion', async () => {
      const { page, context } = await openPage(browser, { ...PHONE, reducedMotion: 'reduce' });
      const toggle = await openMainMenu(page);
      const opening = await sampleList(page, toggle);
      assert.ok(opening.full > 40);
      assert.ok(
        opening.heights.every((h) => Math.abs(h - opening.full) < 1),
        `no height in between: ${opening.heights.join(', ')}`,
      );
      // base.css cuts every transition to 0.01 ms with reduced motion; the list sets none of its own.
      assert.ok(opening.duration === '' || parseFloat(opening.duration) < 0.001, `no transition (${opening.duration})`);
      const closing = await sampleList(page, toggle);
      assert.ok(
        closing.heights.every((h) => h === 0),
        `closed at once: ${closing.heights.join(', ')}`,
      );
      await context.close();
    });

    it('closes a desktop dropdown on Escape and gives the focus back to its toggle', async () => {
      const { page, errors, context } = await openPage(browser);
      await page.goto(`${site.url}alpha/one`);
      await waitForRuntime(page);
      const dropdown = page.locator('.navbar .dropdown').filter({ hasText: 'More' });
      const toggle = dropdown.locator('button.dropdown__toggle');
      const menu = dropdown.locator('.dropdown__menu');
      const toggleFocused = () => toggle.evaluate((el) => el === document.activeElement);
      await toggle.focus();
      await page.keyboard.press('Enter');
      await menu.waitFor({ state: 'visible' });
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      assert.ok(await toggleFocused(), 'the toggle has the focus');
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      // From an entry: Tab into the menu, then Escape.
      await page.keyboard.press('Enter');
      await menu.waitFor({ state: 'visible' });
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Alpha index');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      assert.ok(await toggleFocused(), 'the focus is back on the toggle');
      // Dismissed only until the pointer comes back: hovering shows it again.
      await page.mouse.move(0, 400);
      await toggle.hover();
      await menu.waitFor({ state: 'visible' });
      assert.deepEqual(errors, []);
      await context.close();
    });
  });
});
