/**
 * Renders sample pages with the theme (doc, search, not found), hydrates them like the browser runtime would,
 * and takes Chromium screenshots at desktop and mobile sizes into /tmp/theme-preview/.
 * Run: npx tsx scripts/theme-preview.ts (PREVIEW_DEV=1 hydrates with React's development build, which reports mismatches)
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import Prism from 'prismjs';
import loadLanguages from 'prismjs/components/index.js';
import { chromium } from 'playwright-core';
import type { Page } from 'playwright-core';
import { asDocId, asRoute } from '../src/shared/paths.js';
import type { DocPageModel, PageModel, SidebarItem, SpecialPageModel, ThemeSettings, TocItem } from '../src/shared/types.js';
import { renderPageHtml } from '../src/node/render/renderPage.js';
import { collectThemeCss } from '../src/node/render/themeCss.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const themeDir = path.join(root, 'src/theme');
const outDir = '/tmp/theme-preview';
const devBuild = process.env.PREVIEW_DEV === '1';

const site: ThemeSettings = {
  title: 'Everything I know',
  tagline: 'A personal knowledge wiki',
  titleDelimiter: '|',
  baseUrl: '/',
  navbar: {
    title: 'Everything I know',
    logo: { src: '/logo.svg', alt: 'Everything I know' },
    hideOnScroll: false,
    items: [
      { type: 'default', position: 'right', label: 'Photos', href: 'https://photos.example.com/me' },
      { type: 'default', position: 'right', label: 'Microblog', href: 'https://micro.example.com/me' },
      { type: 'default', position: 'right', label: 'GitHub', href: 'https://code.example.com/me' },
      { type: 'default', position: 'right', label: 'Homepage', href: 'https://me.example.com' },
      { type: 'default', position: 'right', label: 'Source', href: 'https://code.example.com/me/wiki' },
    ],
  },
  footer: {
    style: 'light',
    links: [
      { title: 'Wiki', items: [{ label: 'Introduction', to: '/' }, { label: 'Search', to: '/search' }] },
      { title: 'Elsewhere', items: [{ label: 'Homepage', href: 'https://me.example.com' }, { label: 'Microblog', href: 'https://micro.example.com/me' }] },
      { title: 'Source', items: [{ label: 'Repository', href: 'https://code.example.com/me/wiki' }] },
    ],
    copyright: 'Copyright © 2023 Everything I know. Built with our own engine.',
  },
  announcementBar: {
    id: 'welcome-1',
    content: 'Notes are updated every week. <a href="/looking-back/">See what changed</a>.',
    backgroundColor: '#eef3ff',
    textColor: '#1f3a7a',
    isCloseable: true,
  },
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
};

const link = (label: string, href: string): SidebarItem => ({ type: 'link', label, href: asRoute(href), docId: asDocId(href.slice(1)) });

const sidebar: SidebarItem[] = [
  link('Introduction', '/'),
  link('3D printing', '/3d-printing/'),
  { type: 'category', label: 'Analytics', href: asRoute('/analytics/'), collapsible: true, collapsed: true, items: [], unloaded: true },
  link('Animals', '/animals/'),
  { type: 'category', label: 'Art', href: asRoute('/art/'), collapsible: true, collapsed: true, items: [], unloaded: true },
  { type: 'category', label: 'Biology', collapsible: true, collapsed: true, items: [], unloaded: true },
  link('Books', '/books/'),
  {
    type: 'category', label: 'Web', href: asRoute('/web/'), collapsible: true, collapsed: true,
    items: [
      {
        type: 'category', label: 'Browsers', href: asRoute('/web/browsers/'), collapsible: true, collapsed: true,
        items: [
          { type: 'category', label: 'Google Chrome', href: asRoute('/web/browsers/google-chrome/'), collapsible: true, collapsed: true, items: [], unloaded: true },
          link('Playwright', '/web/browsers/playwright'),
          link('Safari', '/web/browsers/safari'),
          link('Stylish themes', '/web/browsers/stylish-themes'),
        ],
      },
      link('CMS', '/web/cms'),
      link('Deno', '/web/deno'),
      link('Electron', '/web/electron'),
      { type: 'category', label: 'Node.js', href: asRoute('/web/nodejs/'), collapsible: true, collapsed: true, items: [], unloaded: true },
      link('Web performance', '/web/web-performance'),
    ],
  },
  link('Work', '/work/'),
  link('Writing', '/writing/'),
];

function highlight(code: string, language: string): string {
  loadLanguages([language]);
  const grammar = Prism.languages[language]!;
  const cls = `language-${language}`;
  return `<pre class="${cls}" tabindex="0"><code class="${cls}">${Prism.highlight(code, grammar, language)}</code></pre>`;
}

const heading = (level: number, id: string, text: string) =>
  `<h${level} id="${id}">${text}<a href="#${id}" class="hash-link" aria-label="Direct link to ${text}" title="Direct link to ${text}">\u200B</a></h${level}>`;

const tsCode = `import { chromium } from 'playwright-core';

// Open a page and print its title.
async function main(url: string): Promise<void> {
  const browser = await chromium.launch({ headless: true });
  const page = await browser.newPage();
  await page.goto(url, { timeout: 30_000 });
  console.log(await page.title(), /\\d+ ms/.test('12 ms'), true);
  await browser.close();
}

main(process.argv[2] ?? 'https://example.com');`;

const contentHtml = [
  heading(1, 'playwright', 'Playwright'),
  '<p><a href="https://playwright.dev">Playwright</a> is a framework for web testing and automation. It drives <strong>Chromium</strong>, <strong>Firefox</strong> and <strong>WebKit</strong> with one API, and its test runner has auto-waiting, tracing and <code>expect</code> assertions built in.</p>',
  '<blockquote><p>Reliable end-to-end testing for modern web apps. Any browser, any platform, one API.</p></blockquote>',
  heading(2, 'install', 'Install'),
  '<p>Add the library, then point it at an existing browser with <code>executablePath</code> when you cannot download one:</p>',
  highlight('npm install --save-dev playwright-core\nnpx tsx scripts/check.ts https://example.com # run it', 'bash'),
  heading(3, 'first-script', 'A first script'),
  highlight(tsCode, 'typescript'),
  '<div class="admonition admonition-tip"><p class="admonition-heading">tip</p><div class="admonition-content"><p>Use <code>page.getByRole()</code> locators: they follow what users and assistive technology see, and survive markup changes.</p></div></div>',
  heading(3, 'browsers', 'Browsers'),
  '<table><thead><tr><th>Browser</th><th>Engine</th><th>Channel</th><th>Headless</th></tr></thead><tbody>' +
    '<tr><td>Chromium</td><td>Blink</td><td><code>chrome</code>, <code>msedge</code></td><td>Yes</td></tr>' +
    '<tr><td>Firefox</td><td>Gecko</td><td>patched build</td><td>Yes</td></tr>' +
    '<tr><td>WebKit</td><td>WebKit</td><td>patched build</td><td>Yes</td></tr>' +
    '<tr><td>Android Chrome</td><td>Blink</td><td>experimental</td><td>No</td></tr></tbody></table>',
  heading(2, 'checklist', 'Checklist'),
  '<ul><li class="task-list-item"><input type="checkbox" disabled checked> Record a trace with <code>--trace on</code></li><li class="task-list-item"><input type="checkbox" disabled checked> Run tests in parallel workers</li><li class="task-list-item"><input type="checkbox" disabled> Try component testing</li></ul>',
  '<div class="admonition admonition-note"><p class="admonition-heading">note</p><div class="admonition-content"><p>Traces open in the trace viewer at <a href="https://trace.playwright.dev">trace.playwright.dev</a>; nothing is uploaded.</p></div></div>',
  '<div class="admonition admonition-info"><p class="admonition-heading">info</p><div class="admonition-content"><p>WebKit builds are patched: behaviour can differ slightly from Safari.</p></div></div>',
  '<div class="admonition admonition-caution"><p class="admonition-heading">caution</p><div class="admonition-content"><p>Auto-waiting does not cover custom animations: wait for a state, never for a fixed time.</p></div></div>',
  '<div class="admonition admonition-danger"><p class="admonition-heading">danger</p><div class="admonition-content"><p>Never run tests against production with real credentials.</p></div></div>',
  heading(2, 'selectors', 'Selectors'),
  '<ol><li>Role locators: <code>getByRole("button", { name: "Save" })</code></li><li>Text locators, for non-interactive elements<ul><li>exact or substring</li><li>regular expressions</li></ul></li><li>Test ids as the last resort</li></ol>',
  heading(3, 'css-and-xpath', 'CSS and XPath'),
  '<p>Still supported, but brittle. Prefer the user-facing locators above.</p>',
  heading(2, 'debugging', 'Debugging'),
  '<p>Run with <code>PWDEBUG=1</code> to open the inspector, or use <kbd>Ctrl</kbd> + <kbd>Shift</kbd> + <kbd>I</kbd> in headed mode.</p>',
  heading(3, 'trace-viewer', 'Trace viewer'),
  '<p>The trace viewer shows a timeline of actions with DOM snapshots before and after each one.</p>',
  heading(2, 'links', 'Links'),
  '<ul><li><a href="https://playwright.dev/docs/intro">Docs</a></li><li><a href="https://github.com/microsoft/playwright">Source code</a></li><li><a href="/web/browsers/safari">Safari</a></li></ul>',
  '<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit. Sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.</p>',
].join('\n');

const toc: TocItem[] = [
  { id: 'install', html: 'Install', level: 2 },
  { id: 'first-script', html: 'A first script', level: 3 },
  { id: 'browsers', html: 'Browsers', level: 3 },
  { id: 'checklist', html: 'Checklist', level: 2 },
  { id: 'selectors', html: 'Selectors', level: 2 },
  { id: 'css-and-xpath', html: 'CSS and XPath', level: 3 },
  { id: 'debugging', html: 'Debugging', level: 2 },
  { id: 'trace-viewer', html: 'Trace viewer', level: 3 },
  { id: 'links', html: 'Links', level: 2 },
];

const docPage: DocPageModel = {
  kind: 'doc',
  route: asRoute('/web/browsers/playwright'),
  docId: asDocId('web/browsers/playwright'),
  title: 'Playwright',
  documentTitle: 'Playwright | Everything I know',
  description: 'Playwright is a framework for web testing and automation.',
  keywords: [],
  contentHtml,
  contentHasTitle: true,
  hideTitle: false,
  toc,
  hideTableOfContents: false,
  breadcrumbs: [
    { label: 'Web', href: asRoute('/web/') },
    { label: 'Browsers', href: asRoute('/web/browsers/') },
    { label: 'Playwright', href: asRoute('/web/browsers/playwright') },
  ],
  previous: { title: 'Google Chrome', href: asRoute('/web/browsers/google-chrome/') },
  next: { title: 'Safari', href: asRoute('/web/browsers/safari') },
  editUrl: 'https://code.example.com/me/wiki/edit/main/docs/web/browsers/playwright.md',
  head: [
    { tag: 'meta', attributes: { property: 'og:title', content: 'Playwright' } },
    { tag: 'link', attributes: { rel: 'icon', href: '/logo.svg' } },
  ],
};

const special = (kind: SpecialPageModel['kind'], route: string, title: string): SpecialPageModel => ({
  kind, route: asRoute(route), title, documentTitle: `${title} | Everything I know`, description: '', head: [{ tag: 'link', attributes: { rel: 'icon', href: '/logo.svg' } }],
});

const pages: Array<{ name: string; page: PageModel }> = [
  { name: 'doc', page: docPage },
  { name: 'search', page: special('search', '/search', 'Search the documentation') },
  { name: 'not-found', page: special('notFound', '/404', 'Page Not Found') },
];

const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#2c5cc5"/><path d="M9 10h14M9 16h14M9 22h9" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/></svg>`;

async function bundleHydration(): Promise<void> {
  const entry = `import { hydrateRoot } from 'react-dom/client';
import { App } from './App/index.js';
const boot = JSON.parse(document.getElementById('__wiki-boot').textContent);
hydrateRoot(document.getElementById('__wiki'), <App {...boot} />, {
  onRecoverableError: (error) => console.error('hydration: ' + error.message),
});`;
  await build({
    stdin: { contents: entry, resolveDir: themeDir, loader: 'tsx', sourcefile: 'preview-entry.tsx' },
    bundle: true, format: 'esm', jsx: 'automatic', minify: !devBuild, outfile: path.join(outDir, 'app.js'),
    define: { 'process.env.NODE_ENV': devBuild ? '"development"' : '"production"' }, logLevel: 'warning',
  });
}

async function renderPages(): Promise<void> {
  await writeFile(path.join(outDir, 'theme.css'), await collectThemeCss(themeDir));
  await writeFile(path.join(outDir, 'logo.svg'), logoSvg);
  for (const { name, page } of pages) {
    const pageSidebar = page.kind === 'doc' ? sidebar : [];
    const html = renderPageHtml({
      page, site, sidebar: pageSidebar, stylesheets: ['/theme.css'], scripts: ['/app.js'],
      bootJson: JSON.stringify({ page, site, sidebar: pageSidebar }),
    });
    await writeFile(path.join(outDir, `${name}.html`), html);
  }
}

function serve(): Promise<{ url: string; close: () => void }> {
  const types: Record<string, string> = { '.html': 'text/html', '.css': 'text/css', '.js': 'text/javascript', '.svg': 'image/svg+xml' };
  const server = createServer(async (req, res) => {
    const name = new URL(req.url ?? '/', 'http://x').pathname.slice(1) || 'doc.html';
    try {
      const body = await readFile(path.join(outDir, path.basename(name)));
      res.writeHead(200, { 'content-type': types[path.extname(name)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    });
  });
}

async function shoot(page: Page, file: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: path.join(outDir, file), fullPage });
  console.log(`  ${file}`);
}

async function takeScreenshots(baseUrl: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const errors: string[] = [];
  try {
    for (const [label, viewport] of [['desktop', { width: 1280, height: 900 }], ['mobile', { width: 390, height: 844 }]] as const) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
      const page = await context.newPage();
      page.on('console', (msg) => { if (msg.type() === 'error' || msg.type() === 'warning') errors.push(`${label}: ${msg.text()}`); });
      page.on('pageerror', (error) => errors.push(`${label}: ${error.message}`));
      for (const { name } of pages) {
        await page.goto(`${baseUrl}/${name}.html`, { waitUntil: 'networkidle' });
        await shoot(page, `${name}-${label}.png`);
      }
      await page.goto(`${baseUrl}/doc.html`, { waitUntil: 'networkidle' });
      await shoot(page, `doc-${label}-full.png`, true);
      if (label === 'mobile') {
        await page.click('.navbar__toggle');
        await page.waitForSelector('.mobile-sidebar');
        await page.waitForTimeout(300);
        await shoot(page, 'doc-mobile-drawer.png');
        await page.click('.mobile-sidebar__switch');
        await shoot(page, 'doc-mobile-drawer-main-menu.png');
        await page.keyboard.press('Escape');
        await page.click('.toc-mobile__button');
        await shoot(page, 'doc-mobile-toc.png');
      } else {
        await page.click('.menu__caret[aria-label*="Analytics"]');
        await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
        await page.evaluate(() => window.scrollTo(0, 700));
        await page.waitForTimeout(100);
        await shoot(page, 'doc-desktop-dark.png');
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  console.log(errors.length ? `Console errors:\n${errors.join('\n')}` : 'No console errors.');
}

async function main(): Promise<void> {
  await mkdir(outDir, { recursive: true });
  await renderPages();
  await bundleHydration();
  const server = await serve();
  try {
    await takeScreenshots(server.url);
  } finally {
    server.close();
  }
  console.log(`Screenshots in ${outDir}`);
}

await main();
