/**
 * Issue #25, the mobile drawer on a long sidebar, in Chromium at 390 px, built and through `wiki dev`: the real
 * corpus's shape, 99 top-level sections with the current note near the end, about 3,900 px down the list. The drawer
 * opens scrolled so the current note's item is in view, and its buttons and links have no tap highlight.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { directoryFiles, startSiteServer } from '../../src/node/server/index.js';
import { makeTempDir, runWiki } from '../helpers/cli.js';
import { startDevProcess } from '../helpers/devServer.js';
import { describeOnTargets, launchOfflineBrowser, openPage, waitForRuntime, type Target } from './runtime-harness.js';

const SECTIONS = 99;
const NOTES = 14;
const section = (n: number) => `section-${String(n).padStart(2, '0')}`;
const note = (n: number) => `note-${String(n).padStart(2, '0')}`;
/** The current note: the last of the last section, as the corpus's "work/remote-work" is. */
const CURRENT = `/${section(SECTIONS)}/${note(NOTES)}`;
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true };

/** Writes the site: each section a folder with its index note and NOTES notes (categories start collapsed). */
function writeSectionsSite(siteDir: string): void {
  fs.mkdirSync(path.join(siteDir, 'static'), { recursive: true });
  // A favicon of its own: else Chromium asks for /favicon.ico, and its 404 is a console error.
  fs.writeFileSync(
    path.join(siteDir, 'static/favicon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
  );
  fs.writeFileSync(
    path.join(siteDir, 'wiki.config.mjs'),
    "export default { title: 'Sections', url: 'https://sections.example.com', favicon: 'favicon.svg' };\n",
  );
  const docs = path.join(siteDir, 'docs');
  fs.mkdirSync(docs);
  fs.writeFileSync(path.join(docs, 'intro.md'), '---\nslug: /\nsidebar_position: 0\n---\n# Intro\n\nMany sections.\n');
  for (let n = 1; n <= SECTIONS; n++) {
    const folder = path.join(docs, section(n));
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, `${section(n)}.md`), `# Section ${n}\n\nIts index.\n`);
    for (let k = 1; k <= NOTES; k++)
      fs.writeFileSync(path.join(folder, `${note(k)}.md`), `# Note ${k} of section ${n}\n\nText.\n`);
  }
}

/** Serves the generated site with the target's real CLI command. */
async function serveSectionsSite(target: Target): Promise<{ url: string; close(): Promise<void> }> {
  const siteDir = makeTempDir('wiki-sections-');
  writeSectionsSite(siteDir);
  if (target === 'dev') {
    const dev = await startDevProcess(siteDir);
    return { url: dev.url.replace(/\/?$/, '/'), close: () => dev.stop() };
  }
  const outDir = path.join(siteDir, 'build');
  const build = await runWiki(['build', '--config', path.join(siteDir, 'wiki.config.mjs'), '--out', outDir], {
    cwd: siteDir,
  });
  assert.equal(build.code, 0, build.stderr);
  const server = await startSiteServer({ files: directoryFiles(outDir), port: 0 });
  return { url: server.url, close: () => server.close() };
}

describeOnTargets((target) => {
  let site: { url: string; close(): Promise<void> } | undefined;
  let browser: Browser | undefined;
  before(async () => {
    site = await serveSectionsSite(target);
    browser = await launchOfflineBrowser();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  describe('Mobile drawer on a long sidebar', () => {
    it("opens scrolled so the current note's item is in view", async () => {
      const { page, errors, context } = await openPage(browser!, PHONE);
      await page.goto(`${site!.url}${CURRENT.slice(1)}`);
      await waitForRuntime(page);
      await page.click('.navbar__toggle');
      const content = page.locator('.mobile-sidebar__content');
      const active = content.locator('a.menu__link--active');
      await active.waitFor();
      assert.equal(await active.getAttribute('href'), CURRENT);
      const layout = await content.evaluate((box) => {
        const link = box.querySelector('a.menu__link--active')!.getBoundingClientRect();
        const view = box.getBoundingClientRect();
        return {
          down: link.top - view.top + box.scrollTop,
          scrollTop: box.scrollTop,
          visible: link.top >= view.top && link.bottom <= view.bottom,
          sections: box.querySelectorAll('.menu > .menu__list > .menu__list-item').length,
        };
      });
      assert.ok(layout.sections >= SECTIONS, `the list has every section (${layout.sections})`);
      assert.ok(layout.down > 3800, `the item is far down the list (${Math.round(layout.down)} px)`);
      assert.ok(layout.scrollTop > 3000, `the drawer opened scrolled (${layout.scrollTop} px)`);
      assert.ok(layout.visible, 'the current note is in view');
      assert.deepEqual(errors, []);
      await context.close();
    });

    it("shows no tap highlight on the drawer's buttons and links, nor on the button that opens it", async () => {
      const { page, context } = await openPage(browser!, PHONE);
      await page.goto(`${site!.url}${CURRENT.slice(1)}`);
      await waitForRuntime(page);
      const toggle = await page
        .locator('.navbar__toggle')
        .evaluate((el) => getComputedStyle(el).getPropertyValue('-webkit-tap-highlight-color'));
      assert.equal(toggle, 'rgba(0, 0, 0, 0)');
      await page.click('.navbar__toggle');
      await page.locator('.mobile-sidebar a.menu__link--active').waitFor();
      const colours = await page
        .locator('.mobile-sidebar')
        .evaluate((drawer) => [
          ...new Set(
            [...drawer.querySelectorAll('a, button')].map((el) =>
              getComputedStyle(el).getPropertyValue('-webkit-tap-highlight-color'),
            ),
          ),
        ]);
      assert.deepEqual(colours, ['rgba(0, 0, 0, 0)'], 'every button and link of the drawer is transparent');
      // Tapping a category's button changes nothing else: the drawer stays, the item opens.
      await page.locator('.mobile-sidebar button[aria-label="Expand sidebar category \'Section 98\'"]').tap();
      await page.locator(`.mobile-sidebar a[href="/${section(98)}/${note(1)}"]`).waitFor();
      await context.close();
    });
  });
});
