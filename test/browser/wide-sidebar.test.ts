/**
 * Wide sidebar lists in Chromium (see SIDEBAR_WIDE_LIST): a page hydrates from the chunk files of its windows, "Show
 * all" loads the rest of a list in place, navigation moves the windows, and without JavaScript "Show all" is a link to
 * pages listing every note. The site: 160 notes in the docs folder itself and 400 in one subfolder.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { directoryFiles, startSiteServer, type SiteServer } from '../../src/node/server/index.js';
import { makeTempDir, runWiki } from '../helpers/cli.js';
import { FOLDER_NOTES, WINDOW_MOST, writeWideNotes } from '../helpers/wideSite.js';
import { launchOfflineBrowser, markWindow, openPage, waitForRuntime, windowMarker } from './runtime-harness.js';

let server: SiteServer;
let browser: Browser;
let base: string;

before(async () => {
  const siteDir = makeTempDir('wiki-wide-browser-');
  const docs = path.join(siteDir, 'docs');
  writeWideNotes(docs);
  // A favicon of its own: else Chromium asks for /favicon.ico, and its 404 is a console error.
  fs.mkdirSync(path.join(siteDir, 'static'));
  fs.writeFileSync(
    path.join(siteDir, 'static/favicon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
  );
  fs.writeFileSync(
    path.join(siteDir, 'wiki.config.mjs'),
    "export default { title: 'Wide', url: 'https://wide.example.com', favicon: 'favicon.svg' };\n",
  );
  const outDir = path.join(siteDir, 'build');
  const build = await runWiki(['build', '--config', path.join(siteDir, 'wiki.config.mjs'), '--out', outDir], {
    cwd: siteDir,
  });
  assert.equal(build.code, 0, build.stderr);
  server = await startSiteServer({ files: directoryFiles(outDir), port: 0 });
  base = server.url.replace(/\/$/, '');
  browser = await launchOfflineBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const folderLinks = (page: Page) => page.locator('.doc-sidebar a.menu__link[href^="/wide/note-"]');
const activeHref = (page: Page) => page.locator('.doc-sidebar a.menu__link--active').getAttribute('href');
const navigate = (page: Page, url: string) =>
  page.evaluate(
    (to) => (window as unknown as { __wiki: { navigate(url: string): Promise<void> } }).__wiki.navigate(to),
    url,
  );

describe('a wide folder in the browser', () => {
  it('hydrates a page from its windows, and "Show all" loads every note of the folder in place', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto(`${base}/wide/note-300`);
    await waitForRuntime(page);
    const showAll = page.locator('.doc-sidebar button.menu__link--more', { hasText: 'Show all 400 notes' });
    await showAll.waitFor(); // the link of the HTML became a button once hydrated
    const shown = await folderLinks(page).count();
    assert.ok(shown > 0 && shown <= WINDOW_MOST, `${shown} notes of the folder before "Show all"`);
    assert.equal(await activeHref(page), '/wide/note-300');
    await markWindow(page);
    await showAll.click();
    await page.waitForFunction(
      (count) => document.querySelectorAll('.doc-sidebar a.menu__link[href^="/wide/note-"]').length === count,
      FOLDER_NOTES,
    );
    assert.equal(
      await page.locator('.doc-sidebar button.menu__link--more', { hasText: 'Show all 400 notes' }).count(),
      0,
    );
    assert.equal(await activeHref(page), '/wide/note-300');
    assert.equal(await windowMarker(page), 42, 'loaded in place, no page load');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('moves the windows when a navigation goes past them, in the folder and at the top level', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto(`${base}/wide/note-010`);
    await waitForRuntime(page);
    await markWindow(page);
    assert.equal(
      await page.locator('.doc-sidebar a.menu__link[href="/wide/note-390"]').count(),
      0,
      'outside the first window',
    );
    await navigate(page, '/wide/note-390');
    await page.waitForFunction(
      () => document.querySelector('.doc-sidebar a.menu__link--active')?.getAttribute('href') === '/wide/note-390',
    );
    assert.ok(
      await page.locator('.doc-sidebar a.menu__link[href="/wide/note-000"]').count(),
      'the head of the folder stays',
    );
    assert.ok((await folderLinks(page).count()) <= WINDOW_MOST);
    await navigate(page, '/top-012');
    await page.waitForFunction(
      () => document.querySelector('.doc-sidebar a.menu__link--active')?.getAttribute('href') === '/top-012',
    );
    await navigate(page, '/wide/note-200');
    await page.waitForFunction(
      () => document.querySelector('.doc-sidebar a.menu__link--active')?.getAttribute('href') === '/wide/note-200',
    );
    assert.equal(await windowMarker(page), 42, 'every move was in place');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('without JavaScript, leads from "Show all" to pages listing every note', async () => {
    const { page, context } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto(`${base}/wide/note-300`);
    await page.locator('.doc-sidebar a.menu__link--more', { hasText: 'Show all 400 notes' }).click();
    await page.waitForURL(/\/assets\/sidebar-[0-9a-f]+\/list-\d+\/$/);
    const listed: string[] = [];
    for (;;) {
      listed.push(
        ...(await page.locator('ol a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))),
      );
      const next = page.locator('a[rel="next"]');
      if ((await next.count()) === 0) break;
      await next.click();
      await page.waitForLoadState();
    }
    assert.equal(listed.length, FOLDER_NOTES);
    assert.ok(listed.includes('/wide/note-399'));
    await page.locator('ol a[href="/wide/note-399"]').click();
    await page.waitForURL(/\/wide\/note-399$/);
    await context.close();
  });
});
