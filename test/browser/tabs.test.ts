/**
 * Tabs and Mermaid diagrams in the browser (src/client/islands), on test/fixtures/mdx-islands (docs/tabs.mdx: MDX
 * compiled and rendered by the build), built and through `wiki dev`: tabs switch by click
 * and keyboard, a groupId syncs groups and survives a reload, queryString reads and writes the URL, the island code
 * loads only on pages that need it, and diagrams render and follow the colour mode.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { AxeResults } from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { directoryFiles, startSiteServer } from '../../src/node/server/index.js';
import { copyFixture, makeTempDir, runWiki } from '../helpers/cli.js';
import { startDevProcess } from '../helpers/devServer.js';
import {
  afterIdleWork,
  describeOnTargets,
  launchOfflineBrowser,
  markWindow,
  openPage,
  waitForRuntime,
  windowMarker,
  type Target,
} from './runtime-harness.js';

interface Site {
  readonly url: string;
  /** The site's folder (a copy of the fixture): `wiki dev` follows edits there. */
  readonly siteDir: string;
  close(): Promise<void>;
}

/** The fixture with its tabs note written, built and served, or served by `wiki dev`. */
async function serveIslands(target: Target): Promise<Site> {
  const siteDir = makeTempDir('wiki-islands-');
  copyFixture('mdx-islands', siteDir);
  if (target === 'dev') {
    const dev = await startDevProcess(siteDir);
    return { url: dev.url, siteDir, close: () => dev.stop() };
  }
  const outDir = path.join(siteDir, 'build');
  const result = await runWiki(['build', '--config', path.join(siteDir, 'wiki.config.ts'), '--out', outDir], {
    cwd: siteDir,
  });
  if (result.code !== 0) throw new Error(`Building the mdx-islands fixture failed:\n${result.stderr}`);
  const server = await startSiteServer({ files: directoryFiles(outDir), port: 0 });
  return { url: server.url, siteDir, close: () => server.close() };
}

/** WCAG 2 A/AA violations axe finds on the page as it is (as crawl.test.ts checks the fixture sites). */
async function findViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
  const results = (await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(tags)} } })`,
  )) as AxeResults;
  return results.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')}`));
}

const ISLAND_CHUNK = /\/chunk-(tabs|mermaid)-\w+\.js$/;

/** Opens the tabs page and waits until its four tab groups work. */
async function openTabs(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForRuntime(page);
  await page.waitForFunction(() => document.querySelectorAll('.tabs-container[data-tabs-ready]').length === 4);
}

/** The selected tab and the shown panels of the group in `#section`. */
async function groupState(page: Page, section: string) {
  return page.evaluate((id) => {
    const container = document.querySelector(`#${id} > .tabs-container`)!;
    const tabs = [...container.querySelectorAll<HTMLElement>(':scope > [role="tablist"] > [role="tab"]')];
    const panels = [...container.querySelectorAll<HTMLElement>(':scope > [role="tabpanel"]')];
    return {
      selected: tabs.filter((tab) => tab.getAttribute('aria-selected') === 'true').map((tab) => tab.dataset.value),
      focusable: tabs.filter((tab) => tab.tabIndex === 0).map((tab) => tab.dataset.value),
      shown: panels.filter((panel) => !panel.hidden && panel.offsetHeight > 0).map((panel) => panel.dataset.value),
      focused: document.activeElement instanceof HTMLElement ? document.activeElement.dataset.value : undefined,
    };
  }, section);
}

const only = (value: string) => ({ selected: [value], focusable: [value], shown: [value] });
const tab = (page: Page, section: string, name: string) =>
  page.locator(`#${section} [role="tab"]`).filter({ hasText: new RegExp(`^${name}$`) });

