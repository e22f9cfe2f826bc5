import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { AxeResults } from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import type { SiteServer } from '../../src/node/server/index.js';
import { launchBrowser, openWatchedPage, serveBuiltSite } from '../helpers/browser.js';
import { buildFixture } from '../helpers/cli.js';

/** axe-core's browser build, injected from node_modules (nothing is fetched). */
const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/** The rules of WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The fixture sites crawled: the plain one, and one with the optional parts (announcement bar, dropdowns, colour switch, version dropdown, long pages with a TOC). */
const CRAWLED_SITES = ['basic', 'runtime-site'];

interface Violation {
  /** "rule: selector" */
  readonly key: string;
  readonly summary: string;
}

/** Runs axe on the page as it is: each violation, one per element. */
async function findViolations(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ path: axeScript });
  const results = (await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(WCAG_A_AA)} } })`,
  )) as AxeResults;
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => ({
      key: `${violation.id}: ${node.target.join(' ')}`,
      summary: node.failureSummary?.replace(/\s+/g, ' ').trim() ?? violation.help,
    })),
  );
}

// Every page of a fixture site opened once, in the light and the dark colour mode: any console error or page error
// fails the test, and so does any WCAG 2 A/AA violation axe finds.
for (const fixture of CRAWLED_SITES) {
  describe(`crawl of the ${fixture} fixture site`, () => {
    let browser: Browser;
    let server: SiteServer;
    let routes: string[];

    before(async () => {
      const result = await buildFixture(fixture);
      assert.equal(result.code, 0, result.stderr);
      const sitemap = fs.readFileSync(path.join(result.outDir, 'sitemap.xml'), 'utf8');
      routes = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map((m) => m[1]!);
      server = await serveBuiltSite(result.outDir);
      browser = await launchBrowser();
    });

    after(async () => {
      await browser?.close();
      await server?.close();
    });

    for (const colorScheme of ['light', 'dark'] as const) {
      it(`opens every page (and /search and a 404) without console errors or accessibility violations, ${colorScheme} mode`, async () => {
        assert.ok(routes.length >= 3, `sitemap lists the notes (${routes.length})`);
        // The site's CSP admits only its own scripts: axe is injected as an inline script.
        const context = await browser.newContext({ bypassCSP: true });
        // The fixture keeps Docusaurus's default (light, whatever the system prefers): dark mode is the reader's choice.
        if (colorScheme === 'dark') await context.addInitScript({ content: "localStorage.setItem('theme', 'dark');" });
        const { page, errors } = await openWatchedPage(context);
        const violations: string[] = [];
        for (const route of [...routes, '/search', '/missing-page']) {
          await page.goto(server.url.replace(/\/$/, '') + route, { waitUntil: 'networkidle' });
          // The not-found page's own 404 status is the one error Chromium reports for it.
          const unexpected = errors.splice(0).filter((e) => !(route === '/missing-page' && /status of 404/.test(e)));
          assert.deepEqual(unexpected, [], `console errors on ${route}`);
          assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), colorScheme);
          for (const { key, summary } of await findViolations(page)) violations.push(`${route} ${key} (${summary})`);
        }
        assert.deepEqual(violations, [], `WCAG 2 A/AA violations (${violations.length})`);
        await context.close();
      });
    }
  });
}
