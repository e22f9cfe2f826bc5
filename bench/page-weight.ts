/**
 * Page weight of the reader runtime, measured in Chromium on a built site: prints figures, asserts nothing.
 *
 *   node --import tsx bench/page-weight.ts --dir /tmp/kb [--page /books/brave-new-world] [--verbose]
 *
 * 1. Cold load of a small note (empty cache): JavaScript as gzip would send it (level 6, as the site server does)
 *    and as transferred (the server prefers brotli), and every byte transferred, headers included.
 * 2. What was prefetched before any intent (page data and sidebar files fetched while the reader only looked; the
 *    sidebar files the page preloads for its own hydration are part of 1, not this).
 * 3. A navigation to the next note: hover on the "Next" card (intent), click, until the new page is shown.
 * Without --page, the smallest note that has a next note is used. Nothing leaves 127.0.0.1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { directoryFiles, startSiteServer } from '../src/node/server/index.js';
import { launchOfflineBrowser } from '../test/browser/runtime-harness.js';

interface Transfer {
  readonly url: string;
  readonly type: string;
  /** Bytes on the wire: encoded body plus response headers (0 for a cache hit). */
  readonly wire: number;
  /** The decoded body gzipped at level 6. */
  readonly gzip: number;
}

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'build' },
    page: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});
const dir = path.resolve(values.dir);

/** The smallest note (by page-data size) that links to a next note. */
function pickSmallNote(): string {
  const dataDir = path.join(dir, '__data');
  let best: { route: string; size: number } | undefined;
  for (const file of fs.readdirSync(dataDir, { recursive: true }) as string[]) {
    if (!file.endsWith('.json')) continue;
    const text = fs.readFileSync(path.join(dataDir, file), 'utf8');
    const page = JSON.parse(text) as { route: string; next?: unknown };
    if (page.next && (!best || text.length < best.size)) best = { route: page.route, size: text.length };
  }
  if (!best) throw new Error(`No note with a next note in ${dataDir}.`);
  return best.route;
}

function recordTransfers(page: Page): Transfer[] {
  const transfers: Transfer[] = [];
  page.on('response', (response: Response) => {
    void (async () => {
      const request = response.request();
      const sizes = await request.sizes();
      const body = response.status() === 200 ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
      transfers.push({
        url: request.url(),
        type: request.resourceType(),
        wire: sizes.responseBodySize + sizes.responseHeadersSize,
        gzip: gzipSync(body, { level: 6 }).length,
      });
    })();
  });
  return transfers;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const sum = (list: readonly Transfer[], pick: (t: Transfer) => number) => list.reduce((total, t) => total + pick(t), 0);
const isJs = (t: Transfer) => t.type === 'script' || t.url.endsWith('.js');
const isPrefetch = (t: Transfer) => /\/__data\/|\/assets\/sidebar-/.test(t.url);

function report(title: string, list: readonly Transfer[]): void {
  const js = list.filter(isJs);
  console.log(`${title}: ${list.length} responses, ${kb(sum(list, (t) => t.wire))} transferred in total`);
  console.log(
    `  JavaScript: ${js.length} files, ${kb(sum(js, (t) => t.gzip))} gzipped (level 6), ${kb(sum(js, (t) => t.wire))} as transferred`,
  );
  if (values.verbose)
    for (const t of list)
      console.log(
        `    ${t.type.padEnd(10)} ${kb(t.wire).padStart(9)} wire ${kb(t.gzip).padStart(9)} gzip  ${new URL(t.url).pathname}`,
      );
}

async function settle(page: Page, transfers: readonly Transfer[]): Promise<void> {
  // Idle-time work (in-view prefetch) runs, then responses are counted once nothing new arrives for a second.
  let count = -1;
  while (count !== transfers.length) {
    count = transfers.length;
    await page.waitForTimeout(1000);
  }
}

async function main(): Promise<void> {
  const route = values.page ?? pickSmallNote();
  const server = await startSiteServer({ files: directoryFiles(dir), port: 0 });
  const browser = await launchOfflineBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const transfers = recordTransfers(page);
    const url = new URL(route.replace(/^\//, ''), server.url).href;
    console.log(`Page weight of ${route} (${dir})\n`);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => (window as { __wiki?: unknown }).__wiki !== undefined);
    await settle(page, transfers);
    const cold = [...transfers];
    report('1. Cold load', cold);
    // The sidebar files the page itself preloads are what it hydrates from, not a prefetch of another page.
    const ownData = new Set(
      await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]'), (link) => link.href),
      ),
    );
    const prefetched = cold.filter((t) => isPrefetch(t) && !ownData.has(t.url));
    console.log(
      `2. Prefetched before intent: ${prefetched.length} files, ${kb(sum(prefetched, (t) => t.wire))} (${prefetched.map((t) => new URL(t.url).pathname).join(', ') || 'none'})`,
    );
    const next = page.locator('a.pagination-nav__link--next');
    const nextTitle = (await next.locator('.pagination-nav__label').innerText()).trim();
    await next.scrollIntoViewIfNeeded();
    const start = transfers.length;
    await next.hover();
    await next.click();
    await page.waitForFunction((title) => document.title.startsWith(title), nextTitle);
    await settle(page, transfers);
    report(`3. Navigation to the next note (${nextTitle}), from the hover on`, transfers.slice(start));
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
