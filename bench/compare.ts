/**
 * Builds the real corpus with two or more checkouts of the engine, alternating runs, and prints each one's median wall
 * time, CPU and peak RSS, and the ratio to the first: how a change is measured "before and after" on a noisy machine.
 *
 *   node --import tsx bench/compare.ts --runs 5 /path/to/before-checkout .
 *
 * Each checkout needs its node_modules (a symbolic link to this one's will do) and builds into a fresh temp folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runTimedBuild } from './timedBuild.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const corpus = path.resolve(repoRoot, '../shared/corpora/knowledge');

interface Run {
  readonly wall: number;
  readonly cpu: number;
  readonly rssMb: number;
}

/**
 * One corpus build with `checkout`'s CLI under /usr/bin/time. Outputs are deleted only at the end: on an ext4 without a
 * journal, files are created several times slower for a minute or more after many were deleted (bench/README.md).
 */
function build(checkout: string, outRoot: string): Run {
  const out = path.join(fs.mkdtempSync(path.join(outRoot, 'run-')), 'build');
  const build = runTimedBuild(['--docs', corpus, '--out', out, '--config', path.join(checkout, 'wiki.config.ts')], {
    cwd: checkout,
    engine: checkout,
  });
  if (!build.ok) throw new Error(`The build with ${checkout} failed:\n${build.stdout}\n${build.stderr}`);
  return { wall: build.seconds, cpu: build.userSeconds + build.systemSeconds, rssMb: build.maxRssKb / 1024 };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const { values, positionals } = parseArgs({
  options: { runs: { type: 'string', default: '5' } },
  allowPositionals: true,
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a whole number of 1 or more (got "${values.runs}").`);
if (positionals.length < 2)
  throw new Error('Give two or more engine checkouts to compare, e.g. `bench/compare.ts ../before .`');
const checkouts = positionals.map((checkout) => path.resolve(checkout));
const outRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'wiki-compare-'));
const results = new Map<string, Run[]>(checkouts.map((checkout) => [checkout, []]));
try {
  for (const checkout of checkouts) build(checkout, outRoot); // warm: each engine bundles its sources once
  for (let run = 0; run < runs; run++)
    for (const checkout of checkouts) results.get(checkout)!.push(build(checkout, outRoot));
} finally {
  fs.rmSync(outRoot, { recursive: true, force: true });
}
const first = results.get(checkouts[0]!)!;
for (const [checkout, list] of results) {
  const [wall, cpu, rss] = [
    median(list.map((r) => r.wall)),
    median(list.map((r) => r.cpu)),
    median(list.map((r) => r.rssMb)),
  ];
  const ratio = wall / median(first.map((r) => r.wall));
  console.log(
    `${checkout}: median of ${runs} corpus builds: wall ${wall.toFixed(2)} s (x${ratio.toFixed(3)}), CPU ${cpu.toFixed(2)} s, peak RSS ${rss.toFixed(0)} MB; walls ${list.map((r) => r.wall.toFixed(2)).join(' ')}`,
  );
}
