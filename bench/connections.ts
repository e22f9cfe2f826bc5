/**
 * Bytes a reader fetches for a hover preview and for opening a note's graph, in Chromium on a built site: prints
 * figures, asserts nothing. Nothing leaves 127.0.0.1.
 *
 *   node --import tsx bench/connections.ts --dir /tmp/kb [--page /some/note]
 *
 * Without --page, the first note (by route) whose content links to another note is used.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Page, Request } from 'playwright-core';
import { directoryFiles, startSiteServer } from '../src/node/server/index.js';
import { launchOfflineBrowser } from '../test/browser/runtime-harness.js';

const { values } = parseArgs({ options: { dir: { type: 'string', default: 'build' }, page: { type: 'string' } } });
const dir = path.resolve(values.dir);

/** A note whose content links to another page of the site. */
function pickNote(): string {
  if (values.page) return values.page;
  const data = path.join(dir, '__data');
  const files = fs.readdirSync(data, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.json'));
  for (const file of files.sort()) {
    const page = JSON.parse(fs.readFileSync(path.join(data, file), 'utf8')) as { route: string; contentHtml: string };
    if (/<a href="\/[^"#]/.test(page.contentHtml)) return page.route;
  }
  throw new Error(`No note of ${dir} links to another note.`);
}

/** Every request finished while `action` runs and a moment after: URL, bytes on the wire (body and headers). */
async function transfers(page: Page, action: () => Promise<void>): Promise<{ url: string; bytes: number }[]> {
  const finished: Request[] = [];
  const record = (request: Request) => finished.push(request);
  page.on('requestfinished', record);
  await action();
  await page.waitForTimeout(500);
  page.off('requestfinished', record);
  return Promise.all(
    finished.map(async (request) => {
      const sizes = await request.sizes();
      return { url: new URL(request.url()).pathname, bytes: sizes.responseBodySize + sizes.responseHeadersSize };
    }),
  );
}

function print(label: string, list: readonly { url: string; bytes: number }[]): void {
  const total = list.reduce((sum, entry) => sum + entry.bytes, 0);
  console.log(`${label}: ${(total / 1024).toFixed(1)} KB in ${list.length} request(s)`);
  for (const entry of list) console.log(`  ${(entry.bytes / 1024).toFixed(1).padStart(7)} KB  ${entry.url}`);
}

const server = await startSiteServer({ files: directoryFiles(dir), port: 0 });
const browser = await launchOfflineBrowser();
try {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const route = pickNote();
  await page.goto(new URL(route.slice(1), server.url).href);
  await page.waitForFunction(
    () => typeof (window as { __wiki?: { navigate?: unknown } }).__wiki?.navigate === 'function',
  );
  console.log(`note: ${route}`);
  const link = page.locator('.doc-markdown a[href^="/"]:not([href^="/assets"])').first();
  print(
    `one preview (${await link.getAttribute('href')})`,
    await transfers(page, async () => {
      await link.hover();
      await page.locator('#wiki-link-preview:not([hidden])').waitFor();
    }),
  );
  await page.mouse.move(1, 1);
  print(
    'opening the local graph',
    await transfers(page, async () => {
      await page.locator('[data-graph-open]').click();
      await page.locator('.graph-dialog[open] a.graph-node').first().waitFor();
    }),
  );
} finally {
  await browser.close();
  await server.close();
}
