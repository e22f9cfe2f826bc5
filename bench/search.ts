/**
 * Search benchmark on the real corpus (../shared/corpora/knowledge): prints figures, asserts nothing.
 *   node --import tsx bench/search.ts [--runs N]
 * 1. Build cost: full `wiki build` with the embedded index (provider local) against the same build with a hosted
 *    provider (no index), alternated, N runs each (default 2); the 'search' stage is the wait left after rendering.
 * 2. Index size: index.json, the term shards and the text bundles (raw and gzipped).
 * 3. Cold first query in Chromium on localhost: bytes over the wire and time to the first hit on screen, from
 *    Ctrl+K with nothing of search loaded, and from the first keystroke once the modal is open.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../test/helpers/browser.js';
import { makeTempDir, repoRoot, runWiki } from '../test/helpers/cli.js';
import { serveSearchSite } from '../test/corpus/searchSite.js';
import { corpusDir } from '../test/corpus/sharedFolder.js';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 2;
const QUERIES = ['librsvg', 'kubernetes', 'Kubernetis'];

async function writeHostedConfig(dir: string): Promise<string> {
  const { default: config } = (await import('../wiki.config.js')) as {
    default: Record<string, unknown> & { search?: object };
  };
  const file = path.join(dir, 'wiki.config.mjs');
  const hosted = {
    ...config,
    staticDir: path.join(repoRoot, 'static'),
    search: { ...config.search, provider: 'algolia', appId: 'bench', apiKey: 'bench', indexName: 'bench' },
  };
  fs.writeFileSync(file, `export default ${JSON.stringify(hosted)};\n`);
  return file;
}

async function timeBuild(args: string[], outDir: string): Promise<{ seconds: number; search: number }> {
  const result = await runWiki(['build', '--config', 'wiki.config.ts', '--docs', corpusDir, '--out', outDir, ...args]);
  if (result.code !== 0) throw new Error(result.stderr);
  const summary = result.stdout.trim().split('\n').pop() ?? '';
  return {
    seconds: Number(/in ([\d.]+) s/.exec(summary)?.[1]),
    search: Number(/search (\d+) ms/.exec(summary)?.[1] ?? 0),
  };
}

async function benchBuild(tmp: string): Promise<string> {
  const hostedConfig = await writeHostedConfig(tmp);
  const local: number[] = [];
  const hosted: number[] = [];
  const waits: number[] = [];
  const outDir = path.join(tmp, 'local');
  for (let run = 0; run < runs; run++) {
    const withIndex = await timeBuild([], outDir);
    local.push(withIndex.seconds);
    waits.push(withIndex.search);
    hosted.push((await timeBuild(['--config', hostedConfig], path.join(tmp, 'hosted'))).seconds);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    `build (${runs} runs each, median): with embedded index ${median(local).toFixed(2)} s, hosted provider (no index) ${median(hosted).toFixed(2)} s -> index adds ${(median(local) - median(hosted)).toFixed(2)} s; 'search' wait after rendering ${median(waits)} ms`,
  );
  return outDir;
}

function reportIndexSize(outDir: string): void {
  const dir = path.join(outDir, 'search');
  const sizes = (sub: string) =>
    fs.readdirSync(path.join(dir, sub)).map((name) => fs.readFileSync(path.join(dir, sub, name)));
  const gzip = (bytes: Buffer) => zlib.gzipSync(bytes).length;
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const entry = fs.readFileSync(path.join(dir, 'index.json'));
  const shards = sizes('terms');
  const texts = sizes('text'); // bundles of TEXT_BUNDLE_SIZE chunks
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(
    `index: ${2 + shards.length + texts.length} files, ${((entry.length + sum(shards.map((b) => b.length)) + sum(texts.map((b) => b.length))) / 1e6).toFixed(1)} MB raw`,
  );
  console.log(
    `  index.json ${kb(entry.length)} (${kb(gzip(entry))} gzipped); ${shards.length} term shards, ${kb(sum(shards.map(gzip)) / shards.length)} gzipped on average; ${texts.length} text bundles, ${kb(sum(texts.map(gzip)) / texts.length)} gzipped on average`,
  );
}

interface Transfer {
  code: number;
  index: number;
  requests: number;
}

/** Sums response bytes as transferred (encoded body + headers) of search requests from now on. */
function countTransfers(page: Page): Transfer {
  const transfer: Transfer = { code: 0, index: 0, requests: 0 };
  page.on('requestfinished', async (request) => {
    const url = request.url();
    const isIndex = /\/search\/(index\.json|terms\/|text\/)/.test(url);
    const isCode = /chunk-|docsearch\.css/.test(url);
    if (!isIndex && !isCode) return;
    const sizes = await request.sizes();
    transfer[isIndex ? 'index' : 'code'] += sizes.responseBodySize + sizes.responseHeadersSize;
    transfer.requests += 1;
  });
  return transfer;
}

/** Records, in the page, when Ctrl+K is pressed, when the first character is typed and when a hit shows. */
async function armTimers(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as Record<string, number>;
    document.addEventListener('keydown', () => (w.__tKey ??= performance.now()), { capture: true, once: true });
    document.addEventListener('input', () => (w.__tInput ??= performance.now()), { capture: true, once: true });
    new MutationObserver((_, observer) => {
      if (!document.querySelector('.DocSearch-Hit')) return;
      w.__tHit = performance.now();
      observer.disconnect();
    }).observe(document.body, { childList: true, subtree: true });
  });
}

async function coldQuery(base: string, query: string): Promise<void> {
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${base}programming-languages/rust/`);
    await page.waitForLoadState('networkidle');
    const transfer = countTransfers(page);
    await armTimers(page);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill(query);
    await page.locator('.DocSearch-Hit').first().waitFor();
    await page.waitForLoadState('networkidle');
    const times = await page.evaluate(() =>
      ['__tKey', '__tInput', '__tHit'].map((k) => (window as unknown as Record<string, number>)[k]!),
    );
    const [key, input, hit] = times as [number, number, number];
    console.log(
      `cold "${query}": ${((transfer.code + transfer.index) / 1024).toFixed(0)} KB in ${transfer.requests} requests (index ${(transfer.index / 1024).toFixed(0)} KB, search code ${(transfer.code / 1024).toFixed(0)} KB); first hit ${(hit - key).toFixed(0)} ms after Ctrl+K, ${(hit - input).toFixed(0)} ms after the first keystroke`,
    );
  } finally {
    await browser.close();
  }
}

const tmp = makeTempDir('wiki-bench-search-');
try {
  const outDir = await benchBuild(tmp);
  reportIndexSize(outDir);
  const server = await serveSearchSite(outDir);
  for (const query of QUERIES) await coldQuery(server.url, query);
  await server.close();
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
