// Runs the engine from an esbuild bundle of its TypeScript sources, cached under node_modules/.cache/wiki and
// rebuilt whenever a source changes (a hash of src/ names it), so there is still no compile step to forget.
// Measured on the 2-core machine: `wiki help` takes 0.4 s this way against 0.9 s compiling each module through tsx,
// and worker threads start from plain JavaScript too. Pure-JavaScript dependencies are bundled in as well: importing
// the CLI took ~200 ms with them resolved and read file by file from node_modules, ~110 ms bundled.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
const cacheDir = path.join(root, 'node_modules/.cache/wiki');
// Besides src/, what changes the bundle's output (the lock file: bundled dependencies' versions).
const buildInputs = ['package.json', 'package-lock.json', 'tsconfig.base.json', 'tsconfig.json', 'bin/engine.mjs'];
/**
 * Packages left as imports from node_modules: esbuild and TypeScript (a native binary; a large compiler loaded only
 * on demand), prismjs (its language loader requires files by computed name), React (one copy shared with the bundles
 * of a site's theme overrides, whose components use its hooks and contexts) and the hosted-search clients (`wiki
 * search push` only).
 */
const externalPackages = ['esbuild', 'typescript', 'prismjs', 'react', 'react-dom', 'algoliasearch', 'typesense'];

/**
 * The external CommonJS packages every build loads, which the bundle require()s instead of importing: Node runs its
 * cjs-module-lexer over a CommonJS module imported from an ES module to list its exports, and TurboFan compiles that
 * lexer's loop in each thread. Measured: loading react, react-dom/server and prismjs took 55-61 ms that way, 22 ms
 * required. esbuild compiles every site's config.
 */
const requiredPackages = ['esbuild', 'react', 'react-dom', 'prismjs'];

/** Resolves an import of a `requiredPackages` module to a stub that require()s it (esbuild keeps that call as it is). */
const requireInsteadOfImport = {
  name: 'require-instead-of-import',
  setup(build) {
    const filter = new RegExp(`^(?:${requiredPackages.join('|')})(?:/|$)`);
    build.onResolve({ filter }, (args) => (args.kind === 'require-call' ? { path: args.path, external: true } : { path: args.path, namespace: 'required' }));
    build.onLoad({ filter: /.*/, namespace: 'required' }, (args) => ({ contents: `module.exports = require(${JSON.stringify(args.path)});`, loader: 'js' }));
  },
};

/** The URL of the bundled CLI module (`main`), bundling it first when the sources changed. */
export async function engineModuleUrl() {
  const dir = path.join(cacheDir, `engine-${hashSources()}`);
  if (!fs.existsSync(path.join(dir, 'cli.mjs'))) await bundleEngine(dir);
  return pathToFileURL(path.join(dir, 'cli.mjs')).href;
}

function hashSources() {
  const hash = crypto.createHash('sha256');
  const files = [...buildInputs, ...fs.readdirSync(path.join(root, 'src'), { recursive: true }).map((file) => path.join('src', file))];
  for (const file of files.sort()) {
    const absolute = path.join(root, file);
    if (!fs.statSync(absolute).isFile()) continue;
    hash.update(file).update('\0').update(fs.readFileSync(absolute)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** The CLI and every worker entry (src/node/**\/*Worker.ts, named as src/node/workers.ts expects), sharing chunks. */
async function bundleEngine(dir) {
  const { build } = await import('esbuild');
  const workers = fs.readdirSync(path.join(root, 'src/node'), { recursive: true }).filter((file) => /(^|\/)\w+Worker\.ts$/.test(file));
  const entryPoints = { cli: path.join(root, 'src/node/cli.ts'), ...Object.fromEntries(workers.map((file) => [path.basename(file, '.ts'), path.join(root, 'src/node', file)])) };
  const staging = `${dir}.tmp-${process.pid}`;
  await build({
    entryPoints,
    outdir: staging,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: externalPackages.flatMap((name) => [name, `${name}/*`]),
    plugins: [requireInsteadOfImport],
    // Bundled CommonJS packages require Node's built-in modules, which an ES module can only do through this.
    banner: { js: "import { createRequire as __engineRequire } from 'node:module';\nconst require = __engineRequire(import.meta.url);" },
    jsx: 'automatic',
    tsconfig: path.join(root, 'src/node/tsconfig.json'),
    logLevel: 'error',
  });
  try {
    fs.renameSync(staging, dir);
  } catch (error) {
    // Another process bundled the same sources first: use its copy.
    fs.rmSync(staging, { recursive: true, force: true });
    if (!fs.existsSync(path.join(dir, 'cli.mjs'))) throw error;
  }
  removeStaleBundles(path.basename(dir));
}

function removeStaleBundles(current) {
  for (const name of fs.readdirSync(cacheDir)) {
    if (/^engine-[0-9a-f]{16}$/.test(name) && name !== current) fs.rmSync(path.join(cacheDir, name), { recursive: true, force: true });
  }
}
