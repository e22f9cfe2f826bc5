/**
 * Shared set-up of the reader runtime's browser tests (test/browser/runtime-*.test.ts): fixture sites served on
 * 127.0.0.1 by either target, the production build (built once by the real CLI, served as files) or `wiki dev` (the
 * real CLI, serving from memory), and pages that record console output and requests.
 */
import { after, before, describe } from 'node:test';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Route } from 'playwright-core';
import { copyFixture, makeTempDir, runWiki, fixturesDir } from '../helpers/cli.js';
import { startDevProcess } from '../helpers/devServer.js';
import { directoryFiles, startSiteServer } from '../../src/node/server/index.js';
import { launchBrowser } from '../helpers/browser.js';

/** What serves the fixture: `wiki build` output served as files, or `wiki dev`. */
export type Target = 'build' | 'dev';

/** The runtime suites run on both: the reader must not see a difference. */
export const TARGETS: readonly Target[] = ['build', 'dev'];

export interface ServedSite {
  readonly target: Target;
  /** The site's address, base URL included ("http://127.0.0.1:PORT/wiki/"). */
  readonly url: string;
  /** The built folder; undefined for `wiki dev`, which builds in memory. */
  readonly outDir: string | undefined;
  /** Paths the server was asked for (what really went over the network, cache hits excluded). */
  readonly served: string[];
  close(): Promise<void>;
}

/** Serves test/fixtures/<name> with the target's real CLI command. */
export function serveFixture(name: string, target: Target, options: { mount?: string } = {}): Promise<ServedSite> {
  return target === 'build' ? buildAndServe(name, options) : serveWithDev(name, options);
}

/** Builds test/fixtures/<name> into `<tmp>/<mount>` and serves `<tmp>`, so the site answers under `/<mount>/`. */
export async function buildAndServe(name: string, options: { mount?: string } = {}): Promise<ServedSite> {
  const root = makeTempDir(`wiki-${name}-`);
  const outDir = path.join(root, options.mount ?? 'site');
  const siteDir = path.join(fixturesDir, name);
  const result = await runWiki(['build', '--config', path.join(siteDir, 'wiki.config.ts'), '--out', outDir], {
    cwd: siteDir,
  });
  if (result.code !== 0) throw new Error(`Building the ${name} fixture failed:\n${result.stderr}`);
  const served: string[] = [];
  const onRequest = (entry: { url: string }) => served.push(decodeURI(entry.url.split('?')[0]!));
  const server = await startSiteServer({ files: directoryFiles(options.mount ? root : outDir), port: 0, onRequest });
  const url = options.mount ? `${server.url}${options.mount}/` : server.url;
  return { target: 'build', url, outDir, served, close: () => server.close() };
}

/**
 * Runs `wiki dev` on a temp copy of test/fixtures/<name>, behind a pass-through proxy that records the paths asked
 * for (as the build's server does with onRequest). `wiki dev` serves a site at / only, whatever its baseUrl.
 */
async function serveWithDev(name: string, options: { mount?: string }): Promise<ServedSite> {
  if (options.mount)
    throw new Error(`wiki dev serves ${name} at / only: it cannot be mounted under /${options.mount}/.`);
  const siteDir = makeTempDir(`wiki-dev-${name}-`);
  copyFixture(name, siteDir);
  const dev = await startDevProcess(siteDir);
  const served: string[] = [];
  const proxy = await startRecordingProxy(new URL(dev.url), (pathname) => served.push(pathname));
  return {
    target: 'dev',
    url: proxy.url,
    outDir: undefined,
    served,
    close: async () => {
      await proxy.close();
      await dev.stop();
    },
  };
}

/** An HTTP proxy on 127.0.0.1 that passes every request to `upstream` as it is, streaming, and records its path. */
async function startRecordingProxy(
  upstream: URL,
  record: (pathname: string) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    record(decodeURI((req.url ?? '/').split('?')[0]!));
    const forwarded = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        // The dev event stream never ends on its own.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
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
  /** Every request the page made, in order, as full URLs. */
  readonly requests: string[];
}

