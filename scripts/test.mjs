#!/usr/bin/env node
// `npm test`: the type check, then every test layer (unit, parity with the reference, fixture sites, browser) with
// node's test runner. `npm test -- FILE...` runs only those test files.
// Browser tests need Debian's Chromium: installed here when missing and we are root with apt, else a clear error.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const layers = ['test/unit', 'test/parity', 'test/sites', 'test/browser'];
const only = process.argv.slice(2);

function findTests(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true }).filter((f) => f.endsWith('.test.ts') || f.endsWith('.test.tsx')).map((f) => path.join(dir, f)).sort();
}

function chromiumPath() {
  for (const candidate of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean)) {
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

function ensureChromium() {
  if (chromiumPath()) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('which', ['apt-get']).status === 0;
  if (!isRoot || !hasApt) {
    console.error('Browser tests need Chromium. Install Debian\'s package: sudo apt-get update && sudo apt-get install -y chromium (or set CHROMIUM_PATH).');
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests (apt-get)...');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (!chromiumPath()) {
    console.error('apt-get finished but no chromium binary was found at /usr/bin/chromium.');
    process.exit(1);
  }
}

// A full run type-checks first: both sides compile under their own strict tsconfig (tests run through tsx, which
// does not check types).
if (only.length === 0) {
  const typecheck = spawnSync('npm', ['run', '--silent', 'typecheck'], { cwd: root, stdio: 'inherit' });
  if (typecheck.status !== 0) {
    console.error('Type errors above: fix them (npm run typecheck) and run the tests again.');
    process.exit(1);
  }
}

const files = (only.length > 0 ? only : layers).flatMap((entry) => (entry.endsWith('.ts') || entry.endsWith('.tsx') ? [entry] : findTests(path.join(root, entry))));
if (files.some((file) => file.includes(`${path.sep}browser${path.sep}`))) ensureChromium();
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
process.exit(result.status ?? 1);
