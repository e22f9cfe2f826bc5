/**
 * Reader runtime, items 6 (analytics), 7 (colour mode) and 8 (announcement bar) of the issue, in Chromium against
 * test/fixtures/runtime-analytics, runtime-site and runtime-plain as built and (but runtime-plain, which has a base
 * URL) as `wiki dev` serves them. The analytics tag is a
 * stand-in served through request interception: nothing reaches the internet.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { waitFor } from '../helpers/poll.js';
import {
  describeOnTargets,
  launchOfflineBrowser,
  openPage,
  serveFixture,
  waitForRuntime,
  type ServedSite,
} from './runtime-harness.js';

let analyticsSite: ServedSite;
let site: ServedSite;
let plain: ServedSite | undefined;
let browser: Browser;

/** A stand-in for gtag.js: turns each page_view of the data layer into one collect request, as the real tag does. */
const FAKE_GTAG = `(function () {
  function send(args) {
    if (args[0] !== 'event' || args[1] !== 'page_view') return;
    var p = args[2];
    fetch('https://www.google-analytics.com/g/collect?en=page_view&dt=' + encodeURIComponent(p.page_title) +
      '&dl=' + encodeURIComponent(p.page_location) + '&dp=' + encodeURIComponent(p.page_path), { method: 'POST', mode: 'no-cors' });
  }
  var layer = (window.dataLayer = window.dataLayer || []);
  for (var i = 0; i < layer.length; i++) send(layer[i]);
  var push = layer.push;
  layer.push = function (args) { send(args); return push.apply(layer, arguments); };
})();`;

interface PageView {
  readonly title: string;
  readonly path: string;
  readonly location: string;
}

async function interceptAnalytics(page: Page): Promise<{ tagRequests: string[]; views: PageView[] }> {
  const tagRequests: string[] = [];
  const views: PageView[] = [];
  await page.route('https://www.googletagmanager.com/**', (route) => {
    tagRequests.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: FAKE_GTAG });
  });
  await page.route('https://www.google-analytics.com/**', (route) => {
    const query = new URL(route.request().url()).searchParams;
    views.push({ title: query.get('dt')!, path: query.get('dp')!, location: query.get('dl')! });
    return route.fulfill({ status: 204 });
  });
  return { tagRequests, views };
}

const waitForViews = async (views: readonly PageView[], count: number) => {
  await waitFor(`${count} page views`, () => views.length >= count, { timeoutMs: 2500 }).catch(() => undefined);
  assert.equal(views.length, count, `page views: ${JSON.stringify(views)}`);
};

