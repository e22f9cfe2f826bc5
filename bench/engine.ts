/**
 * Engine benchmark on the real corpus (../shared/corpora/knowledge): prints figures, asserts nothing.
 *   node --import tsx bench/engine.ts            scan -> page models, in this process (wall, CPU, peak RSS, notes/s)
 *   node --import tsx bench/engine.ts --full     plus full `wiki build`s (HTML written), each in a child process
 *   node --import tsx bench/engine.ts --full --runs 5    five full builds instead of three (median and best)
 * A full build's time swings with the machine, mostly in system time (creating the output's files), and ext4 creates
 * files slower for a while after many were deleted (bench/README.md): the builds' outputs are deleted at the end, not
 * between runs, and user and system CPU are printed apart.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runTimedBuild } from './timedBuild.js';
import { createBuildContext } from '../src/node/context.js';
import { loadSite } from '../src/node/pipeline/pipeline.js';
import { validateConfig } from '../src/node/config/loadConfig.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const corpus = path.resolve(repoRoot, '../shared/corpora/knowledge');

async function benchPipeline(): Promise<void> {
  const config = validateConfig({ title: 'Everything I know', url: 'https://wiki.example.com' }, 'bench');
  const context = createBuildContext({ config, siteDir: repoRoot, docsDir: corpus });
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const site = await loadSite(context);
  const wall = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const stages = [...context.timings].map(([name, ms]) => `${name} ${Math.round(ms)} ms`).join(', ');
  console.log(`pipeline (scan -> page models): ${site.notes.length} notes, ${site.notePages.length} page models`);
  console.log(
    `  wall ${wall.toFixed(2)} s, CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s, peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB, ${(site.notes.length / wall).toFixed(0)} notes/s`,
  );
  console.log(`  stages: ${stages}`);
}

/** One full build under /usr/bin/time into a folder of `outRoot`; returns its wall seconds. */
function benchFullBuild(run: number, outRoot: string): number {
  const outDir = fs.mkdtempSync(path.join(outRoot, 'run-'));
  const build = runTimedBuild(['--config', 'wiki.config.ts', '--docs', corpus, '--out', path.join(outDir, 'build')], {
    cwd: repoRoot,
  });
  const [elapsed, maxKb, user, sys] = [build.seconds, build.maxRssKb, build.userSeconds, build.systemSeconds];
  const summary = build.stdout.trim().split('\n').pop();
  console.log(
    `full build ${run} (HTML written): wall ${elapsed!.toFixed(2)} s, CPU ${user!.toFixed(2)} s user + ${sys!.toFixed(2)} s system, peak RSS ${(maxKb! / 1024).toFixed(0)} MB`,
  );
  console.log(`  ${summary}`);
  return elapsed!;
}

const { values } = parseArgs({
  options: { full: { type: 'boolean', default: false }, runs: { type: 'string', default: '3' } },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs takes a whole number of full builds, 1 or more (got "${values.runs}").`);
await benchPipeline();
if (values.full) {
  const outRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'wiki-bench-'));
  const walls = Array.from({ length: runs }, (_, run) => benchFullBuild(run + 1, outRoot)).sort((a, b) => a - b);
  console.log(
    `full build over ${walls.length} runs: median ${walls[Math.floor(walls.length / 2)]!.toFixed(2)} s, best ${walls[0]!.toFixed(2)} s`,
  );
  fs.rmSync(outRoot, { recursive: true, force: true });
}