/**
 * Chromium that cannot reach anything but 127.0.0.1: host names do not resolve. Unlike request interception
 * (page.route), this keeps the HTTP cache on, which prefetching depends on.
 */
export function launchOfflineBrowser(): Promise<Browser> {
  return launchBrowser(['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1']);
}

/**
 * A fresh context (cold cache) and page that records console errors and warnings and requests.
 * `init` runs before the page's own scripts. Prefer a string: a function goes through tsx's transform first, which
 * can add helpers (`__name`) that do not exist in the page.
 */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions & { init?: string | (() => void) } = {},
): Promise<OpenedPage> {
  const { init, ...contextOptions } = options;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...contextOptions });
  if (init) await context.addInitScript(typeof init === 'string' ? { content: init } : init);
  const page = await context.newPage();
  const errors: string[] = [];
  const warnings: string[] = [];
  const dataRequests: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
    if (message.type() === 'warning') warnings.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    requests.push(request.url());
    const { pathname } = new URL(request.url());
    if (pathname.includes('/__data/')) dataRequests.push(pathname);
  });
  return { page, context, errors, warnings, dataRequests, requests };
}

/** Answers matching requests only after `ms` (the real response, late). */
export async function delayRoute(page: Page, pattern: string | RegExp, ms: number): Promise<void> {
  await page.route(pattern, async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/** Holds the first matching request until `release()`: the page waits on a response the test lets go. */
export async function holdRoute(page: Page, pattern: string | RegExp): Promise<{ release(): void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route: Route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/**
 * Resolves once the idle-time work the page has queued so far has run, and what it queued in turn: an idle callback
 * runs after those queued before it, and two frames let IntersectionObserver deliver its entries in between.
 */
export async function afterIdleWork(page: Page): Promise<void> {
  await page.evaluate(`(async () => {
    const idle = () => new Promise((resolve) => requestIdleCallback(() => resolve()));
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
    await idle();
    await frame();
    await frame();
    await idle();
  })()`);
}

/** Waits until the page has fetched a URL ending with `urlEnd` to its last byte (its resource timing entry). */
export async function waitForFetched(page: Page, urlEnd: string): Promise<void> {
  await page.waitForFunction(
    (end) =>
      performance
        .getEntriesByType('resource')
        .some((entry) => entry.name.endsWith(end) && (entry as PerformanceResourceTiming).responseEnd > 0),
    urlEnd,
  );
}

/** Sets a marker on window: a full page load loses it, an in-place navigation keeps it. */
export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
}

export async function windowMarker(page: Page): Promise<number | undefined> {
  return page.evaluate(() => (window as unknown as { __marker?: number }).__marker);
}

/**
 * Waits until the runtime has hydrated the page (it sets window.__wiki after hydrateRoot). Its `navigate`, not the name
 * alone: before that, window.__wiki is the `<div id="__wiki">` element (named access).
 */
export async function waitForRuntime(page: Page): Promise<void> {
  await page.waitForFunction(
    () => typeof (window.__wiki as { navigate?: unknown } | undefined)?.navigate === 'function',
  );
}

declare global {
  interface Window {
    __wiki?: unknown;
  }
}

/** Declares a test file's suites once per target, under "built site" and "wiki dev". */
export function describeOnTargets(suites: (target: Target) => void): void {
  for (const target of TARGETS) describe(target === 'build' ? 'built site' : 'wiki dev', () => suites(target));
}

/**
 * For the suites of one target: serves the fixture site and launches the offline browser before their tests, closes
 * both after them, and hands them over through `onReady`.
 */
export function serveFixtureForSuites(
  name: string,
  target: Target,
  onReady: (site: ServedSite, browser: Browser) => void,
): void {
  let site: ServedSite | undefined;
  let browser: Browser | undefined;
  before(async () => {
    site = await serveFixture(name, target);
    browser = await launchOfflineBrowser();
    onReady(site, browser);
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });
}