describeOnTargets((target) => {
  let site: Site;
  let browser: Browser;

  before(async () => {
    site = await serveIslands(target);
    browser = await launchOfflineBrowser();
  });

  after(async () => {
    await browser?.close();
    await site?.close();
  });

  describe('tabs', () => {
    it('show the selected panel and switch on click', async () => {
      const { page, errors, context } = await openPage(browser);
      await openTabs(page, `${site.url}tabs`);
      assert.deepEqual(await groupState(page, 'plain'), { ...only('a'), focused: undefined });
      await tab(page, 'plain', 'Beta').click();
      assert.deepEqual(await groupState(page, 'plain'), { ...only('b'), focused: 'b' });
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('switch with the arrow keys (wrapping), Home and End, moving the focus', async () => {
      const { page, errors, context } = await openPage(browser);
      await openTabs(page, `${site.url}tabs`);
      await tab(page, 'plain', 'Alpha').focus();
      const steps: Array<[key: string, value: string]> = [
        ['ArrowRight', 'b'],
        ['ArrowRight', 'c'],
        ['ArrowRight', 'a'],
        ['ArrowLeft', 'c'],
        ['Home', 'a'],
        ['End', 'c'],
      ];
      for (const [key, value] of steps) {
        await page.keyboard.press(key);
        assert.deepEqual(await groupState(page, 'plain'), { ...only(value), focused: value }, `after ${key}`);
      }
      // Tab leaves the tab list: only the selected tab is in the tab order.
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.closest('#plain [role="tablist"]')), null);
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('sync every group of one groupId, remember the choice and restore it on reload', async () => {
      const { page, errors, context } = await openPage(browser);
      await openTabs(page, `${site.url}tabs`);
      assert.deepEqual((await groupState(page, 'second-os')).selected, ['mac']);
      await tab(page, 'first-os', 'WINDOWS').click();
      assert.deepEqual((await groupState(page, 'first-os')).shown, ['windows']);
      assert.deepEqual((await groupState(page, 'second-os')).shown, ['windows']);
      assert.deepEqual((await groupState(page, 'plain')).selected, ['a'], 'other groups stay');
      assert.equal(await page.evaluate(() => localStorage.getItem('docusaurus.tab.os')), 'windows');
      await page.reload();
      await openTabs(page, `${site.url}tabs`);
      assert.deepEqual(await groupState(page, 'first-os'), { ...only('windows'), focused: undefined });
      assert.deepEqual((await groupState(page, 'second-os')).shown, ['windows']);
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('keep the clicked tab list in place when a group above changes height', async () => {
      const { page, errors, context } = await openPage(browser, { viewport: { width: 1280, height: 500 } });
      await openTabs(page, `${site.url}tabs`);
      const second = tab(page, 'second-os', 'LINUX');
      await second.scrollIntoViewIfNeeded();
      const before = (await second.boundingBox())!.y;
      await second.click(); // the first group's linux panel is 500px taller than its mac panel
      assert.deepEqual((await groupState(page, 'first-os')).shown, ['linux']);
      assert.ok(Math.abs((await second.boundingBox())!.y - before) < 2, 'the clicked tab did not move');
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('read the queryString choice from the URL and write it there, ignoring unknown values', async () => {
      const { page, errors, context } = await openPage(browser);
      await openTabs(page, `${site.url}tabs?pm=pnpm`);
      assert.deepEqual((await groupState(page, 'query')).shown, ['pnpm']);
      const entries = await page.evaluate(() => history.length);
      await tab(page, 'query', 'yarn').click();
      assert.equal(new URL(page.url()).searchParams.get('pm'), 'yarn');
      assert.equal(await page.evaluate(() => history.length), entries, 'replaced, not pushed');
      await openTabs(page, `${site.url}tabs?pm=bun`);
      assert.deepEqual((await groupState(page, 'query')).shown, ['npm'], 'an unknown value keeps the default');
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('load no island code on a page without tabs, and work after an in-place navigation to one', async () => {
      const { page, errors, requests, context } = await openPage(browser);
      await page.goto(site.url);
      await waitForRuntime(page);
      await afterIdleWork(page);
      assert.deepEqual(
        requests.filter((url) => ISLAND_CHUNK.test(url)),
        [],
      );
      await markWindow(page);
      await page.locator('.doc-markdown a', { hasText: 'Tabs' }).click();
      await page.waitForFunction(() => document.querySelectorAll('.tabs-container[data-tabs-ready]').length === 4);
      assert.equal(await windowMarker(page), 42, 'shown in place');
      assert.deepEqual(
        requests.filter((url) => ISLAND_CHUNK.test(url)).map((url) => ISLAND_CHUNK.exec(url)![1]),
        ['tabs'],
      );
      await tab(page, 'plain', 'Gamma').click();
      assert.deepEqual((await groupState(page, 'plain')).shown, ['c']);
      assert.deepEqual(errors, []);
      await context.close();
    });
  });

  if (target === 'build') {
    describe('accessibility', () => {
      it('pass axe’s WCAG A/AA rules, with a tab chosen, in light and dark mode', async () => {
        // The site's CSP admits only its own scripts: axe is injected as an inline script.
        const { page, errors, context } = await openPage(browser, { bypassCSP: true });
        for (const theme of ['light', 'dark']) {
          await page.addInitScript(`localStorage.setItem('theme', '${theme}')`);
          await openTabs(page, `${site.url}tabs`);
          await tab(page, 'first-os', 'LINUX').click();
          assert.deepEqual(await findViolations(page), [], `${theme} mode`);
        }
        assert.deepEqual(errors, []);
        await context.close();
      });
    });
  }

  if (target === 'dev') {
    describe('live updates', () => {
      it('work again after `wiki dev` swaps in the edited note', async () => {
        const { page, errors, context } = await openPage(browser);
        await openTabs(page, `${site.url}tabs`);
        const note = path.join(site.siteDir, 'docs/tabs.mdx');
        fs.writeFileSync(note, fs.readFileSync(note, 'utf8').replace('Four groups', 'Edited: four groups'));
        await page.waitForFunction(() => document.querySelector('.doc-markdown')?.textContent?.includes('Edited:'));
        await page.waitForFunction(() => document.querySelectorAll('.tabs-container[data-tabs-ready]').length === 4);
        await tab(page, 'plain', 'Beta').click();
        assert.deepEqual((await groupState(page, 'plain')).shown, ['b']);
        assert.deepEqual(errors, []);
        await context.close();
      });
    });
  }

  describe('Mermaid diagrams', () => {
    it('render to SVG and draw again in the other colour mode', async () => {
      const { page, errors, requests, context } = await openPage(browser);
      await page.goto(`${site.url}diagram`);
      await waitForRuntime(page);
      await page.waitForSelector('pre.mermaid[data-mermaid-rendered="default"] svg');
      assert.match(await page.locator('pre.mermaid svg').innerHTML(), /Write[^]*Build/);
      assert.ok(requests.some((url) => /\/chunk-mermaid-\w+\.js$/.test(url)));
      assert.ok(!requests.some((url) => /\/chunk-tabs-\w+\.js$/.test(url)), 'no tabs code on a page without tabs');
      await page.click('.navbar .color-mode-toggle');
      await page.waitForSelector('pre.mermaid[data-mermaid-rendered="dark"] svg');
      assert.equal(await page.locator('pre.mermaid svg').count(), 1);
      assert.deepEqual(errors, []);
      await context.close();
    });
  });
});
