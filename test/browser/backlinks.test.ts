/**
 * Backlinks, hover previews and the link graph (issue 24) in Chromium, on test/fixtures/backlinks-site as built and as
 * `wiki dev` serves it. No request interception: it would turn off the HTTP cache the previews share with prefetch.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  describeOnTargets,
  openPage,
  serveFixtureForSuites,
  waitForRuntime,
  type ServedSite,
} from './runtime-harness.js';

let site: ServedSite;
let browser: Browser;

const PREVIEW = '#wiki-link-preview';
const isShown = (page: Page) => page.locator(PREVIEW).isVisible();
const serverHits = (file: string) => site.served.filter((p) => p === file).length;
/** Whether any script the page has loaded so far holds d3-force's code. */
const loadedForceCode = (page: Page) =>
  page.evaluate(async () => {
    const scripts = performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.js'));
    const texts = await Promise.all(scripts.map((entry) => fetch(entry.name).then((response) => response.text())));
    return texts.some((text) => text.includes('alphaDecay'));
  });

async function openNote(route: string, options: Parameters<typeof openPage>[1] = {}) {
  const opened = await openPage(browser, options);
  await opened.page.goto(`${site.url}${route.slice(1)}`);
  await waitForRuntime(opened.page);
  return opened;
}

describeOnTargets((target) => {
  serveFixtureForSuites('backlinks-site', target, (served, launched) => {
    site = served;
    browser = launched;
  });

  describe('Hover previews', () => {
    it('show after the pointer rests on a link, fetch the page data once, and hide when it leaves', async () => {
      const { page, errors, context, requests } = await openNote('/intro');
      const link = page.locator('.doc-markdown a[href="/guide/planting"]');
      const before = requests.length;
      await link.hover();
      await page.waitForTimeout(100);
      assert.equal(await isShown(page), false, 'nothing before the intent delay');
      await page.locator(PREVIEW).waitFor({ state: 'visible' });
      assert.equal(await page.locator(`${PREVIEW} .link-preview__title`).textContent(), 'Planting');
      const body = (await page.locator(`${PREVIEW} .link-preview__body`).textContent()) ?? '';
      assert.match(body, /Seeds go in spring/, 'the opening section');
      assert.doesNotMatch(body, /twice as deep/, 'not the sections after it');
      assert.equal(await page.locator(`${PREVIEW} strong`).textContent(), 'Good soil', 'formatting kept');
      assert.equal(await page.locator(PREVIEW).getAttribute('role'), 'tooltip');
      assert.equal(await link.getAttribute('aria-describedby'), 'wiki-link-preview');
      await page.mouse.move(5, 5);
      await page.locator(PREVIEW).waitFor({ state: 'hidden' });
      await link.hover();
      await page.locator(PREVIEW).waitFor({ state: 'visible' });
      assert.equal(serverHits('/__data/guide/planting.json'), 1, 'one page-data request for the two previews');
      const fetched = requests.slice(before).map((url) => new URL(url).pathname);
      assert.ok(!fetched.some((p) => p.includes('/assets/graph-')), 'a preview fetches no graph');
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('show on keyboard focus and hide on Escape and on blur', async () => {
      const { page, errors, context } = await openNote('/intro');
      const link = page.locator('.doc-markdown a[href="/guide/planting"]');
      await link.focus();
      await page.locator(PREVIEW).waitFor({ state: 'visible' });
      await page.keyboard.press('Escape');
      await page.locator(PREVIEW).waitFor({ state: 'hidden' });
      await link.blur();
      await link.focus();
      await page.locator(PREVIEW).waitFor({ state: 'visible' });
      await link.blur();
      await page.locator(PREVIEW).waitFor({ state: 'hidden' });
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('show the section a link names', async () => {
      const { page, context } = await openNote('/guide/planting');
      await page.locator('.doc-markdown a[href="/guide/soil#texture"]').hover();
      await page.locator(PREVIEW).waitFor({ state: 'visible' });
      assert.match((await page.locator(PREVIEW).textContent()) ?? '', /Sandy, silty or clay/);
      assert.equal(
        await page.locator(`${PREVIEW} .link-preview__body [id]`).count(),
        0,
        'no id of the page is repeated',
      );
      await context.close();
    });

    it('never show on a touch device', async () => {
      const { page, context, requests } = await openNote('/intro', {
        hasTouch: true,
        isMobile: true,
        viewport: { width: 390, height: 800 },
      });
      const link = page.locator('.doc-markdown a[href="/guide/planting"]');
      await link.dispatchEvent('touchstart');
      await link.focus();
      await link.dispatchEvent('pointerover', { pointerType: 'touch' });
      await page.waitForTimeout(700);
      assert.equal(await page.locator(PREVIEW).count(), 0, 'no popover');
      assert.ok(!requests.some((url) => url.includes('popover')), 'its code is not even loaded');
      await context.close();
    });
  });

  describe('Backlinks', () => {
    it('are on the page and on pages shown in place', async () => {
      const { page, errors, context } = await openNote('/intro');
      await page.locator('.doc-markdown a[href="/guide/planting"]').click();
      await page.waitForFunction(() => document.title.startsWith('Planting'));
      const links = page.locator('.backlinks li > a');
      assert.deepEqual(await links.allTextContents(), ['Introduction', 'Soil']);
      assert.equal(await page.locator('.backlinks h2').textContent(), 'Linked from');
      assert.match((await page.locator('.backlinks__context').first().textContent()) ?? '', /planting guide/);
      assert.deepEqual(errors, []);
      await context.close();
    });
  });

  describe('Graph', () => {
    it('loads nothing of the graph until opened, then draws the neighbourhood with the note highlighted', async () => {
      const { page, errors, context, requests } = await openNote('/intro');
      assert.ok(!requests.some((url) => url.includes('/assets/graph-')), 'no graph file before opening');
      assert.equal(await loadedForceCode(page), false, 'no d3-force code before opening');
      const before = requests.length;
      await page.locator('[data-graph-open]').click();
      await page.locator('.graph-dialog[open] a.graph-node').first().waitFor();
      const fetched = requests.slice(before).map((url) => new URL(url).pathname);
      assert.ok(
        fetched.some((p) => /\/assets\/graph-[0-9a-f]+\.json$/.test(p)),
        'the graph file',
      );
      assert.ok(
        fetched.some((p) => p.endsWith('.js')),
        'the graph code',
      );
      assert.equal(await loadedForceCode(page), true);
      const hrefs = await page
        .locator('.graph-dialog a.graph-node')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href')).sort());
      assert.deepEqual(hrefs, ['/guide/planting', '/guide/soil', '/guide/watering', '/intro'], 'depth 2, not /alone');
      const current = page.locator('.graph-dialog a.graph-node--current');
      assert.equal(await current.getAttribute('href'), '/intro');
      assert.equal(await current.getAttribute('aria-current'), 'page');
      assert.equal(await page.locator('.graph-dialog line.graph-link').count(), 5, 'the links among them');
      await page.keyboard.press('Escape');
      await page.locator('.graph-dialog').waitFor({ state: 'hidden' });
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('has a global page whose nodes lead to their notes', async () => {
      const { page, errors, context } = await openNote('/graph');
      await page.locator('[data-graph-view="global"][data-graph-settled]').waitFor();
      assert.equal(await page.locator('a.graph-node').count(), 5);
      assert.equal(await page.locator('a.graph-node--current').count(), 0);
      await page.locator('a.graph-node[href="/alone"] circle').click();
      await page.waitForFunction(() => document.title.startsWith('Alone'));
      assert.deepEqual(errors, []);
      await context.close();
    });
  });
});