describeOnTargets((target) => {
  before(async () => {
    analyticsSite = await serveFixture('runtime-analytics', target);
    site = await serveFixture('runtime-site', target);
    plain = target === 'build' ? await serveFixture('runtime-plain', target, { mount: 'wiki' }) : undefined;
    browser = await launchOfflineBrowser();
  });

  after(async () => {
    await browser?.close();
    await Promise.all([analyticsSite, site, plain].map((served) => served?.close()));
  });

  describe('6. Analytics', () => {
    it('loads the tag once and sends a page view with title, location and path on every location change', async () => {
      // The site server's default CSP admits no third-party script; a deployment with analytics allows the tag's host.
      const { page, errors, context } = await openPage(browser, { bypassCSP: true });
      const { tagRequests, views } = await interceptAnalytics(page);
      await page.goto(analyticsSite.url);
      await waitForRuntime(page);
      await waitForViews(views, 1);
      assert.deepEqual(tagRequests, ['https://www.googletagmanager.com/gtag/js?id=G-TEST1234']);
      assert.deepEqual(views[0], {
        title: 'Analytics home | Analytics Fixture',
        path: '/',
        location: analyticsSite.url,
      });
      const config = await page.evaluate(() =>
        (window.dataLayer as IArguments[]).map((args) => [...args]).find((args) => args[0] === 'config'),
      );
      assert.deepEqual(config, ['config', 'G-TEST1234', { send_page_view: false, anonymize_ip: true }]);
      await page.click('.doc-markdown a[href="#here"]');
      await waitForViews(views, 2);
      assert.equal(views[1]!.path, '/#here');
      await page.click('.doc-markdown a[href="/other"]');
      await waitForViews(views, 3);
      assert.deepEqual(views[2], {
        title: 'Other note | Analytics Fixture',
        path: '/other',
        location: `${analyticsSite.url}other`,
      });
      await page.goBack();
      await waitForViews(views, 4);
      assert.equal(views[3]!.path, '/#here');
      assert.equal(tagRequests.length, 1, 'the tag itself loads once');
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('loads nothing without a tracking id', async () => {
      const { page, errors, requests, context } = await openPage(browser, { bypassCSP: true });
      const { tagRequests, views } = await interceptAnalytics(page);
      await page.goto(site.url);
      // The runtime asks for the analytics chunk before the sidebar it needs to start, and only that chunk loads the
      // tag: once the runtime runs, a chunk it meant to load has been asked for.
      await waitForRuntime(page);
      assert.ok(!requests.some((url) => url.includes('analytics')), 'not even the analytics chunk');
      await page.click('.doc-markdown a[href="/alpha/one"]');
      await page.waitForFunction(() => document.title.startsWith('Alpha one'));
      assert.deepEqual([tagRequests, views], [[], []]);
      assert.equal(await page.evaluate(() => typeof window.gtag), 'undefined');
      assert.ok(!requests.some((url) => url.includes('analytics')), 'nor after a route change');
      assert.deepEqual(errors, []);
      await context.close();
    });
  });

  /** Records the colour mode at the moment <body> starts: what the first paint uses. */
  function recordFirstTheme(): void {
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      (window as unknown as { __firstTheme: string | null }).__firstTheme =
        document.documentElement.getAttribute('data-theme');
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }

  const theme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-theme'));
  const firstTheme = (page: Page) =>
    page.evaluate(() => (window as unknown as { __firstTheme: string | null }).__firstTheme);

  describe('7. Colour mode', () => {
    it('is light by default, toggles and saves, survives a reload without a flash, and follows other tabs', async () => {
      const { page, errors, context } = await openPage(browser, { colorScheme: 'light', init: recordFirstTheme });
      await page.goto(site.url);
      await waitForRuntime(page);
      assert.equal(await theme(page), 'light');
      await page.click('.navbar .color-mode-toggle');
      assert.equal(await theme(page), 'dark');
      assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'dark');
      await page.reload();
      assert.equal(await firstTheme(page), 'dark', 'the saved mode is there before the first paint');
      const other = await context.newPage();
      await other.goto(`${site.url}alpha/one`);
      await waitForRuntime(other);
      assert.equal(await theme(other), 'dark');
      await waitForRuntime(page);
      await page.click('.navbar .color-mode-toggle');
      await other.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'light');
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('follows the system preference when nothing is saved and respectPrefersColorScheme is on', async () => {
      const { page, context } = await openPage(browser, { colorScheme: 'dark', init: recordFirstTheme });
      await page.goto(site.url);
      await waitForRuntime(page);
      assert.equal(await firstTheme(page), 'dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'light');
      await context.close();
    });

    // runtime-plain has a base URL, which `wiki dev` does not serve under.
    if (target === 'build')
      it('has no toggle with disableSwitch, and then ignores a saved mode', async () => {
        const { page, errors, context } = await openPage(browser, { colorScheme: 'dark' });
        await page.goto(plain!.url);
        await waitForRuntime(page);
        assert.equal(await page.locator('.color-mode-toggle').count(), 0);
        await page.evaluate(() => localStorage.setItem('theme', 'dark'));
        await page.reload();
        await waitForRuntime(page);
        assert.equal(await theme(page), 'light');
        assert.deepEqual(errors, []);
        await context.close();
      });
  });

  const bar = (page: Page) => page.locator('.announcement-bar');
  const stored = (page: Page) =>
    page.evaluate(() => [
      localStorage.getItem('docusaurus.announcement.dismiss'),
      localStorage.getItem('docusaurus.announcement.id'),
    ]);

  describe('8. Announcement bar', () => {
    it('shows until closed, remembers the dismissal, and shows again when its id changes', async () => {
      const { page, errors, context } = await openPage(browser);
      await page.goto(site.url);
      await waitForRuntime(page);
      assert.match(await bar(page).innerText(), /Fixture announcement/);
      await bar(page).getByRole('button', { name: 'Close' }).click();
      assert.equal(await bar(page).count(), 0);
      assert.deepEqual(await stored(page), ['true', 'release-1']);
      await page.reload();
      await waitForRuntime(page);
      assert.equal(await bar(page).count(), 0, 'still dismissed after a reload');
      await page.evaluate(() => localStorage.setItem('docusaurus.announcement.id', 'release-0'));
      await page.reload();
      await waitForRuntime(page);
      assert.ok(await bar(page).isVisible(), 'a new announcement id shows the bar again');
      assert.deepEqual(await stored(page), [null, 'release-1']);
      assert.deepEqual(errors, []);
      await context.close();
    });
  });
});

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: unknown;
  }
}
