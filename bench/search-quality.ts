/**
 * Search quality and weight on the real corpus, against Pagefind on the same build: prints figures, asserts nothing.
 *   node --import tsx bench/search-quality.ts [--site DIR] [--verbose]
 * --site: an existing `wiki build --docs ../shared/corpora/knowledge` output (else one is built into a temp folder).
 * 1. Pagefind (npm `pagefind`, its Node API) indexes the built HTML (the article only, `--include-characters '#+.'`).
 * 2. Each query of bench/search-queries.json runs on both in Chromium: ours on /search?q= (the browser's own code),
 *    Pagefind through its pagefind.js. A query's rank is that of the first expected route among the result pages.
 * 3. hit@1, hit@5 and MRR for both; bytes over the wire for a cold first query (from Ctrl+K with nothing of search
 *    loaded, search code included) and for a later query in the same modal (median and 90th percentile).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import * as pagefind from 'pagefind';
import { launchBrowser } from '../test/helpers/browser.js';
import { makeTempDir, repoRoot, runWiki } from '../test/helpers/cli.js';
import { serveSearchSite } from '../test/corpus/searchSite.js';
import { directoryFiles, startSiteServer } from '../src/node/server/index.js';
import { corpusDir } from '../test/corpus/sharedFolder.js';

interface Query {
  readonly query: string;
  readonly kind: string;
  readonly routes: readonly string[];
}

const verbose = process.argv.includes('--verbose');
const siteArg = process.argv.indexOf('--site');
const queries = (
  JSON.parse(fs.readFileSync(path.join(repoRoot, 'bench/search-queries.json'), 'utf8')) as { queries: Query[] }
).queries;

/** A result URL as a comparable route: no origin, hash, `.html`, `index` or trailing slash. */
export function routeOf(url: string): string {
  const { pathname } = new URL(url, 'http://site.invalid/');
  return (
    decodeURI(pathname)
      .replace(/\.html$/, '')
      .replace(/\/index$/, '/')
      .replace(/\/$/, '') || '/'
  );
}

/** 1-based rank of the first expected route among the distinct result routes; 0 when absent. */
function rankOf(results: readonly string[], expected: readonly string[]): number {
  const wanted = new Set(expected.map(routeOf));
  const distinct = [...new Set(results.map(routeOf))];
  return distinct.findIndex((route) => wanted.has(route)) + 1;
}

async function buildSite(): Promise<string> {
  if (siteArg > 0) return path.resolve(process.argv[siteArg + 1]!);
  const outDir = path.join(makeTempDir('wiki-bench-quality-'), 'build');
  const result = await runWiki(['build', '--config', 'wiki.config.ts', '--docs', corpusDir, '--out', outDir]);
  if (result.code !== 0) throw new Error(result.stderr);
  return outDir;
}

async function indexWithPagefind(outDir: string): Promise<number> {
  const started = performance.now();
  const { index, errors } = await pagefind.createIndex({
    rootSelector: 'article',
    excludeSelectors: ['nav', 'footer', '.hash-link'],
    includeCharacters: '#+.',
  });
  if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
  await index.addDirectory({ path: outDir, glob: '**/*.html' });
  fs.rmSync(path.join(outDir, 'pagefind'), { recursive: true, force: true });
  await index.writeFiles({ outputPath: path.join(outDir, 'pagefind') });
  await pagefind.close();
  return performance.now() - started;
}

async function oursRanking(page: Page, base: string, query: string): Promise<string[]> {
  await page.goto(`${base}search?q=${encodeURIComponent(query)}`);
  await page.locator('.search-page__count, .search-page__empty, .search-page__error-title').first().waitFor();
  return page.locator('.search-page__link').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
}

async function pagefindRanking(page: Page, query: string): Promise<string[]> {
  return page.evaluate(async (q) => {
    type Result = { data(): Promise<{ url: string }> };
    const api = (await import(/* @vite-ignore */ '/pagefind/pagefind.js' as string)) as {
      search(q: string): Promise<{ results: Result[] }>;
    };
    const found = await api.search(q);
    return Promise.all(found.results.slice(0, 10).map(async (result) => (await result.data()).url));
  }, query);
}

