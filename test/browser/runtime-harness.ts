/**
 * Shared set-up of the reader runtime's browser tests (test/browser/runtime-*.test.ts): fixture sites built once by
 * the real CLI, served over HTTP on 127.0.0.1, and pages that record console output and page-data requests.
 */
import { after, before } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Route } from 'playwright-core';
import { makeTempDir, runWiki, fixturesDir } from '../helpers/cli.js';
import { directoryFiles, startSiteServer } from '../../src/node/server/index.js';
import { launchBrowser } from '../helpers/browser.js';

export interface ServedSite {
  /** The site's address, base URL included ("http://127.0.0.1:PORT/wiki/"). */
  readonly url: string;
  readonly outDir: string;
  /** Paths the server was asked for (what really went over the network, cache hits excluded). */
  readonly served: string[];
  close(): Promise<void>;
}

/** Builds test/fixtures/<name> into `<tmp>/<mount>` and serves `<tmp>`, so the site answers under `/<mount>/`. */
export async function buildAndServe(name: string, options: { mount?: string } = {}): Promise<ServedSite> {
  const root = makeTempDir(`wiki-${name}-`);
  const outDir = path.join(root, options.mount ?? 'site');
  const siteDir = path.join(fixturesDir, name);
  const result = await runWiki(['build', '--config', path.join(siteDir, 'wiki.config.ts'), '--out', outDir], { cwd: siteDir });
  if (result.code !== 0) throw new Error(`Building the ${name} fixture failed:\n${result.stderr}`);
  const served: string[] = [];
  const onRequest = (entry: { url: string }) => served.push(decodeURI(entry.url.split('?')[0]!));
  const server = await startSiteServer({ files: directoryFiles(options.mount ? root : outDir), port: 0, onRequest });
  return { url: options.mount ? `${server.url}${options.mount}/` : server.url, outDir, served, close: () => server.close() };
}

/** Serves a folder as it is on 127.0.0.1 (e.g. a built site copied under another path). */
export async function serveFolder(root: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = await startSiteServer({ files: directoryFiles(root), port: 0 });
  return { url: server.url, close: () => server.close() };
}

export interface OpenedPage {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Console errors and page errors. */
  readonly errors: string[];
  readonly warnings: string[];
  /** Every page-data request ("/__data/...json"), in order, as paths. */
  readonly dataRequests: string[];
}

/**
 * Chromium that cannot reach anything but 127.0.0.1: host names do not resolve. Unlike request interception
 * (page.route), this keeps the HTTP cache on, which prefetching depends on.
 */
export function launchOfflineBrowser(): Promise<Browser> {
  return launchBrowser(['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1']);
}

/** A fresh context (cold cache) and page that records console errors and warnings and page-data requests. */
/**
 * `init` runs before the page's own scripts. Prefer a string: a function goes through tsx's transform first, which
 * can add helpers (`__name`) that do not exist in the page.
 */
export async function openPage(browser: Browser, options: BrowserContextOptions & { init?: string | (() => void) } = {}): Promise<OpenedPage> {
  const { init, ...contextOptions } = options;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...contextOptions });
  if (init) await context.addInitScript(typeof init === 'string' ? { content: init } : init);
  const page = await context.newPage();
  const errors: string[] = [];
  const warnings: string[] = [];
  const dataRequests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
    if (message.type() === 'warning') warnings.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.includes('/__data/')) dataRequests.push(pathname);
  });
  return { page, context, errors, warnings, dataRequests };
}

/** Answers matching requests only after `ms` (the real response, late). */
export async function delayRoute(page: Page, pattern: string | RegExp, ms: number): Promise<void> {
  await page.route(pattern, async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/** Sets a marker on window: a full page load loses it, an in-place navigation keeps it. */
export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
}

export async function windowMarker(page: Page): Promise<number | undefined> {
  return page.evaluate(() => (window as unknown as { __marker?: number }).__marker);
}

/** Waits until the runtime has hydrated the page (it sets window.__wiki after hydrateRoot). */
export async function waitForRuntime(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__wiki !== undefined);
}

/** The HTML file the build wrote for a route. */
export function builtHtml(site: ServedSite, relPath: string): string {
  return fs.readFileSync(path.join(site.outDir, relPath), 'utf8');
}

declare global {
  interface Window {
    __wiki?: unknown;
  }
}

/**
 * For one test file: builds and serves the fixture site and launches the offline browser before its tests, closes
 * both after them, and hands them over through `onReady`.
 */
export function serveFixtureForFile(name: string, onReady: (site: ServedSite, browser: Browser) => void): void {
  let site: ServedSite | undefined;
  let browser: Browser | undefined;
  before(async () => {
    site = await buildAndServe(name);
    browser = await launchOfflineBrowser();
    onReady(site, browser);
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });
}
