/**
 * Scale bench: builds synthetic notes folders (bench/generate.ts) and the real corpus with the real CLI, each in
 * its own process, and prints build time, peak RSS (of the process and its worker threads) and output size, so
 * cost growth is visible. Prints figures, asserts nothing. Heavy: run it by hand, once.
 *   node --import tsx bench/scale.ts                       1k, 10k, 50k notes and the corpus
 *   node --import tsx bench/scale.ts --sizes 1000,10000    chosen sizes (and the corpus)
 *   node --import tsx bench/scale.ts --runs 3               three builds of each, the median (by wall time) printed
 * The growth line splits CPU time: user time is the engine's own work; system time is the kernel's (creating and
 * writing files, page faults), which swings between identical builds on a shared VM (bench/README.md).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runTimedBuild } from './timedBuild.js';
import { generateNotes } from './generate.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const corpus = path.resolve(repoRoot, '../shared/corpora/knowledge');

interface Row {
  readonly name: string;
  readonly notes: number;
  readonly inputMb: number;
  readonly seconds: number;
  readonly userSeconds: number;
  readonly systemSeconds: number;
  readonly peakMb: number;
  readonly outputMb: number;
  readonly pages: PageSizes;
  readonly ok: boolean;
  readonly summary: string;
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  return total;
}

interface PageSizes {
  readonly count: number;
  readonly meanKb: number;
  readonly largestKb: number;
  /** The `<aside class="doc-sidebar">` part of each page: bounded whatever the folder shape (sidebar windows). */
  readonly meanSidebarKb: number;
  readonly largestSidebarKb: number;
}

const noPages: PageSizes = { count: 0, meanKb: 0, largestKb: 0, meanSidebarKb: 0, largestSidebarKb: 0 };

/** The HTML pages' sizes, and how much of each is the sidebar (output stays linear only while that is bounded). */
function pageSizes(dir: string): PageSizes {
  let count = 0;
  let total = 0;
  let largest = 0;
  let sidebarTotal = 0;
  let largestSidebar = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const html = fs.readFileSync(path.join(entry.parentPath, entry.name), 'latin1');
    const start = html.indexOf('<aside class="doc-sidebar"');
    const sidebar = start === -1 ? 0 : html.indexOf('</aside>', start) - start;
    count += 1;
    total += html.length;
    largest = Math.max(largest, html.length);
    sidebarTotal += sidebar;
    largestSidebar = Math.max(largestSidebar, sidebar);
  }
  const kb = (bytes: number) => bytes / 1024;
  return {
    count,
    meanKb: kb(total / Math.max(count, 1)),
    largestKb: kb(largest),
    meanSidebarKb: kb(sidebarTotal / Math.max(count, 1)),
    largestSidebarKb: kb(largestSidebar),
  };
}

/**
 * One `wiki build` under /usr/bin/time: wall seconds and peak RSS come from the kernel's accounting of the child.
 * Outputs are deleted only at the end: an ext4 without a journal creates files several times slower for a minute or
 * more after many were deleted (bench/README.md), which would charge one build for the previous one's clean-up.
 */
function buildOnce(name: string, notes: number, args: readonly string[], inputBytes: number): Row {
  const outDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wiki-scale-')), 'build');
  cleanUp.push(path.dirname(outDir));
  const child = runTimedBuild(['--out', outDir, ...args], { cwd: repoRoot });
  const { seconds, maxRssKb: maxKb, userSeconds, systemSeconds } = child;
  const summary = child.stdout.trim().split('\n').pop() ?? '';
  const { ok } = child;
  const outputMb = ok ? folderBytes(outDir) / 1e6 : 0;
  const pages = ok ? pageSizes(outDir) : noPages;
  if (!ok)
    console.error(
      child.stderr
        .split('\n')
        .filter((line) => !line.startsWith('warning'))
        .slice(-15)
        .join('\n'),
    );
  return {
    name,
    notes,
    inputMb: inputBytes / 1e6,
    seconds: seconds!,
    userSeconds: userSeconds!,
    systemSeconds: systemSeconds!,
    peakMb: maxKb! / 1024,
    outputMb,
    pages,
    ok,
    summary,
  };
}

