/**
 * The engine's launcher runs its CommonJS bundle with V8's code cache (bin/codeCache.mjs): the cache is written when a
 * build says its work is done, made again for the first few builds, refused and replaced when V8 cannot use it, and the
 * bundle's imports go through the launcher's `import()`.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { makeTempDir, repoRoot } from '../helpers/cli.js';

interface CodeCacheModule {
  loadWithCodeCache(file: string, importModule: (specifier: string) => Promise<unknown>): Record<string, unknown>;
  cacheFileOf(file: string, generation: number): string;
  CODE_CACHE_GENERATIONS: number;
}

const { loadWithCodeCache, cacheFileOf, CODE_CACHE_GENERATIONS } = (await import(
  pathToFileURL(path.join(repoRoot, 'bin/codeCache.mjs')).href
)) as CodeCacheModule;

const HOOKS = Symbol.for('everything-i-know.engineHooks');

interface Hooks {
  importModule(specifier: string): Promise<unknown>;
  workDone(): void;
}

/** The hooks the last load set, as the engine's engineHooks.ts finds them. */
function hooks(): Hooks {
  return (globalThis as { [HOOKS]?: Hooks })[HOOKS]!;
}

/**
 * A bundle in a folder of its own: it requires a file beside it and exports what it computes. Each test's source differs
 * (`tag`), so that V8's in-memory cache of an earlier test's script cannot stand in for reading the code cache.
 */
function writeBundle(tag: string): string {
  const dir = makeTempDir('wiki-code-cache-');
  fs.writeFileSync(path.join(dir, 'beside.cjs'), 'module.exports = 40;\n');
  const file = path.join(dir, 'cli.cjs');
  const body = `exports.answer = () => require('./beside.cjs') + 2; exports.tag = ${JSON.stringify(tag)};`;
  fs.writeFileSync(file, `${body}\nexports.file = __filename;\n`);
  return file;
}

/** The cache files beside the bundle, by name. */
const cacheFiles = (file: string) =>
  fs
    .readdirSync(path.dirname(file))
    .filter((name) => name.startsWith('cli.cjs.v8'))
    .sort();

/** The name of a generation's cache file (its name also has a hash of the test runner's Node options). */
const generationFile = (file: string, generation: number) => path.basename(cacheFileOf(file, generation));

describe('the code cache of the engine bundle', () => {
  it('is written once the work is done, then made again for the first generations only', () => {
    const file = writeBundle('generations');
    const exports = loadWithCodeCache(file, (specifier) => import(specifier));
    assert.equal((exports.answer as () => number)(), 42, 'require() resolves beside the bundle');
    assert.equal(exports.file, file);
    assert.deepEqual(cacheFiles(file), [], 'nothing is written before the work is done');
    for (let generation = 1; generation <= CODE_CACHE_GENERATIONS; generation++) {
      hooks().workDone();
      hooks().workDone(); // once a run
      assert.deepEqual(cacheFiles(file), [generationFile(file, generation)]);
      loadWithCodeCache(file, (specifier) => import(specifier));
    }
    const last = cacheFileOf(file, CODE_CACHE_GENERATIONS);
    const written = fs.statSync(last).mtimeMs;
    hooks().workDone();
    assert.deepEqual(cacheFiles(file), [generationFile(file, CODE_CACHE_GENERATIONS)]);
    assert.equal(fs.statSync(last).mtimeMs, written, 'a full-grown cache is not written again');
  });

  it('a cache V8 refuses is replaced, and the bundle runs from its source meanwhile', () => {
    const file = writeBundle('refused');
    fs.writeFileSync(cacheFileOf(file, CODE_CACHE_GENERATIONS), 'not a code cache');
    const exports = loadWithCodeCache(file, (specifier) => import(specifier));
    assert.equal(exports.tag, 'refused');
    hooks().workDone();
    assert.deepEqual(
      cacheFiles(file),
      [generationFile(file, 1)],
      'the refused cache is gone, a first generation instead',
    );
    assert.notEqual(fs.readFileSync(cacheFileOf(file, 1), 'utf8'), 'not a code cache');
  });

  it("the bundle's imports go through the launcher's import(), also when it runs from its cache", async () => {
    const file = writeBundle('imports');
    const imported: string[] = [];
    const importModule = (specifier: string) => {
      imported.push(specifier);
      return import(specifier);
    };
    loadWithCodeCache(file, importModule);
    hooks().workDone();
    loadWithCodeCache(file, importModule);
    const module = (await hooks().importModule('data:text/javascript,export default 7')) as { default: number };
    assert.equal(module.default, 7);
    assert.deepEqual(imported, ['data:text/javascript,export default 7']);
  });

  it('keeps the caches of two other sets of Node options besides its own, the most recently written', () => {
    const file = writeBundle('option sets');
    const own = generationFile(file, 1);
    const others = [
      'cli.cjs.v8-2',
      'cli.cjs.v8-000000000000000a-1',
      'cli.cjs.v8-000000000000000b-3',
      'cli.cjs.v8-000000000000000c-1',
    ]
      .filter((name) => name.replace(/-\d+$/, '') !== own.replace(/-\d+$/, ''))
      .slice(0, 3);
    others.forEach((name, index) => {
      const other = path.join(path.dirname(file), name);
      fs.writeFileSync(other, 'another set of options');
      const written = new Date(Date.now() - (others.length - index) * 60_000); // the last one the newest
      fs.utimesSync(other, written, written);
    });
    loadWithCodeCache(file, (specifier) => import(specifier));
    hooks().workDone();
    assert.deepEqual(cacheFiles(file), [own, ...others.slice(1)].sort());
  });

  it('a cache that cannot be written is no error', () => {
    const file = writeBundle('read-only');
    fs.mkdirSync(`${cacheFileOf(file, 1)}.tmp-${process.pid}`); // the staging path is a folder: the write fails
    loadWithCodeCache(file, (specifier) => import(specifier));
    hooks().workDone();
    assert.deepEqual(cacheFiles(file), []);
  });
});
