/**
 * Running the engine as the CLI does, from its esbuild bundle (bin/engine.mjs): from an install whose node_modules
 * cannot be written, the bundles go to the user's cache folder and their package imports still resolve; a build saves
 * the code it compiled beside the bundle; a stack trace names the engine's TypeScript sources, not the bundle's files;
 * and a source edited is bundled again, though the sources' hash is recorded under their stamps.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { fixturesDir, makeTempDir, repoRoot, runWiki } from '../helpers/cli.js';

/** What the engine needs to run, copied; node_modules links to the repository's packages (not its .cache). */
function copyEngine(prefix: string): string {
  const root = path.join(makeTempDir(prefix), 'engine');
  for (const entry of ['bin', 'src', 'package.json', 'package-lock.json', 'tsconfig.base.json', 'tsconfig.json']) {
    fs.cpSync(path.join(repoRoot, entry), path.join(root, entry), { recursive: true });
  }
  fs.mkdirSync(path.join(root, 'node_modules'));
  for (const name of fs.readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (name !== '.cache')
      fs.symlinkSync(path.join(repoRoot, 'node_modules', name), path.join(root, 'node_modules', name));
  }
  return root;
}

/** A copy of the engine whose node_modules/.cache is a file. */
function copyEngineWithReadOnlyCache(): string {
  const root = copyEngine('wiki-readonly-');
  // Root ignores file modes, so a read-only folder is simulated by a file where the cache folder would be.
  fs.writeFileSync(path.join(root, 'node_modules/.cache'), '');
  return root;
}

describe('the engine bundle', () => {
  it("builds a site with theme overrides and pages when node_modules/.cache can't be written", async () => {
    const root = copyEngineWithReadOnlyCache();
    const cacheHome = makeTempDir('wiki-xdg-');
    const site = path.join(fixturesDir, 'ext-site');
    const out = path.join(makeTempDir('wiki-readonly-out-'), 'build');
    const result = await runWiki(['build', '--config', path.join(site, 'wiki.config.ts'), '--out', out], {
      cwd: site,
      env: { XDG_CACHE_HOME: cacheHome },
      engineRoot: root,
    });
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(
      fs.readFileSync(path.join(out, 'about/index.html'), 'utf8'),
      /About/i,
      'a custom page rendered by the site renderer bundle',
    );
    const [cacheDir, ...others] = fs
      .readdirSync(path.join(cacheHome, 'everything-i-know'))
      .map((name) => path.join(cacheHome, 'everything-i-know', name));
    assert.ok(cacheDir && others.length === 0);
    // (A site with overrides or pages gets a browser bundle of its own, which is not cached.)
    // (The records of the config's inputs and of the engine's sources are written once they are settled.)
    const kinds = fs
      .readdirSync(cacheDir)
      .map((name) => name.replace(/-[0-9a-f]{16}(\.mjs|\.json)?$/, ''))
      .filter((kind) => kind !== 'config-inputs' && kind !== 'sources')
      .sort();
    assert.deepEqual(kinds, ['config', 'engine', 'node_modules', 'renderer']);
    assert.equal(fs.readFileSync(path.join(root, 'node_modules/.cache'), 'utf8'), '', 'nothing written in the engine');
  });

  it('saves the code a build compiled beside the bundle (bin/codeCache.mjs); a run that builds nothing saves none', async () => {
    const root = copyEngine('wiki-code-cache-');
    const site = path.join(fixturesDir, 'basic');
    const out = path.join(makeTempDir('wiki-code-cache-out-'), 'build');
    const build = async (...flags: string[]) => {
      const args = ['build', '--config', path.join(site, 'wiki.config.ts'), '--out', out, ...flags];
      const result = await runWiki(args, { cwd: site, engineRoot: root });
      assert.equal(result.code, 0, result.stdout + result.stderr);
      return result.stdout;
    };
    const cacheDir = path.join(root, 'node_modules/.cache/wiki');
    const caches = () =>
      fs
        .readdirSync(cacheDir)
        .filter((name) => name.startsWith('engine-'))
        .flatMap((engine) => fs.readdirSync(path.join(cacheDir, engine)).filter((name) => /\.v8-\d+$/.test(name)));
    assert.equal((await runWiki(['help'], { engineRoot: root })).code, 0);
    assert.deepEqual(caches(), [], 'help builds nothing');
    await build('--no-cache');
    assert.deepEqual(caches(), ['cli.cjs.v8-1']);
    assert.match(await build(), /Nothing changed/);
    assert.deepEqual(caches(), ['cli.cjs.v8-1'], 'a build with nothing to do compiled little');
    await build('--no-cache');
    assert.deepEqual(caches(), ['cli.cjs.v8-2'], 'the next generation, made from the first');
  });

  it('reports an unexpected error with a stack trace into the TypeScript sources', async () => {
    const site = makeTempDir('wiki-trace-');
    fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>x</title>');
    // An out-of-range port is not one of the CLI's reported errors: Node's RangeError reaches the top with its stack.
    const result = await runWiki(['serve', '--dir', site, '--port', '99999']);
    assert.notEqual(result.code, 0);
    const frames = result.stderr.split('\n').filter((line) => /^\s+at /.test(line));
    assert.ok(
      frames.some((frame) => frame.includes(path.join(repoRoot, 'src/node/server/') + 'staticServer.ts:')),
      result.stderr,
    );
    assert.ok(!frames.some((frame) => /engine-[0-9a-f]{16}/.test(frame)), result.stderr);
  });

  it('bundles the engine again when a source changes, its size and the others the same', async () => {
    const root = copyEngine('wiki-sources-');
    const cli = path.join(root, 'src/node/cli.ts');
    // Every input settled (bundleCache.mjs isSettled): the sources' hash is recorded under their stamps.
    await sleep(2100);
    const { engineBundlePath } = (await import(pathToFileURL(path.join(root, 'bin/engine.mjs')).href)) as {
      engineBundlePath: () => Promise<string>;
    };
    const entryOf = (file: string) => path.basename(path.dirname(file));
    const first = entryOf(await engineBundlePath());
    const cacheDir = path.join(root, 'node_modules/.cache/wiki');
    const records = () => fs.readdirSync(cacheDir).filter((name) => name.startsWith('sources-'));
    assert.equal(records().length, 1, 'the settled sources are recorded');
    assert.equal(`engine-${fs.readFileSync(path.join(cacheDir, records()[0]!), 'utf8')}`, first);
    assert.equal(entryOf(await engineBundlePath()), first, 'read back from the record');
    const source = fs.readFileSync(cli, 'utf8');
    assert.ok(source.endsWith('\n'));
    fs.writeFileSync(cli, `${source.slice(0, -1)} `); // the same size, another byte
    assert.equal(fs.statSync(cli).size, Buffer.byteLength(source));
    const second = entryOf(await engineBundlePath());
    assert.notEqual(second, first);
    assert.ok(fs.existsSync(path.join(cacheDir, second, 'cli.cjs')));
  });
});
