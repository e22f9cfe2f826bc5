// Runs the engine from an esbuild bundle of its TypeScript sources, kept in the engine's cache (src/node/bundleCache.mjs)
// and rebuilt whenever a source changes (a hash of src/ names it), so there is still no compile step to forget. The
// CLI and its worker threads then start from plain JavaScript, much faster than compiling each module through tsx, and
// the pure-JavaScript dependencies are bundled in too (figures: bench/README.md, "Recorded measurements").
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cacheEntryPath,
  cachedEntry,
  contentHash,
  engineCacheDir,
  isSettled,
  writeCacheEntry,
} from '../src/node/bundleCache.mjs';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
// Besides src/, what changes the bundle's output (the lock file: bundled dependencies' versions).
const buildInputs = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.json',
  'bin/engine.mjs',
  'bin/asciiBundle.mjs',
];
/**
 * Packages left as imports from node_modules: esbuild and TypeScript (a native binary; a large compiler loaded only
 * on demand), prismjs (its language loader requires files by computed name), React (one copy shared with the bundles
 * of a site's theme overrides, whose components use its hooks and contexts), the hosted-search clients (`wiki search
 * push` only) and KaTeX (required by the first note with math: src/node/markdown/math.ts).
 */
const externalPackages = [
  'esbuild',
  'typescript',
  'prismjs',
  'react',
  'react-dom',
  'algoliasearch',
  'typesense',
  'katex',
];

/**
 * zod's `z.locales`, every language's error messages, is half of zod's code, compiled by every command; the engine
 * never uses it (zod sets English up itself, from its own module): the namespace keeps only that one.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)
        ? { path: path.join(path.dirname(args.importer), '../locales/en.js'), namespace: 'zod-english' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-english' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      loader: 'js',
      resolveDir: path.dirname(args.path),
    }));
  },
};

/**
 * `react-dom/server` as the engine uses it (renderToString, in production: src/node/render/reactServer.ts) is bundled:
 * its legacy production build alone, compiled from the bundle's code cache. The package's own entry compiles it and the
 * streaming renderer, which the engine never calls, at every build that renders a page. React and `react-dom` stay
 * packages (the one copy a site's theme overrides share).
 */
const reactServerLegacy = {
  name: 'react-server-legacy',
  setup(build) {
    const reactDom = path.dirname(createRequire(import.meta.url).resolve('react-dom/package.json'));
    build.onResolve({ filter: /^react-dom\/server$/ }, () => ({
      path: path.join(reactDom, 'cjs/react-dom-server-legacy.node.production.js'),
    }));
  },
};

/** The path of the bundled CLI (CommonJS: bin/codeCache.mjs runs it), bundling it first when the sources changed. */
export async function engineBundlePath() {
  const cacheDir = engineCacheDir(root);
  const sources = await hashSources(cacheDir);
  const dir = cacheEntryPath(cacheDir, 'engine', sources);
  await cachedEntry(dir, (outdir) => bundleEngine(outdir, sources));
  return path.join(dir, 'cli.cjs');
}

/**
 * The hash of every bundle input's contents, and of where the engine is (the bundle holds that path: engineRoot.ts).
 * Every command starts here: reading and hashing src/ took ~25 ms of each start, so the hash is recorded under the
 * files' stamps (path, size, time, inode) and read back while those stay, once each file had settled when recorded.
 */
async function hashSources(cacheDir) {
  const files = [
    ...buildInputs,
    ...fs.readdirSync(path.join(root, 'src'), { recursive: true }).map((file) => path.join('src', file)),
  ].sort();
  const stamped = files
    .map((file) => ({ file, stat: fs.statSync(path.join(root, file)) }))
    .filter(({ stat }) => stat.isFile());
  const stamps = stamped.map(({ file, stat }) => `${file}:${stat.size}:${stat.mtimeMs}:${stat.ino}`);
  const record = cacheEntryPath(cacheDir, 'sources', contentHash(root, ...stamps));
  const recorded = readRecordedHash(record);
  if (recorded !== undefined) return recorded;
  const takenAt = Date.now();
  const parts = [root];
  for (const { file } of stamped) parts.push(file, fs.readFileSync(path.join(root, file)));
  const hash = contentHash(...parts);
  const settled = stamped.every(({ stat }) => isSettled(stat, takenAt));
  if (settled) await writeCacheEntry(record, (staging) => fs.writeFileSync(staging, hash)).catch(() => undefined);
  return hash;
}

/** The content hash a stamp record holds, if it is one (a record cut short is not). */
function readRecordedHash(record) {
  try {
    const hash = fs.readFileSync(record, 'utf8');
    return /^[0-9a-f]{16}$/.test(hash) ? hash : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Bundles the CLI and every worker entry (src/node/**\/*Worker.ts, named as src/node/workers.ts expects), each a
 * CommonJS file of its own: V8 caches the compiled code of a script, not of an ES module (bin/codeCache.mjs), and a
 * CommonJS bundle require()s the packages it leaves out without Node's cjs-module-lexer pass over each (an ES module's
 * import of a CommonJS package has one). Linked source maps: bin/stackTraces.mjs maps a trace's frames through them.
 */
async function bundleEngine(outdir, sources) {
  const { build } = await import('esbuild');
  const workers = fs
    .readdirSync(path.join(root, 'src/node'), { recursive: true })
    .filter((file) => /(^|\/)\w+Worker\.ts$/.test(file));
  const workerEntries = workers.map((file) => [path.basename(file, '.ts'), path.join(root, 'src/node', file)]);
  await build({
    entryPoints: { cli: path.join(root, 'src/node/cli.ts'), ...Object.fromEntries(workerEntries) },
    outdir,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    // The sources are in the package; the maps need only point at them (a third of the size).
    sourcesContent: false,
    external: externalPackages.flatMap((name) => [name, `${name}/*`]),
    plugins: [zodEnglishOnly, reactServerLegacy],
    define: {
      // Where the engine is, and the hash of what it is made from (the browser bundle's cache key reuses it).
      WIKI_ENGINE_ROOT: JSON.stringify(root),
      WIKI_ENGINE_SOURCES: JSON.stringify(sources),
      // The sources are ES modules: their own URL is the bundle file's.
      'import.meta.url': '__engineFileUrl',
    },
    banner: { js: "const __engineFileUrl = require('node:url').pathToFileURL(__filename).href;" },
    jsx: 'automatic',
    tsconfig: path.join(root, 'src/node/tsconfig.json'),
    logLevel: 'error',
  });
  // Read as one-byte text by the launcher when it is ASCII (bin/asciiBundle.mjs); the workers' files are small.
  const { asciiOnly } = await import('./asciiBundle.mjs'); // acorn: loaded only to bundle, not by every start
  const cli = path.join(outdir, 'cli.cjs');
  const code = fs.readFileSync(cli, 'utf8');
  const ascii = asciiOnly(code);
  if (ascii !== undefined && ascii !== code) fs.writeFileSync(cli, ascii);
}
