/**
 * The CLI runs the engine as an esbuild bundle (bin/engine.mjs): every worker entry that src/node/workers.ts starts
 * must be one of the bundle's entries, engine files must be found from the package root in both forms, the CLI's
 * bundle is ASCII (bin/asciiBundle.mjs: the launcher reads it as one-byte text), and it renders with a bundled
 * react-dom/server (its code comes from the bundle's code cache).
 */
import assert from 'node:assert/strict';
import { isAscii } from 'node:buffer';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { engineRoot, enginePath } from '../../src/node/engineRoot.js';
import { workerEntries } from '../../src/node/workers.js';
import { repoRoot } from '../helpers/cli.js';

test('engineRoot is the package root, from the sources', () => {
  assert.equal(engineRoot, repoRoot);
  assert.ok(fs.existsSync(enginePath('src/theme/App/index.tsx')));
});

/** The bundled CLI's path, bundling it first when the sources changed (bin/engine.mjs). */
async function engineBundlePath(): Promise<string> {
  const engine = (await import(pathToFileURL(path.join(repoRoot, 'bin/engine.mjs')).href)) as {
    engineBundlePath: () => Promise<string>;
  };
  return engine.engineBundlePath();
}

test('every worker entry is a src/node/**/<name>.ts file that the engine bundle names <name>.cjs', async () => {
  const bundleDir = path.dirname(await engineBundlePath());
  for (const [name, source] of Object.entries(workerEntries)) {
    assert.equal(path.basename(source, '.ts'), name);
    assert.ok(fs.existsSync(path.join(repoRoot, source)), source);
    assert.ok(fs.existsSync(path.join(bundleDir, `${name}.cjs`)), `${name}.cjs in ${bundleDir}`);
  }
});

test('the browser bundle of a site without overrides is cached by sources and options, and read back unchanged', async () => {
  const { bundleClient } = await import('../../src/node/pipeline/clientBundle.js');
  const options = {
    css: async () => 'body { color: #123456; }',
    baseUrl: '/cache-test/',
    minify: true,
    translations: {},
  };
  const first = await bundleClient(options);
  // Mark the cached stylesheet: the second call must return the marked copy, read from the cache. Every entry listing
  // the bundle is marked (one made before a change of the sources that left the browser bundle unchanged lists it too).
  const cacheRoot = enginePath('node_modules/.cache/wiki');
  const entries = fs
    .readdirSync(cacheRoot)
    .filter(
      (name) =>
        name.startsWith('client-') &&
        fs.readFileSync(path.join(cacheRoot, name, 'manifest.json'), 'utf8').includes(first.scripts[0]!),
    );
  assert.ok(entries.length > 0, 'a client-<key> cache entry lists the bundle');
  const cssFile = first.stylesheets[0]!.replace('/cache-test/', '');
  for (const entry of entries) {
    const cachedCss = path.join(cacheRoot, entry, 'files', cssFile);
    if (!fs.readFileSync(cachedCss, 'utf8').endsWith('/* cached */')) fs.appendFileSync(cachedCss, '/* cached */');
  }
  const again = await bundleClient(options);
  assert.deepEqual(again.scripts, first.scripts);
  assert.deepEqual([...again.files.keys()].sort(), [...first.files.keys()].sort());
  assert.ok(Buffer.from(again.files.get(cssFile)!).toString().endsWith('/* cached */'));
  const other = await bundleClient({ ...options, baseUrl: '/other/' });
  assert.ok(other.scripts[0]!.startsWith('/other/assets/'), 'another base URL is another entry, not the cached one');
});

test('the engine bundle the launcher reads is ASCII', async () => {
  assert.ok(isAscii(fs.readFileSync(await engineBundlePath())));
});

test("the engine bundle holds react-dom's legacy server renderer (production), not the streaming one", async () => {
  const map = JSON.parse(fs.readFileSync(`${await engineBundlePath()}.map`, 'utf8')) as { sources: string[] };
  const reactDom = map.sources
    .filter((source) => source.includes('/react-dom/'))
    .map((source) => path.basename(source));
  assert.deepEqual(reactDom, ['react-dom-server-legacy.node.production.js']);
});
