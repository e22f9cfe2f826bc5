/**
 * `wiki build` and the folders it writes, through the real CLI: it refuses folders that are not its own and deletes
 * nothing it did not create; the output is always a whole site, whatever moment a build is killed at; two builds into
 * one folder take turns; killing a large build's parent ends its child.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { OUTPUT_MARKER, workFolderOf } from '../../src/node/pipeline/outputFolder.js';
import { makeTempDir, repoRoot, runWiki, smallHeapNode } from '../helpers/cli.js';
import { waitFor } from '../helpers/poll.js';
import { snapshotFiles } from './builtSite.js';

/** A site folder (plain config, `count` notes ten to a folder) to build from its own folder. */
function makeSite(count: number): string {
  const site = path.join(makeTempDir('wiki-safety-'), 'site'); // its parent holds nothing else, for snapshots
  fs.mkdirSync(site);
  fs.writeFileSync(
    path.join(site, 'wiki.config.ts'),
    "export default { title: 'Safety', url: 'https://safety.example.com' };\n",
  );
  for (let n = 0; n < count; n++) {
    const folder = path.join(site, 'docs', `topic-${Math.floor(n / 10)}`);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(
      path.join(folder, `note-${n}.md`),
      `# Note ${n}\n\nSome text about note ${n}, with [a link](../topic-0/note-0.md).\n`,
    );
  }
  return site;
}

/** Every file under a folder (relative paths, sorted): what a complete build of an unchanged site always has. */
function listFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

function startBuild(site: string, args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin/wiki.mjs'), 'build', ...args], {
    cwd: site,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z '); // a zombie has finished
  } catch {
    return false;
  }
}

describe('wiki build refuses folders that are not its own', () => {
  const cases: [string, (site: string) => string, RegExp][] = [
    ['the docs folder', () => 'docs', /Refusing to build into docs: it is the docs folder/],
    ['the site folder (.)', () => '.', /Refusing to build into \.: it holds the docs folder/],
    ['a folder holding the site', () => '..', /Refusing to build into \.\.: it holds the docs folder/],
    [
      'an unrelated folder with files',
      (site) => path.join(site, 'papers'),
      /Refusing to build into papers: it holds files that `wiki build` did not write/,
    ],
  ];
  for (const [name, outOf, expected] of cases) {
    it(`${name}: exits 1, says why and what to do, and deletes nothing`, async () => {
      const site = makeSite(3);
      fs.mkdirSync(path.join(site, 'papers'));
      fs.writeFileSync(path.join(site, 'papers/thesis.tex'), 'years of work');
      const before = snapshotFiles(path.dirname(site));
      const result = await runWiki(['build', '--out', outOf(site)], { cwd: site });
      assert.equal(result.code, 1, result.stdout + result.stderr);
      assert.match(result.stderr, expected);
      assert.match(result.stderr, /\n {4}(Pick a folder of its own|Pass an empty or new folder)/);
      assert.deepEqual(snapshotFiles(path.dirname(site)), before);
    });
  }

  it('a read-only disk: says so and what to do (not a bare ENOENT)', async (t) => {
    const readOnly = makeTempDir('wiki-ro-');
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', readOnly], { encoding: 'utf8' });
    if (mounted.status !== 0) return t.skip(`cannot mount a read-only file system here: ${mounted.stderr.trim()}`);
    try {
      const result = await runWiki(['build', '--out', path.join(readOnly, 'site')], { cwd: makeSite(3) });
      assert.equal(result.code, 1);
      assert.match(
        result.stderr,
        /^error Can't write the site: .*site is on a read-only file system\.\n {4}Pick a folder on a writable disk with --out\.$/m,
      );
    } finally {
      spawnSync('umount', [readOnly]);
    }
  });

  it('writes a marker, and replaces a folder that has it on the next build', async () => {
    const site = makeSite(3);
    const first = await runWiki(['build', '--out', 'build'], { cwd: site });
    assert.equal(first.code, 0, first.stderr);
    assert.ok(fs.existsSync(path.join(site, 'build', OUTPUT_MARKER)));
    fs.writeFileSync(path.join(site, 'build/stale.html'), 'from an older build');
    const second = await runWiki(['build', '--out', 'build'], { cwd: site });
    assert.equal(second.code, 0, second.stderr);
    assert.ok(!fs.existsSync(path.join(site, 'build/stale.html')), 'the old site was replaced whole');
  });
});

