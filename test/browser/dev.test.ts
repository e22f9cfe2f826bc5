/**
 * `wiki dev` in real Chromium, on a temp copy of the basic fixture: an edit shows up without a reload and
 * keeps the scroll position; a broken note shows the overlay while other pages are served; fixing it clears
 * the overlay; search finds what an edit added; a new note reaches the sidebar; a config edit reloads the config.
 * Timings are printed, never asserted.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openWatchedPage, type WatchedPage } from '../helpers/browser.js';
import { fixturesDir, makeTempDir } from '../helpers/cli.js';
import { copyFixtureSite, startDevProcess, type DevProcess } from '../helpers/devServer.js';

const filler = Array.from(
  { length: 60 },
  (_, i) => `Paragraph ${i + 1} of filler text, so the page is long enough to scroll.`,
).join('\n\n');
const setupNote = (firstLine: string) => `# Setup\n\n${firstLine}\n\n${filler}\n\nBack to [home](../intro.md).\n`;

describe('wiki dev in the browser', () => {
  let siteDir: string;
  let setupFile: string;
  let dev: DevProcess;
  let browser: Browser;
  let watched: WatchedPage;
  let page: Page;

  before(async () => {
    siteDir = makeTempDir('wiki-dev-');
    copyFixtureSite(path.join(fixturesDir, 'basic/docs'), siteDir, 'Dev Fixture');
    setupFile = path.join(siteDir, 'docs/guides/setup.md');
    fs.writeFileSync(setupFile, setupNote('How to set things up.'));
    dev = await startDevProcess(siteDir);
    browser = await launchBrowser();
    watched = await openWatchedPage(await browser.newContext());
    page = watched.page;
    await page.goto(`${dev.url}guides/setup`);
    await page.waitForSelector('html[data-wiki-dev-connected="true"]');
  });

  after(async () => {
    await browser?.close();
    await dev?.stop();
  });

  it('shows an edit without a reload and keeps the scroll position', async () => {
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'still here';
      window.scrollTo(0, 900);
    });
    const scrolled = await page.evaluate(() => window.scrollY);
    assert.ok(scrolled > 500, `the page should scroll (scrollY ${scrolled})`);
    const written = Date.now();
    fs.writeFileSync(setupFile, setupNote('How to set things up, edited live.'));
    await page.waitForFunction(
      () => document.querySelector('#__wiki .markdown')?.textContent?.includes('edited live'),
      undefined,
      { polling: 'raf', timeout: 15_000 },
    );
    console.log(`# write-to-DOM on the fixture: ${Date.now() - written} ms`);
    assert.equal(
      await page.evaluate(() => (window as unknown as { marker?: string }).marker),
      'still here',
      'the page must not reload',
    );
    assert.equal(await page.evaluate(() => window.scrollY), scrolled);
  });

  it('shows a broken note in an overlay (file, line, fix) and keeps serving other pages', async () => {
    fs.writeFileSync(setupFile, `---\ntitle: [unclosed\n---\n${setupNote('Broken.')}`);
    const overlay = await page.waitForSelector('#__wiki-dev-overlay', { timeout: 15_000 });
    const text = (await overlay.textContent()) ?? '';
    assert.match(text, /docs\/guides\/setup\.md:3/);
    assert.match(text, /Invalid YAML front matter/);
    assert.match(text, /Fix the YAML between the two --- lines/);
    const home = await fetch(dev.url);
    assert.equal(home.status, 200);
    assert.match(await home.text(), /Fixture home/);
    const guides = await fetch(`${dev.url}guides/`);
    assert.equal(guides.status, 200);
    assert.match(dev.output(), /error \[invalid-front-matter\] docs\/guides\/setup\.md:3: Invalid YAML front matter/);
  });

  it('clears the overlay once the note is fixed', async () => {
    fs.writeFileSync(setupFile, setupNote('Fixed again.'));
    await page.waitForSelector('#__wiki-dev-overlay', { state: 'detached', timeout: 15_000 });
    await page.waitForFunction(
      () => document.querySelector('#__wiki .markdown')?.textContent?.includes('Fixed again'),
      undefined,
      { timeout: 15_000 },
    );
  });

  it('finds a word an edit added with the search modal of the tab already open', async () => {
    // The first search loads the index; after the edit, the server indexes the notes again and the tab drops its copy.
    const hitsFor = async (query: string) => {
      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Input').fill(query);
      await page.locator('.DocSearch-Hit, .DocSearch-NoResults').first().waitFor({ timeout: 15_000 });
      const hits = await page.locator('.DocSearch-Hit').count();
      await page.keyboard.press('Escape');
      return hits;
    };
    assert.equal(await hitsFor('zanzibarword'), 0);
    fs.writeFileSync(setupFile, setupNote('Fixed again, now with zanzibarword.'));
    await page.waitForFunction(
      () => document.querySelector('#__wiki .markdown')?.textContent?.includes('zanzibarword'),
      undefined,
      { timeout: 15_000 },
    );
    assert.ok((await hitsFor('Zanzibarword')) > 0, 'the edited note is found');
  });

  it('adds a new note to the sidebar', async () => {
    fs.writeFileSync(path.join(siteDir, 'docs/guides/zebra.md'), '# Zebra crossing\n\nA new note.\n');
    await page.waitForFunction(
      () => document.querySelector('.doc-sidebar')?.textContent?.includes('Zebra crossing'),
      undefined,
      { timeout: 30_000 },
    );
    const response = await fetch(`${dev.url}guides/zebra`);
    assert.equal(response.status, 200);
  });

  it('reloads the config when it changes', async () => {
    fs.writeFileSync(
      path.join(siteDir, 'wiki.config.ts'),
      "export default { title: 'Renamed Wiki', url: 'https://fixture.example.com' };\n",
    );
    await page.waitForFunction(() => document.title.includes('Renamed Wiki'), undefined, { timeout: 30_000 });
  });

  it('logged no console errors (the CSP lets the page run)', () => {
    assert.deepEqual(watched.errors, []);
  });
});
