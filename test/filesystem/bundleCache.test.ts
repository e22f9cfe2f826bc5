/**
 * The engine's bundle cache (src/node/bundleCache.mjs): entries written whole and found again, older entries of a
 * kind pruned, and a writable folder outside the engine when its node_modules/.cache cannot be written.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  cacheEntryPath,
  cachedEntry,
  contentHash,
  engineCacheDir,
  writeCacheEntry,
} from '../../src/node/bundleCache.mjs';
import { makeTempDir } from '../helpers/cli.js';

/** Sets an entry's last use `minutes` ago. */
function usedAgo(entry: string, minutes: number): void {
  const then = new Date(Date.now() - minutes * 60_000);
  fs.utimesSync(entry, then, then);
}

describe('cache entries', () => {
  it('are written once, through a staging path, and found again', async () => {
    const dir = makeTempDir('wiki-cache-');
    const entry = cacheEntryPath(dir, 'config', contentHash('export default {}'), '.mjs');
    let writes = 0;
    const write = (staging: string) => {
      writes++;
      assert.notEqual(staging, entry);
      assert.equal(fs.existsSync(entry), false, 'nothing at the entry until it is whole');
      fs.writeFileSync(staging, 'export default {};\n');
    };
    assert.equal(await cachedEntry(entry, write), entry);
    usedAgo(entry, 10);
    assert.equal(await cachedEntry(entry, write), entry);
    assert.equal(writes, 1);
    assert.ok(Date.now() - fs.statSync(entry).mtimeMs < 60_000, 'a use marks the entry used');
    assert.deepEqual(fs.readdirSync(dir), [path.basename(entry)]);
  });

  it('a failed write leaves nothing behind', async () => {
    const dir = makeTempDir('wiki-cache-');
    const entry = cacheEntryPath(dir, 'engine', contentHash('sources'));
    const failing = (staging: string) => {
      fs.mkdirSync(staging);
      fs.writeFileSync(path.join(staging, 'cli.mjs'), '');
      throw new Error('esbuild failed');
    };
    await assert.rejects(cachedEntry(entry, failing), /esbuild failed/);
    assert.deepEqual(fs.readdirSync(dir), []);
  });

  it('writing one removes older entries of its kind but the last used other one, and none in use', async () => {
    const dir = makeTempDir('wiki-cache-');
    const old = (kind: string, n: number, minutesAgo: number, extension = '') => {
      const entry = cacheEntryPath(dir, kind, contentHash(kind, String(n)), extension);
      if (extension) fs.writeFileSync(entry, '');
      else fs.mkdirSync(entry);
      usedAgo(entry, minutesAgo);
      return path.basename(entry);
    };
    const stale = Array.from({ length: 23 }, (_, n) => old('config', n, 60 + n, '.mjs'));
    const previous = old('config', 100, 30, '.mjs');
    const inUse = old('config', 101, 0.2, '.mjs');
    const leftover = `${old('config', 102, 120, '.mjs')}.tmp-123-abcd1234`;
    fs.renameSync(path.join(dir, leftover.replace(/\.tmp-.*/, '')), path.join(dir, leftover));
    const otherKinds = [old('renderer', 1, 90, '.mjs'), old('engine', 1, 90), old('client', 1, 90)];
    const current = cacheEntryPath(dir, 'config', contentHash('new config'), '.mjs');
    await writeCacheEntry(current, (staging) => fs.writeFileSync(staging, 'export default {};\n'));
    const left = fs.readdirSync(dir).sort();
    assert.deepEqual(left, [path.basename(current), previous, inUse, ...otherKinds].sort());
    assert.ok(stale.every((name) => !left.includes(name)));
  });
});

describe('engineCacheDir', () => {
  /** An engine folder whose node_modules/.cache cannot be made a folder (a file is in the way, as root ignores modes). */
  function readOnlyEngine(): string {
    const root = makeTempDir('wiki-engine-');
    fs.mkdirSync(path.join(root, 'node_modules'));
    fs.writeFileSync(path.join(root, 'node_modules/.cache'), 'not a folder');
    return root;
  }

  function withCacheHome<T>(value: string, run: () => T): T {
    const saved = process.env.XDG_CACHE_HOME;
    process.env.XDG_CACHE_HOME = value;
    try {
      return run();
    } finally {
      if (saved === undefined) delete process.env.XDG_CACHE_HOME;
      else process.env.XDG_CACHE_HOME = saved;
    }
  }

  it("is the engine's node_modules/.cache/wiki when it can be written", () => {
    const root = makeTempDir('wiki-engine-');
    assert.equal(engineCacheDir(root), path.join(root, 'node_modules/.cache/wiki'));
  });

  it("falls back to $XDG_CACHE_HOME, linking the engine's node_modules there so bundles' imports resolve", () => {
    const root = readOnlyEngine();
    const cacheHome = makeTempDir('wiki-xdg-');
    const dir = withCacheHome(cacheHome, () => engineCacheDir(root));
    assert.equal(path.dirname(dir), path.join(cacheHome, 'everything-i-know'));
    assert.equal(fs.realpathSync(path.join(dir, 'node_modules')), fs.realpathSync(path.join(root, 'node_modules')));
    assert.equal(
      withCacheHome(cacheHome, () => engineCacheDir(root)),
      dir,
      'the same folder again',
    );
  });

  it('falls back to the OS temp folder when the user cache cannot be written either', () => {
    const root = readOnlyEngine();
    const blocked = path.join(makeTempDir('wiki-xdg-'), 'file');
    fs.writeFileSync(blocked, '');
    const dir = withCacheHome(blocked, () => engineCacheDir(root));
    try {
      assert.ok(!dir.startsWith(blocked) && fs.statSync(dir).isDirectory(), dir);
      assert.equal(fs.realpathSync(path.join(dir, 'node_modules')), fs.realpathSync(path.join(root, 'node_modules')));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      if (fs.readdirSync(path.dirname(dir)).length === 0) fs.rmdirSync(path.dirname(dir));
    }
  });
});