/** Response bytes (body + headers, as transferred) of requests matching `pattern`, from now on. */
function countBytes(page: Page, pattern: RegExp): () => Promise<number> {
  const sizes: Array<Promise<number>> = [];
  page.on('requestfinished', (request) => {
    if (!pattern.test(request.url())) return;
    sizes.push(
      request.sizes().then(
        (size) => size.responseBodySize + size.responseHeadersSize,
        () => 0,
      ),
    );
  });
  return async () => (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
}

const SEARCH_FILES = /\/search\/(index\.json|terms\/|text\/|docsearch\.css)|chunk-/;

async function settle(page: Page): Promise<void> {
  await page.locator('.DocSearch-Hit, .DocSearch-NoResults, .DocSearch-ErrorScreen').first().waitFor();
  await page.waitForTimeout(150);
  await page.waitForLoadState('networkidle');
}

/** Bytes of a cold first query (from Ctrl+K) and of the next query typed into the same modal. */
async function oursBytes(browser: Browser, base: string, first: string, next: string): Promise<[number, number]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${base}programming-languages/rust/`);
    await page.waitForLoadState('networkidle');
    const counted = countBytes(page, SEARCH_FILES);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill(first);
    await settle(page);
    const cold = await counted();
    await page.locator('.DocSearch-Input').fill(next);
    await settle(page);
    return [cold, (await counted()) - cold];
  } finally {
    await context.close();
  }
}

async function pagefindColdBytes(browser: Browser, base: string, query: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${base}programming-languages/rust/`);
    await page.waitForLoadState('networkidle');
    const counted = countBytes(page, /\/pagefind\//);
    await pagefindRanking(page, query);
    await page.waitForLoadState('networkidle');
    return await counted();
  } finally {
    await context.close();
  }
}

interface Scores {
  hit1: number;
  hit5: number;
  mrr: number;
}

function score(ranks: readonly number[]): Scores {
  return {
    hit1: ranks.filter((rank) => rank === 1).length,
    hit5: ranks.filter((rank) => rank >= 1 && rank <= 5).length,
    mrr: ranks.reduce((sum, rank) => sum + (rank > 0 ? 1 / rank : 0), 0) / ranks.length,
  };
}

const percentile = (values: readonly number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

const outDir = await buildSite();
const indexMs = await indexWithPagefind(outDir);
console.log(`Pagefind indexed the build in ${(indexMs / 1000).toFixed(1)} s`);
const server = await serveSearchSite(outDir);
const base = server.url;
// Pagefind's WebAssembly runs in a worker, which needs 'wasm-unsafe-eval' (the site's own policy refuses it).
const pagefindServer = await startSiteServer({
  files: directoryFiles(outDir),
  port: 0,
  contentSecurityPolicy:
    "default-src 'self'; script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'",
});
const pagefindBase = pagefindServer.url;
const browser = await launchBrowser();
try {
  const oursPage = await (await browser.newContext()).newPage();
  const pagefindPage = await (await browser.newContext()).newPage();
  await pagefindPage.goto(pagefindBase);
  const ranks: Array<[number, number]> = [];
  for (const { query, kind, routes } of queries) {
    const ours = rankOf(await oursRanking(oursPage, base, query), routes);
    const theirs = rankOf(await pagefindRanking(pagefindPage, query), routes);
    ranks.push([ours, theirs]);
    if (verbose || ours !== 1)
      console.log(`  ${kind.padEnd(18)} ${JSON.stringify(query).padEnd(30)} ours ${ours} pagefind ${theirs}`);
  }
  const ourScores = score(ranks.map(([ours]) => ours));
  const theirScores = score(ranks.map(([, theirs]) => theirs));
  const line = (name: string, s: Scores) =>
    `${name.padEnd(9)} hit@1 ${s.hit1}/${queries.length}  hit@5 ${s.hit5}/${queries.length}  MRR ${s.mrr.toFixed(3)}`;
  console.log(line('ours', ourScores));
  console.log(line('pagefind', theirScores));
  console.log(`hit@1 ratio ${(ourScores.hit1 / Math.max(theirScores.hit1, 1)).toFixed(2)}`);

  const cold: number[] = [];
  const later: number[] = [];
  const pagefindCold: number[] = [];
  for (const [index, { query }] of queries.entries()) {
    const [first, next] = await oursBytes(browser, base, query, queries[(index + 1) % queries.length]!.query);
    cold.push(first);
    later.push(next);
    pagefindCold.push(await pagefindColdBytes(browser, pagefindBase, query));
  }
  console.log(
    `ours: cold first query median ${kb(percentile(cold, 0.5))}, p90 ${kb(percentile(cold, 0.9))}, max ${kb(Math.max(...cold))}; later query median ${kb(percentile(later, 0.5))}, p90 ${kb(percentile(later, 0.9))}`,
  );
  console.log(
    `pagefind: cold first query median ${kb(percentile(pagefindCold, 0.5))}, p90 ${kb(percentile(pagefindCold, 0.9))}`,
  );
} finally {
  await browser.close();
  await server.close();
  await pagefindServer.close();
}
