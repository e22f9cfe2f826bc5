#!/usr/bin/env node
// `npm test`: the checks (type check, lint, format), then each test layer in turn with node's test runner; the first
// layer that fails stops the run. `npm test -- PATH...` runs only those test files or layer folders, without the checks.
// Browser tests need Debian's Chromium: installed here when missing and we are root with apt, else a clear error.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const cores = os.availableParallelism();

/** The layers, in the order they run: fast and self-contained first, the real corpus last. */
const layers = [
  // Pure parts, in memory or on fixtures under test/: nothing outside the repository. Under 30 s.
  { name: 'unit', dir: 'test/unit', concurrency: cores },
  // Parts that work on real files in the OS temp folder: output folder, watcher, site writer, site server.
  { name: 'filesystem', dir: 'test/filesystem', concurrency: cores },
  // Fixture sites built by the real CLI; serial: builds use every core, and some tests time the kill of one.
  { name: 'sites', dir: 'test/sites', concurrency: 1 },
  // Fixture sites in Chromium, built and through `wiki dev`; serial, so timings in the page are the page's own.
  { name: 'browser', dir: 'test/browser', concurrency: 1, chromium: true },
  // The real corpus in ../shared: parity with the reference build, corpus-wide checks, search in Chromium.
  { name: 'corpus', dir: 'test/corpus', concurrency: 1, chromium: true, needsShared: true },
];

/** The checks of a full run: npm scripts, each with what to run to fix what it reports. */
const checks = [
  { script: 'typecheck', fix: 'fix the type errors above (`npm run typecheck` checks again)' },
  { script: 'lint', fix: 'run `npm run lint -- --fix`, then fix what remains by hand (`npm run lint` checks again)' },
  { script: 'format:check', fix: 'run `npm run format`' },
];

const sharedCorpora = path.resolve(root, '../shared/corpora');
const missingShared = `The corpus layer (test/corpus/) needs the project's shared folder beside the repository: ${sharedCorpora} does not exist.
It holds the real notes corpus (corpora/knowledge) and the reference build of it (oracle/knowledge); CI lays it there.
Check the shared folder out next to this repository (so that ../shared/corpora exists), or run the other layers only:
  npm test -- test/unit test/filesystem test/sites test/browser`;

function findTests(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true })
    .filter((f) => f.endsWith('.test.ts') || f.endsWith('.test.tsx'))
    .map((f) => path.join(dir, f))
    .sort();
}

function chromiumPath() {
  for (const candidate of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  )) {
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

function ensureChromium() {
  if (chromiumPath()) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('which', ['apt-get']).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      "Browser tests need Chromium. Install Debian's package: sudo apt-get update && sudo apt-get install -y chromium (or set CHROMIUM_PATH).",
    );
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests (apt-get)...');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!chromiumPath()) {
    console.error('apt-get finished but no chromium binary was found at /usr/bin/chromium.');
    process.exit(1);
  }
}

/** Runs every check the package defines; exits naming the fix of each that failed. */
function runChecks() {
  const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts ?? {};
  const failed = [];
  for (const { script, fix } of checks) {
    if (!scripts[script]) continue;
    console.log(`\n> npm run ${script}`);
    if (spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' }).status !== 0)
      failed.push(`npm run ${script} failed: ${fix}.`);
  }
  if (failed.length === 0) return;
  console.error(`\n${failed.join('\n')}\nThen run the tests again.`);
  process.exit(1);
}

/** The layer a test file or folder belongs to (undefined outside the layers: run on its own, serially). */
function layerOf(file) {
  const relative = path.relative(root, path.resolve(root, file));
  return layers.find((layer) => relative === layer.dir || relative.startsWith(`${layer.dir}${path.sep}`));
}

/** The layers to run, each with its files: all of them, or those the paths given name. */
function selectRuns(paths) {
  if (paths.length === 0) return layers.map((layer) => ({ layer, files: findTests(path.join(root, layer.dir)) }));
  const files = paths.flatMap((entry) =>
    /\.test\.tsx?$/.test(entry) ? [path.resolve(root, entry)] : findTests(path.resolve(root, entry)),
  );
  const runs = layers.map((layer) => ({ layer, files: files.filter((file) => layerOf(file) === layer) }));
  const others = files.filter((file) => !layerOf(file));
  if (others.length > 0) runs.push({ layer: { name: 'other', dir: '.', concurrency: 1 }, files: others });
  return runs.filter((run) => run.files.length > 0);
}

const only = process.argv.slice(2);
const runs = selectRuns(only);
if (runs.length === 0) {
  console.error(`No test files in ${only.join(' ')}.`);
  process.exit(1);
}
if (only.length === 0) runChecks();
if (runs.some((run) => run.layer.needsShared) && !fs.existsSync(sharedCorpora)) {
  console.error(missingShared);
  process.exit(1);
}
if (runs.some((run) => run.layer.chromium)) ensureChromium();

const totals = { passed: 0, failed: 0, skipped: 0 };
const countsFile = path.join(os.tmpdir(), `wiki-test-counts-${process.pid}.json`);
// TAP on the terminal as before, and the counts of each layer into a file for the closing line.
const reporters = [
  '--test-reporter=tap',
  '--test-reporter-destination=stdout',
  `--test-reporter=${path.join(root, 'scripts/countReporter.mjs')}`,
  `--test-reporter-destination=${countsFile}`,
];
for (const { layer, files } of runs) {
  console.log(`\n# ${layer.name} layer: ${files.length} file(s), ${layer.concurrency} at a time`);
  const started = performance.now();
  const args = ['--import', 'tsx', '--test', `--test-concurrency=${layer.concurrency}`, ...reporters, ...files];
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    // Every build a test runs checks each page hash it carries over against its page model (buildCache.ts).
    env: { ...process.env, NODE_ENV: 'production', WIKI_CHECK_CARRIED_PAGES: '1' },
  });
  console.log(`# ${layer.name} layer: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  addCounts(totals, countsFile);
  if (result.status !== 0) {
    const rerun = only.length > 0 ? '' : ` Run it alone with: npm test -- ${layer.dir}`;
    console.error(`\nThe ${layer.name} layer failed (see above); later layers did not run.${rerun}`);
    console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);

/** Adds one layer's counts (written by scripts/countReporter.mjs) to the totals. */
function addCounts(sum, file) {
  if (!fs.existsSync(file)) return;
  const counts = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const key of Object.keys(sum)) sum[key] += counts[key] ?? 0;
  fs.rmSync(file, { force: true });
}