function printRow(row: Row): void {
  const perThousand = row.seconds / (row.notes / 1000);
  console.log(
    `${row.name.padEnd(8)} ${String(row.notes).padStart(6)} notes ${row.inputMb.toFixed(0).padStart(5)} MB in | ${row.seconds.toFixed(1).padStart(6)} s (${perThousand.toFixed(2)} s/1k notes, ${(row.seconds / row.inputMb).toFixed(2)} s/MB) | peak RSS ${row.peakMb.toFixed(0).padStart(5)} MB | out ${row.outputMb.toFixed(0).padStart(5)} MB${row.ok ? '' : ' | FAILED'}`,
  );
  const msPerOutputMb = (row.seconds * 1000) / row.outputMb;
  console.log(
    `         CPU ${row.userSeconds.toFixed(1)} s user + ${row.systemSeconds.toFixed(1)} s system | ${((row.outputMb * 1000) / row.notes).toFixed(0)} KB out per note, ${msPerOutputMb.toFixed(1)} ms per output MB`,
  );
  const { pages } = row;
  console.log(
    `         ${pages.count} HTML pages: ${pages.meanKb.toFixed(1)} KB mean, largest ${pages.largestKb.toFixed(0)} KB | sidebar ${pages.meanSidebarKb.toFixed(1)} KB mean per page, largest ${pages.largestSidebarKb.toFixed(1)} KB | ${((row.peakMb * 1024) / row.notes).toFixed(0)} KB peak RSS per note`,
  );
  console.log(`         ${row.summary.replace(/^.*-> \S+ /, '')}`);
}

/** The median of `runs` builds by wall time (each printed on one line when there are several). */
function buildMedian(runs: number, build: () => Row): Row {
  const rows = Array.from({ length: runs }, build).sort((a, b) => a.seconds - b.seconds);
  if (runs > 1)
    console.log(
      `${rows[0]!.name.padEnd(8)} ${runs} runs: ${rows.map((row) => `${row.seconds.toFixed(1)} s (${row.userSeconds.toFixed(1)} user + ${row.systemSeconds.toFixed(1)} system)`).join(', ')}; median:`,
    );
  return rows[Math.floor(runs / 2)]!;
}

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,50000' },
    runs: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false },
  },
});
const sizes = values.sizes.split(',').map(Number);
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs takes a whole number of builds per size, 1 or more (got "${values.runs}").`);
console.log(
  `wiki build scale bench: ${os.availableParallelism()} cores, Node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const rows: Row[] = [];
/** Folders to delete once every build is done. */
const cleanUp: string[] = [];
const corpusBytes = folderBytes(corpus);
const corpusRow = buildMedian(runs, () =>
  buildOnce('corpus', 1062, ['--config', 'wiki.config.ts', '--docs', corpus], corpusBytes),
);
printRow(corpusRow);
for (const notes of sizes) {
  const siteDir = path.join(os.tmpdir(), `wiki-scale-${notes}`);
  const site = generateNotes({ notes, outDir: siteDir });
  const row = buildMedian(runs, () => buildOnce(`${notes / 1000}k`, notes, ['--config', site.configPath], site.bytes));
  printRow(row);
  rows.push(row);
  if (!values.keep) cleanUp.push(siteDir);
}
if (rows.length > 1) {
  const [first, last] = [rows[0]!, rows.at(-1)!];
  /** How much `of` per note grew from the first size to the last (1.00: linear in notes). */
  const perNote = (of: (row: Row) => number) => of(last) / last.notes / (of(first) / first.notes);
  console.log(
    `growth ${first.name} -> ${last.name}: time x${(last.seconds / first.seconds).toFixed(1)}, memory x${(last.peakMb / first.peakMb).toFixed(1)} for x${last.notes / first.notes} notes (time per note x${perNote((row) => row.seconds).toFixed(2)}; 1.00 is linear)`,
  );
  console.log(
    `  per note: user CPU x${perNote((row) => row.userSeconds).toFixed(2)} (the engine's work), system CPU x${perNote((row) => row.systemSeconds).toFixed(2)} (the kernel's)`,
  );
  // Each page carries the sidebar's top level, which grows with the notes: output per note grows faster than time.
  console.log(
    `  output per note x${perNote((row) => row.outputMb).toFixed(2)}; time per output MB x${(last.seconds / last.outputMb / (first.seconds / first.outputMb)).toFixed(2)}`,
  );
}
for (const dir of cleanUp) fs.rmSync(dir, { recursive: true, force: true });
