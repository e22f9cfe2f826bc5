/**
 * Lighthouse (mobile, simulated throttling) on a built site, optionally alongside a Docusaurus build of the same notes:
 * prints FCP, LCP, TBT, Speed Index and the performance and accessibility scores per page (median of the runs, the
 * two sites alternated run by run). Prints figures, asserts nothing; nothing leaves 127.0.0.1.
 *
 *   CHROME_PATH=/usr/bin/chromium node --import tsx bench/lighthouse.ts --dir /tmp/k \
 *     [--docusaurus-dir /tmp/docu/build] [--page /books/brave-new-world ...] [--runs 3]
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { directoryFiles, startSiteServer } from '../src/node/server/index.js';

const DEFAULT_PAGES = ['/books/brave-new-world', '/programming-languages/rust/rust-libraries', '/'];

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'build' },
    'docusaurus-dir': { type: 'string' },
    page: { type: 'string', multiple: true },
    runs: { type: 'string', default: '3' },
  },
});

interface Figures {
  readonly fcp: number;
  readonly lcp: number;
  readonly tbt: number;
  readonly si: number;
  readonly performance: number;
  readonly accessibility: number;
}

interface LighthouseReport {
  readonly audits: Record<string, { readonly numericValue?: number }>;
  readonly categories: Record<string, { readonly score: number | null }>;
  readonly runtimeError?: { readonly message: string };
}

const lighthouseCli = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');

async function runLighthouse(url: string): Promise<Figures> {
  const args = [
    lighthouseCli,
    url,
    '--only-categories=performance,accessibility',
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    '--chrome-flags=--headless --no-sandbox',
  ];
  const env = { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' };
  const { stdout } = await promisify(execFile)(process.execPath, args, { env, maxBuffer: 256 * 1024 * 1024 });
  const report = JSON.parse(stdout) as LighthouseReport;
  if (report.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${report.runtimeError.message}`);
  const metric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const score = (id: string) => Math.round((report.categories[id]?.score ?? Number.NaN) * 100);
  return {
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    si: metric('speed-index'),
    performance: score('performance'),
    accessibility: score('accessibility'),
  };
}

function median(numbers: readonly number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function medianFigures(runs: readonly Figures[]): Figures {
  const of = (key: keyof Figures) => median(runs.map((run) => run[key]));
  return {
    fcp: of('fcp'),
    lcp: of('lcp'),
    tbt: of('tbt'),
    si: of('si'),
    performance: of('performance'),
    accessibility: of('accessibility'),
  };
}

function formatRow(site: string, page: string, figures: Figures): string {
  const ms = (value: number) => `${Math.round(value)} ms`.padStart(8);
  return (
    `${site.padEnd(11)} ${page.padEnd(45)} FCP ${ms(figures.fcp)}  LCP ${ms(figures.lcp)}  TBT ${ms(figures.tbt)}  ` +
    `SI ${ms(figures.si)}  perf ${String(figures.performance).padStart(3)}  a11y ${String(figures.accessibility).padStart(3)}`
  );
}

async function main(): Promise<void> {
  const runs = Number(values.runs);
  const pages = values.page ?? DEFAULT_PAGES;
  const sites = [{ name: 'engine', dir: path.resolve(values.dir) }];
  if (values['docusaurus-dir']) sites.push({ name: 'docusaurus', dir: path.resolve(values['docusaurus-dir']) });
  const servers = await Promise.all(sites.map((site) => startSiteServer({ files: directoryFiles(site.dir), port: 0 })));
  try {
    console.log(`Lighthouse, mobile, simulated throttling; median of ${runs} run(s), sites alternated\n`);
    for (const page of pages) {
      const results = sites.map((): Figures[] => []);
      for (let run = 0; run < runs; run++) {
        for (const [index, server] of servers.entries()) {
          results[index]!.push(await runLighthouse(new URL(page.replace(/^\//, ''), server.url).href));
        }
      }
      for (const [index, site] of sites.entries())
        console.log(formatRow(site.name, page, medianFigures(results[index]!)));
    }
  } finally {
    await Promise.all(servers.map((server) => server.close()));
  }
}

await main();
