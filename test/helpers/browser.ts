import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { directoryFiles, startSiteServer, type SiteServer } from '../../src/node/server/index.js';

/** Debian's Chromium (never a downloaded browser); scripts/test.mjs installs it when missing. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (c): c is string => Boolean(c),
  );
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error('Chromium not found: run `apt-get install -y chromium` or set CHROMIUM_PATH.');
  return found;
}

/** Headless Chromium with the flags this closed network needs (no background connections), plus `extraArgs`. */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
      ...extraArgs,
    ],
  });
}

/** Serves a built site folder on 127.0.0.1 with a free port. */
export function serveBuiltSite(dir: string): Promise<SiteServer> {
  return startSiteServer({ files: directoryFiles(dir), port: 0 });
}

/** A built site served over HTTP and a browser with a desktop-sized context, for a test file's before() and after(). */
export interface BrowsedSite {
  /** The server's address without its trailing slash: `${base}/route`. */
  readonly base: string;
  readonly browser: Browser;
  readonly context: BrowserContext;
  close(): Promise<void>;
}

export async function browseBuiltSite(dir: string): Promise<BrowsedSite> {
  const server = await serveBuiltSite(dir);
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return {
    base: server.url.replace(/\/$/, ''),
    browser,
    context,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

export interface WatchedPage {
  readonly page: Page;
  /** Console errors and uncaught page errors seen so far. */
  readonly errors: string[];
}

/** A page that records console errors and page errors, and blocks any request that leaves the machine. */
export async function openWatchedPage(context: BrowserContext): Promise<WatchedPage> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort('blockedbyclient'));
  return { page, errors };
}