describe('the output folder is a whole site at every moment', () => {
  it('builds killed with SIGKILL at random moments never leave it missing or mixed; the next build cleans up', async () => {
    const site = makeSite(300);
    const started = Date.now();
    const reference = await runWiki(['build', '--out', 'build'], { cwd: site });
    assert.equal(reference.code, 0, reference.stderr);
    const buildMs = Date.now() - started;
    const expected = listFiles(path.join(site, 'build'));
    for (let round = 0; round < 12; round++) {
      const build = startBuild(site, ['--out', 'build']);
      // Spread the kills over a whole build, the swap at its end included.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * buildMs * 1.1));
      build.child.kill('SIGKILL');
      await build.exited;
      assert.deepEqual(
        listFiles(path.join(site, 'build')),
        expected,
        `round ${round}: the output must be a whole site`,
      );
    }
    const last = await runWiki(['build', '--out', 'build'], { cwd: site });
    assert.equal(last.code, 0, last.stderr);
    assert.deepEqual(listFiles(path.join(site, 'build')), expected);
    const staging = fs
      .readdirSync(workFolderOf(path.join(site, 'build')))
      .filter((name) => name.startsWith('staging-'));
    assert.deepEqual(staging, [], 'staging folders of killed builds are removed');
  });

  it('two builds into one folder take turns: the second says which process it waits for', async () => {
    // The second starts once the first holds the lock and writes its staging folder (started together, on a loaded
    // machine the second sometimes came after the first had finished); 800 pages outlast the second's start-up.
    const site = makeSite(800);
    const first = startBuild(site, ['--out', 'build']);
    const work = workFolderOf(path.join(site, 'build'));
    await waitFor(
      'the first build to write its staging folder',
      () => fs.existsSync(work) && fs.readdirSync(work).some((name) => name.startsWith('staging-')),
      { timeoutMs: 30_000, intervalMs: 5 },
    );
    const second = startBuild(site, ['--out', 'build']);
    const [a, b] = await Promise.all([first.exited, second.exited]);
    assert.deepEqual([a, b], [0, 0], first.output() + second.output());
    const waited = [first.output(), second.output()].filter((output) =>
      /Waiting for another `wiki build` \(pid \d+\) writing build to finish/.test(output),
    );
    assert.equal(waited.length, 1, 'exactly one build waited for the other');
    assert.ok(fs.existsSync(path.join(site, 'build', OUTPUT_MARKER)));
    assert.ok(fs.existsSync(path.join(site, 'build/topic-79/note-799.html')));
  });

  it('killing the parent of a build too large for its heap (built in a child Node) ends the child too', async () => {
    const { env, childAt } = smallHeapNode();
    const site = makeSite(childAt);
    const build = startBuild(site, ['--out', 'build'], env);
    await waitFor('the child Node to start', () => /building in a Node with a/.test(build.output()), {
      timeoutMs: 30_000,
    });
    // The child Node, and esbuild's service process (it bundled the config). The message comes just before the spawn.
    const childrenOf = (pid: number) =>
      fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    const runsWiki = (pid: number) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('wiki.mjs');
      } catch {
        return false; // it ended meanwhile
      }
    };
    await waitFor('the child Node to run', () => childrenOf(build.child.pid!).some(runsWiki), { timeoutMs: 10_000 });
    const children = childrenOf(build.child.pid!);
    build.child.kill('SIGKILL');
    await build.exited;
    await waitFor('the children to end with their parent', () => !children.some(isRunning), { timeoutMs: 5000 });
    assert.ok(!fs.existsSync(path.join(site, 'build')), 'the killed build wrote no output');
  });
});
