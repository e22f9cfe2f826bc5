import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import type { SiteServer } from '../../src/node/server/index.js';
import { launchBrowser, openWatchedPage, serveBuiltSite } from '../helpers/browser.js';
import { buildFixture } from '../helpers/cli.js';

// Every page of a fixture site opened once: any console error or page error fails the test.
describe('crawl of the basic fixture site', () => {
  let browser: Browser;
  let server: SiteServer;
  let routes: string[];

  before(async () => {
    const result = await buildFixture('basic');
    assert.equal(result.code, 0, result.stderr);
    const sitemap = fs.readFileSync(path.join(result.outDir, 'sitemap.xml'), 'utf8');
    routes = [...sitemap.matchAll(/<loc>https:\/\/fixture\.example\.com([^<]*)<\/loc>/g)].map((m) => m[1]!);
    server = await serveBuiltSite(result.outDir);
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('opens every page (and /search and a 404) without console errors', async () => {
    assert.ok(routes.length >= 3, `sitemap lists the notes (${routes.length})`);
    const context = await browser.newContext();
    const { page, errors } = await openWatchedPage(context);
    for (const route of [...routes, '/search', '/missing-page']) {
      await page.goto(server.url.replace(/\/$/, '') + route, { waitUntil: 'networkidle' });
      // The not-found page's own 404 status is the one error Chromium reports for it.
      const unexpected = errors.splice(0).filter((e) => !(route === '/missing-page' && /status of 404/.test(e)));
      assert.deepEqual(unexpected, [], `console errors on ${route}`);
    }
    await context.close();
  });
});
