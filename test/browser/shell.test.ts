import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { type BrowsedSite, browseBuiltSite, openWatchedPage } from '../helpers/browser.js';
import { makeTempDir, runWiki } from '../helpers/cli.js';

// The project's own site, built by the real CLI and served by `wiki serve`'s server, in Debian's Chromium.
describe('site shell on the project site', () => {
  let site: BrowsedSite;
  let context: BrowserContext;
  let base: string;

  before(async () => {
    const outDir = path.join(makeTempDir(), 'build');
    const result = await runWiki(['build', '--out', outDir]);
    assert.equal(result.code, 0, result.stderr);
    site = await browseBuiltSite(outDir);
    ({ base, context } = site);
  });

  after(() => site?.close());

  it('renders the head: lang, dir, title, viewport, favicon, description, canonical, hreflang, Open Graph', async () => {
    const { page } = await openWatchedPage(context);
    await page.goto(`${base}/web/nodejs/fastify`);
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    assert.equal(await page.getAttribute('html', 'dir'), 'ltr');
    assert.equal(await page.title(), 'Fastify | Everything I know');
    assert.match((await page.getAttribute('meta[name="viewport"]', 'content')) ?? '', /width=device-width/);
    assert.ok(await page.locator('link[rel="icon"]').count(), 'favicon link');
    assert.match((await page.getAttribute('meta[name="description"]', 'content')) ?? '', /^Fastify is a fast/);
    assert.equal(
      await page.getAttribute('link[rel="canonical"]', 'href'),
      'https://wiki.example.com/web/nodejs/fastify',
    );
    assert.equal(
      await page.getAttribute('link[rel="alternate"][hreflang="en"]', 'href'),
      'https://wiki.example.com/web/nodejs/fastify',
    );
    assert.equal(
      await page.getAttribute('link[rel="alternate"][hreflang="x-default"]', 'href'),
      'https://wiki.example.com/web/nodejs/fastify',
    );
    assert.equal(await page.getAttribute('meta[property="og:title"]', 'content'), 'Fastify | Everything I know');
    assert.equal(
      await page.getAttribute('meta[property="og:url"]', 'content'),
      'https://wiki.example.com/web/nodejs/fastify',
    );
    assert.equal(await page.locator('meta[name="robots"]').count(), 0, 'no noindex on this site');
    await page.goto(`${base}/`);
    assert.equal(await page.title(), 'Everything I know | Everything I know');
  });

  it('aligns the five profile links right, external, in a new tab with noopener', async () => {
    const { page } = await openWatchedPage(context);
    await page.goto(`${base}/`);
    const links = page.locator('nav.navbar a.navbar__item[target="_blank"]');
    assert.equal(await links.count(), 5);
    const brandBox = (await page.locator('a.navbar__brand').boundingBox())!;
    for (let i = 0; i < 5; i++) {
      const link = links.nth(i);
      assert.match((await link.getAttribute('href')) ?? '', /^https:\/\//);
      assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
      assert.equal(
        await link.evaluate((a) => Boolean(a.closest('.navbar__items--right'))),
        true,
        `link ${i} is in the right-hand group`,
      );
      const box = (await link.boundingBox())!;
      assert.ok(box.x > brandBox.x + brandBox.width + 100, `link ${i} sits right of the brand (x=${box.x})`);
    }
    const right = (await page.locator('.navbar__items--right').boundingBox())!;
    assert.ok(right.x + right.width > 1280 - 40, 'the right-hand group ends at the right edge');
  });

  it('starts the sidebar with 3D printing', async () => {
    const { page } = await openWatchedPage(context);
    await page.goto(`${base}/`);
    const first = page.locator('aside.doc-sidebar nav.sidebar a.menu__link').first();
    assert.equal(await first.getAttribute('href'), '/3d-printing/');
    assert.match((await first.textContent()) ?? '', /3D printing/i);
  });

  it('shows breadcrumbs, the marked sidebar branch and the TOC on a nested note', async () => {
    const { page } = await openWatchedPage(context);
    await page.goto(`${base}/web/nodejs/fastify`);
    const crumbs = await page.locator('nav.breadcrumbs li').allTextContents();
    assert.deepEqual(crumbs.map((c) => c.trim()).filter(Boolean), ['Web', 'Node.js', 'Fastify']);
    assert.equal(await page.getAttribute('nav.breadcrumbs li.breadcrumbs__item--home a', 'href'), '/');
    const crumbLinks = await page
      .locator('nav.breadcrumbs a.breadcrumbs__link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    assert.deepEqual(crumbLinks, ['/', '/web/', '/web/nodejs/']);
    assert.equal(await page.getAttribute('aside.doc-sidebar a[aria-current="page"]', 'href'), '/web/nodejs/fastify');
    const toc = await page
      .locator('nav.toc-desktop a.table-of-contents__link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    assert.deepEqual(toc, ['#key-ideas', '#example', '#practical-advice', '#links', '#related']);
    for (const href of toc)
      assert.equal(await page.locator(`[id="${href!.slice(1)}"]`).count(), 1, `${href} target exists`);
  });

  it('links "Edit this page" to the note source and shows previous/next', async () => {
    const { page } = await openWatchedPage(context);
    await page.goto(`${base}/web/nodejs/fastify`);
    assert.equal(
      await page.getAttribute('a.edit-this-page', 'href'),
      'https://github.com/example/everything-i-know/edit/main/docs/web/nodejs/fastify.md',
    );
    assert.equal(await page.getAttribute('a.pagination-nav__link--prev', 'href'), '/web/nodejs/');
    assert.equal(await page.getAttribute('a.pagination-nav__link--next', 'href'), '/web/nodejs/nestjs');
  });

  it('answers an unknown path with status 404 and the not-found page', async () => {
    const { page } = await openWatchedPage(context);
    const response = await page.goto(`${base}/no/such/page`);
    assert.equal(response?.status(), 404);
    assert.equal(await page.locator('main.not-found h1').textContent(), 'Page Not Found');
    assert.equal(await page.getAttribute('a.not-found__home', 'href'), '/');
  });

  it('normalises /x.html and /x/index.html to /x', async () => {
    const { page } = await openWatchedPage(context);
    for (const variant of ['/web/vite.html', '/web/vite/index.html']) {
      const response = await page.goto(`${base}${variant}`);
      assert.equal(response?.status(), 200, variant);
      assert.equal(new URL(page.url()).pathname, '/web/vite', variant);
      assert.equal(await page.title(), 'Vite | Everything I know');
    }
  });

  it('switches to the mobile layout at 996 px and below', async () => {
    const { page } = await openWatchedPage(context);
    await page.goto(`${base}/web/nodejs/fastify`);
    for (const [width, mobile] of [
      [1280, false],
      [997, false],
      [996, true],
      [390, true],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      assert.equal(await page.locator('button.navbar__toggle').isVisible(), mobile, `hamburger at ${width}`);
      assert.equal(await page.locator('aside.doc-sidebar').isVisible(), !mobile, `sidebar at ${width}`);
      assert.equal(await page.locator('nav.toc-desktop').isVisible(), !mobile, `desktop TOC at ${width}`);
    }
  });
});
