/**
 * MDX sites built by this engine and, when given an install of it, by Docusaurus, runs alternated: median wall time
 * and peak RSS of each, and the ratio. The sites: a synthetic folder of N MDX notes (tabs, code titles and line
 * highlights, admonitions, heading ids, an inline component, generated-index categories) and the real
 * docusaurus-classic folder of ../shared/corpora.
 *
 *   node --import tsx bench/mdx.ts [--notes 1000] [--runs 3] [--docusaurus DIR]
 *
 * DIR holds node_modules with @docusaurus/core and @docusaurus/preset-classic (scripts/docusaurus-oracle.mjs installs
 * one and prints where). Without it only this engine is measured.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { FASTER, generateMdxSite } from './generateMdx.js';
import { runTimedBuild } from './timedBuild.js';

const repoRoot = path.resolve(import.meta.dirname, '..');

interface Run {
  readonly wall: number;
  readonly rssMb: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function buildWithEngine(siteDir: string, configPath: string): Run {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'wiki-mdx-out-'));
  const build = runTimedBuild(['--config', configPath, '--out', path.join(out, 'build')], { cwd: siteDir });
  fs.rmSync(out, { recursive: true, force: true });
  if (!build.ok) throw new Error(`wiki build failed:\n${build.stdout}\n${build.stderr}`);
  return { wall: build.seconds, rssMb: build.maxRssKb / 1024 };
}

/** A cold Docusaurus build: its generated files and its bundler's persistent cache removed first. */
function buildWithDocusaurus(siteDir: string, install: string): Run {
  for (const cache of [path.join(siteDir, '.docusaurus'), path.join(install, 'node_modules/.cache')])
    fs.rmSync(cache, { recursive: true, force: true });
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'docusaurus-mdx-out-'));
  const cli = path.join(install, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');
  const child = spawnSync(
    '/usr/bin/time',
    ['-f', 'TIME %e %M', process.execPath, cli, 'build', siteDir, '--out-dir', out],
    {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, NODE_PATH: path.join(install, 'node_modules'), DOCUSAURUS_TELEMETRY_DISABLED: '1' },
    },
  );
  fs.rmSync(out, { recursive: true, force: true });
  const line = child.stderr.split('\n').find((text) => text.startsWith('TIME ')) ?? 'TIME 0 0';
  if (child.status !== 0)
    throw new Error(`Docusaurus failed:\n${child.stdout.slice(-2000)}\n${child.stderr.slice(-2000)}`);
  const [, wall, rssKb] = line.split(' ').map(Number);
  return { wall: wall!, rssMb: rssKb! / 1024 };
}

/** Docusaurus resolves the preset from the site folder: a link to the install's node_modules beside the config. */
function linkNodeModules(siteDir: string, install: string | undefined): void {
  const link = path.join(siteDir, 'node_modules');
  if (install && !fs.existsSync(link)) fs.symlinkSync(path.join(install, 'node_modules'), link);
}

const { values } = parseArgs({
  options: {
    notes: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '3' },
    docusaurus: { type: 'string' },
  },
});
const runs = Number(values.runs);
const install = values.docusaurus && path.resolve(values.docusaurus);
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wiki-mdx-bench-'));
const synthetic = path.join(workDir, 'synthetic');
generateMdxSite(synthetic, Number(values.notes));
const classic = path.join(workDir, 'classic');
fs.cpSync(path.join(repoRoot, 'test/corpus/docusaurus/docusaurus-classic'), classic, { recursive: true });
const classicConfig = path.join(classic, 'docusaurus.config.js');
fs.writeFileSync(
  classicConfig,
  fs
    .readFileSync(classicConfig, 'utf8')
    .replaceAll(
      /(['"])((?:\.\.\/)+shared\/corpora\/)/g,
      (_m, quote: string) => `${quote}${path.resolve(repoRoot, '../shared/corpora')}/`,
    )
    .replace('export default {', `export default {\n  ${FASTER}`),
);
const sites = [
  { name: `${values.notes} synthetic MDX notes`, dir: synthetic },
  { name: 'docusaurus-classic', dir: classic },
];
try {
  for (const site of sites) {
    linkNodeModules(site.dir, install);
    const config = path.join(site.dir, 'docusaurus.config.js');
    const engine: Run[] = [];
    const docusaurus: Run[] = [];
    buildWithEngine(site.dir, config); // warm: the engine bundles its sources once
    for (let run = 0; run < runs; run++) {
      engine.push(buildWithEngine(site.dir, config));
      if (install) docusaurus.push(buildWithDocusaurus(site.dir, install));
    }
    const line = (name: string, list: Run[]) =>
      `  ${name}: median wall ${median(list.map((r) => r.wall)).toFixed(2)} s, peak RSS ${median(list.map((r) => r.rssMb)).toFixed(0)} MB (walls ${list.map((r) => r.wall.toFixed(2)).join(' ')})`;
    console.log(`${site.name}, ${runs} runs alternated:`);
    console.log(line('engine', engine));
    if (docusaurus.length === 0) continue;
    console.log(line('Docusaurus 3.10', docusaurus));
    const ratio = (pick: (run: Run) => number) => median(engine.map(pick)) / median(docusaurus.map(pick));
    console.log(
      `  ratio engine/Docusaurus: wall x${ratio((r) => r.wall).toFixed(3)}, peak RSS x${ratio((r) => r.rssMb).toFixed(3)}`,
    );
  }
} finally {
  fs.rmSync(workDir, { recursive: true, force: true });
}
