/**
 * Issue 25, the engine's own servers (SPEC §7): `wiki serve` sends a Content-Security-Policy that admits exactly the
 * origins of the configured analytics and search provider, and `wiki serve` and `wiki dev` serve a site under its
 * baseUrl. test/fixtures/serve-config built and served by the real CLI, in Chromium; the third parties' requests are
 * answered by request interception (nothing reaches the internet), with the site's own policy in force.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { fixturesDir, makeTempDir, repoRoot, runWiki } from '../helpers/cli.js';
import { startDevProcess } from '../helpers/devServer.js';
import { waitFor } from '../helpers/poll.js';
import { startServeProcess } from '../helpers/serveProcess.js';
import { launchOfflineBrowser, openPage, waitForRuntime } from './runtime-harness.js';

const siteDir = path.join(fixturesDir, 'serve-config');

/** Builds the fixture with one of its configs into a temp folder. */
async function buildWith(configName: string): Promise<string> {
  const outDir = path.join(makeTempDir('wiki-serve-config-'), 'build');
  const result = await runWiki(['build', '--config', path.join(siteDir, configName), '--out', outDir], {
    cwd: siteDir,
  });
  assert.equal(result.code, 0, result.stderr);
  return outDir;
}

/** The policy's sources per directive, without the same-origin ones and the pages' script hashes. */
async function thirdPartySources(url: string): Promise<Record<string, string[]>> {
  const policy = (await fetch(url)).headers.get('content-security-policy') ?? '';
  const sources: Record<string, string[]> = {};
  for (const directive of policy.split(';')) {
    const [name = '', ...values] = directive.trim().split(/\s+/);
    const others = values.filter((value) => !/^'|^(data|https):$/.test(value));
    if (others.length > 0) sources[name] = others.sort();
  }
  return sources;
}

/** Records CSP violations in the page (Chromium also logs each as a console error). */
const RECORD_VIOLATIONS = `window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));`;

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

/** A stand-in for gtag.js: posts each page_view of the data layer to a regional collect endpoint, as GA4 does. */
const FAKE_GTAG = `(function () {
  function send(args) {
    if (args[0] === 'event' && args[1] === 'page_view')
      fetch('https://region1.google-analytics.com/g/collect?en=page_view&dp=' + encodeURIComponent(args[2].page_path), { method: 'POST', mode: 'no-cors' });
  }
  var layer = (window.dataLayer = window.dataLayer || []);
  for (var i = 0; i < layer.length; i++) send(layer[i]);
  var push = layer.push;
  layer.push = function (args) { send(args); return push.apply(layer, arguments); };
})();`;

const OTHER_NOTE_HIT = {
  objectID: 'other',
  url: 'https://served.example.com/other',
  type: 'lvl1',
  hierarchy: { lvl0: 'Docs', lvl1: 'Other note', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
  content: null,
  _highlightResult: { hierarchy: { lvl0: { value: 'Docs' }, lvl1: { value: 'Other <mark>note</mark>' } } },
  _snippetResult: { hierarchy: { lvl1: { value: 'Other <mark>note</mark>' } } },
};

/** Opens the modal and types a query; resolves with the first result's text. */
async function searchInModal(page: Page, query: string): Promise<string> {
  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Input').fill(query);
  return page.locator('.DocSearch-Hits a').first().innerText();
}

let browser: Browser;
before(async () => {
  browser = await launchOfflineBrowser();
});
after(() => browser?.close());

describe('wiki serve: the Content-Security-Policy follows the config', () => {
  it('admits gtag and Algolia: the tag loads, page views are posted, a search shows results', async () => {
    const served = await startServeProcess([
      '--config',
      path.join(siteDir, 'wiki.config.ts'),
      '--dir',
      await buildWith('wiki.config.ts'),
    ]);
    try {
      assert.deepEqual(await thirdPartySources(served.url), {
        'script-src': ['https://*.googletagmanager.com'],
        'connect-src': [
          'https://*.analytics.google.com',
          'https://*.google-analytics.com',
          'https://*.googletagmanager.com',
          'https://serveapp-1.algolianet.com',
          'https://serveapp-2.algolianet.com',
          'https://serveapp-3.algolianet.com',
          'https://serveapp-dsn.algolia.net',
        ],
      });
      const { page, errors, context } = await openPage(browser, { init: RECORD_VIOLATIONS });
      const tag: string[] = [];
      const views: string[] = [];
      await page.route('https://www.googletagmanager.com/**', (route) => {
        tag.push(route.request().url());
        return route.fulfill({ contentType: 'text/javascript', body: FAKE_GTAG });
      });
      await page.route('https://*.google-analytics.com/**', (route) => {
        views.push(new URL(route.request().url()).searchParams.get('dp') ?? '');
        return route.fulfill({ status: 204 });
      });
      await page.route(/algolia\.net|algolianet\.com/, (route) =>
        route.fulfill({
          contentType: 'application/json',
          headers: { 'access-control-allow-origin': '*' },
          body: JSON.stringify({
            results: [{ hits: [OTHER_NOTE_HIT], nbHits: 1, page: 0, nbPages: 1, hitsPerPage: 20 }],
          }),
        }),
      );
      await page.goto(served.url);
      await waitForRuntime(page);
      await waitFor('a page view', () => views.length > 0, { timeoutMs: 5000 });
      assert.deepEqual(tag, ['https://www.googletagmanager.com/gtag/js?id=G-SERVE1']);
      assert.deepEqual(views, ['/']);
      assert.match(await searchInModal(page, 'note'), /Other note/);
      assert.deepEqual(await violations(page), []);
      assert.deepEqual(errors, []);
      await context.close();
    } finally {
      await served.stop();
    }
  });

  it('admits the configured Typesense node, and a search shows results', async () => {
    const config = path.join(siteDir, 'wiki.typesense.config.ts');
    const served = await startServeProcess(['--config', config, '--dir', await buildWith('wiki.typesense.config.ts')]);
    try {
      assert.deepEqual(await thirdPartySources(served.url), { 'connect-src': ['https://search.example.net:8108'] });
      const { page, errors, context } = await openPage(browser, { init: RECORD_VIOLATIONS });
      await page.route('https://search.example.net:8108/**', (route) =>
        route.fulfill({
          contentType: 'application/json',
          headers: { 'access-control-allow-origin': '*' },
          body: JSON.stringify({
            results: [
              {
                found: 1,
                page: 1,
                hits: [
                  {
                    document: {
                      'hierarchy.lvl0': 'Docs',
                      'hierarchy.lvl1': 'Other note',
                      url: OTHER_NOTE_HIT.url,
                      type: 'lvl1',
                    },
                    highlight: { 'hierarchy.lvl1': { snippet: 'Other <mark>note</mark>' } },
                  },
                ],
              },
            ],
          }),
        }),
      );
      await page.goto(served.url);
      await waitForRuntime(page);
      assert.match(await searchInModal(page, 'note'), /Other note/);
      assert.deepEqual(await violations(page), []);
      assert.deepEqual(errors, []);
      await context.close();
    } finally {
      await served.stop();
    }
  });

  it('keeps the same-origin policy for a site without analytics or hosted search', async () => {
    const config = path.join(siteDir, 'wiki.base.config.ts');
    const served = await startServeProcess(['--config', config, '--dir', await buildWith('wiki.base.config.ts')]);
    try {
      assert.deepEqual(await thirdPartySources(served.url), {});
      const policy = (await fetch(served.url)).headers.get('content-security-policy') ?? '';
      assert.match(policy, /connect-src 'self'(;|$)/);
    } finally {
      await served.stop();
    }
  });
});

/** A base-URL site in Chromium: `/` leads to it, it is styled, its links navigate, no request fails. */
async function checkBaseUrlSite(origin: string): Promise<void> {
  const { page, errors, context } = await openPage(browser);
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(`${origin}/`);
  assert.equal(new URL(page.url()).pathname, '/wiki/');
  await waitForRuntime(page);
  assert.equal(await page.title(), 'Served home | Served Fixture');
  const stylesheets = await page.evaluate(() => [...document.styleSheets].filter((sheet) => sheet.href).length);
  assert.ok(stylesheets > 0, 'the theme stylesheet loaded');
  // The theme's layout applies: the navbar is a flex row, not an unstyled block.
  assert.equal(await page.locator('nav.navbar .navbar__inner').evaluate((el) => getComputedStyle(el).display), 'flex');
  await page.click('.doc-markdown a[href="/wiki/other"]');
  await page.waitForFunction(() => document.title.startsWith('Other note'));
  assert.equal(new URL(page.url()).pathname, '/wiki/other');
  await page.goto(`${origin}/wiki/other`);
  await waitForRuntime(page);
  assert.deepEqual(failed, []);
  assert.deepEqual(errors, []);
  await context.close();
}

describe('wiki serve and wiki dev honour baseUrl', () => {
  it('wiki serve: a /wiki/ site previews at /wiki/, / redirects there', async () => {
    const config = path.join(siteDir, 'wiki.base.config.ts');
    const served = await startServeProcess(['--config', config, '--dir', await buildWith('wiki.base.config.ts')]);
    try {
      assert.equal(new URL(served.url).pathname, '/wiki/', served.output());
      const outside = await fetch(`${served.origin}/other`, { redirect: 'manual' });
      assert.equal(outside.status, 302);
      assert.equal(outside.headers.get('location'), '/wiki/');
      // The server's own redirects (a page's one address) stay under the base URL.
      const html = await fetch(`${served.origin}/wiki/other.html`, { redirect: 'manual' });
      assert.equal(html.headers.get('location'), '/wiki/other');
      await checkBaseUrlSite(served.origin);
    } finally {
      await served.stop();
    }
  });

  it('wiki dev: the same site, served from memory', async () => {
    const dir = makeTempDir('wiki-dev-base-');
    fs.cpSync(path.join(siteDir, 'docs'), path.join(dir, 'docs'), { recursive: true });
    const config = fs
      .readFileSync(path.join(siteDir, 'wiki.base.config.ts'), 'utf8')
      .replace('../../../src/node/config/defineConfig.js', path.join(repoRoot, 'src/node/config/defineConfig.ts'));
    fs.writeFileSync(path.join(dir, 'wiki.config.ts'), config);
    const dev = await startDevProcess(dir);
    try {
      assert.match(dev.output(), /http:\/\/localhost:\d+\/wiki\//);
      await checkBaseUrlSite(dev.url.replace(/\/$/, ''));
    } finally {
      await dev.stop();
    }
  });
});
