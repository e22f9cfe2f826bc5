import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { notesNeedingLargerHeap } from '../../src/node/pipeline/largeHeap.js';
import { workFolderOf } from '../../src/node/pipeline/outputFolder.js';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const fixturesDir = path.join(repoRoot, 'test/fixtures');

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the real `wiki` CLI (bin/wiki.mjs, of this checkout or of a copy of the engine at `engineRoot`) as a child process. */
export function runWiki(
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; engineRoot?: string } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(options.engineRoot ?? repoRoot, 'bin/wiki.mjs'), ...args], {
      cwd: options.cwd ?? repoRoot,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

const tempDirs: string[] = [];
// Each test file runs in its own process: its folders go when it exits (a run built ~2 GB of sites, corpus ones
// included, and left them all). WIKI_KEEP_TEST_DIRS=1 keeps them, to look at what a failing test built.
process.on('exit', () => {
  if (process.env.WIKI_KEEP_TEST_DIRS) return;
  for (const dir of tempDirs) {
    try {
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // a build's detached `rm -rf` of a replaced site may be deleting in there too; what is left stays in the OS temp dir
    }
  }
});

/** A fresh temporary folder, removed when the process exits. */
export function makeTempDir(prefix = 'wiki-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** Builds test/fixtures/<name> (its wiki.config.ts and docs/) with the real CLI into a temp folder. */
export async function buildFixture(
  name: string,
  extraArgs: readonly string[] = [],
): Promise<CliResult & { outDir: string }> {
  const outDir = path.join(makeTempDir(`wiki-${name}-`), 'build');
  const siteDir = path.join(fixturesDir, name);
  const result = await runWiki(
    ['build', '--config', path.join(siteDir, 'wiki.config.ts'), '--out', outDir, ...extraArgs],
    { cwd: siteDir },
  );
  return { ...result, outDir };
}

/** Copies test/fixtures/<name> to `siteDir` (outside the repository): its config's relative import of the engine is repointed. */
export function copyFixture(name: string, siteDir: string): void {
  fs.cpSync(path.join(fixturesDir, name), siteDir, { recursive: true });
  const configPath = path.join(siteDir, 'wiki.config.ts');
  const engineModule = path.join(repoRoot, 'src/node/config/defineConfig.ts');
  fs.writeFileSync(
    configPath,
    fs.readFileSync(configPath, 'utf8').replace('../../../src/node/config/defineConfig.js', engineModule),
  );
}

/** Reads a built file as text. */
export function readBuilt(outDir: string, relPath: string): string {
  return fs.readFileSync(path.join(outDir, relPath), 'utf8');
}

/** The name of the folder beside an output folder where `wiki build` keeps its lock and staging folder. */
export function workFolderName(outDir: string): string {
  return path.basename(workFolderOf(outDir));
}

/** What that work folder holds now (nothing when it was never made). */
export function workFolderEntries(outDir: string): string[] {
  const dir = workFolderOf(outDir);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

/**
 * A Node run with a small heap limit (as on a small machine), and how many notes make a build of it move to a child
 * Node with a larger heap (largeHeap.ts): the child's path is tested with a site of that many notes, not tens of
 * thousands. The limit is the one Node reports under these options, not worked out from them.
 */
export function smallHeapNode(): { env: NodeJS.ProcessEnv; childAt: number } {
  const env = { NODE_OPTIONS: [process.env.NODE_OPTIONS, '--max-old-space-size=32'].filter(Boolean).join(' ') };
  const limit = execFileSync(process.execPath, ['-p', 'v8.getHeapStatistics().heap_size_limit'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { env, childAt: notesNeedingLargerHeap(Number(limit)) };
}
