import fs from 'node:fs';
import path from 'node:path';
import type { Metafile, Plugin } from 'esbuild';
import { esbuild, fileInputs } from '../esbuild.js';
import type { SiteExtensions } from '../render/loadRenderer.js';
import { inlineTranslationsPlugin } from '../theme/inlineTranslations.js';
import { browserCssLoaders, noCssModulesPlugin } from '../theme/siteCss.js';
import { browserReactPlugin } from '../theme/sitePackages.js';
import { themeAliasPlugin } from '../theme/themeAlias.js';
import { cacheEntryPath, contentHash, engineCacheDir, useCacheEntry, writeCacheEntry } from '../bundleCache.mjs';
import { engineRoot } from '../engineRoot.js';
import { engineSourcesHash } from '../engineSources.js';

export interface ClientAssets {
  /** Output files: site-relative path -> contents. */
  readonly files: ReadonlyMap<string, Uint8Array>;
  /** Site-relative URLs of the entry script(s) and stylesheet(s) every page links. */
  readonly scripts: readonly string[];
  /** Site-relative URLs of the chunks the entry script imports statically, to fetch at low priority with it. */
  readonly modulePreloads: readonly string[];
  readonly stylesheets: readonly string[];
  /**
   * The files a bundle of the site's overrides and pages was made from (absolute paths; the engine's too): `wiki dev`
   * watches the site's among them.
   */
  readonly inputs?: readonly string[];
}

const pageImportsFile = path.join(engineRoot, 'src/client/pageImports.ts');

export interface BundleClientOptions {
  /**
   * The theme's stylesheets (src/theme) as one CSS string, read only when the bundle is made: a cached bundle's key
   * covers them as engine sources.
   */
  readonly css: () => Promise<string>;
  readonly baseUrl: string;
  readonly minify: boolean;
  /** The site's theme overrides and custom pages (none when absent). */
  readonly extensions?: SiteExtensions;
  /** The site's translation overrides, inlined into the engine's strings; absent, they are looked up at runtime. */
  readonly translations?: Readonly<Record<string, string>>;
}

/** Generates src/client/pageImports.ts: route -> lazy import of the site's page module. */
function pageImportsPlugin(pages: SiteExtensions['pages']): Plugin {
  const entries = pages.map((page) => `${JSON.stringify(page.route)}: () => import(${JSON.stringify(page.filePath)})`);
  return {
    name: 'wiki-page-imports',
    setup(build) {
      build.onLoad({ filter: /[\\/]src[\\/]client[\\/]pageImports\.ts$/ }, (args) =>
        args.path === pageImportsFile
          ? { contents: `export const pageImports = {${entries.join(', ')}};`, loader: 'js', resolveDir: engineRoot }
          : undefined,
      );
    },
  };
}

/**
 * Bundles the browser runtime (React + theme, code-split so heavy parts load on demand) and the theme CSS. A site
 * without theme overrides or pages gets the same bundle for the same engine sources and options: it is cached.
 */
export async function bundleClient(options: BundleClientOptions): Promise<ClientAssets> {
  const extensions = options.extensions ?? { overrides: new Map(), pages: [] };
  if (extensions.overrides.size > 0 || extensions.pages.length > 0) return buildClient(options, extensions);
  const entry = cacheEntryPath(engineCacheDir(engineRoot), 'client', await clientCacheKey(options));
  const cached = useCacheEntry(entry) ? readCachedClient(entry) : undefined;
  if (cached) return cached;
  const assets = await buildClient(options, extensions);
  try {
    await writeCacheEntry(entry, (staging) => writeClientFiles(staging, assets));
  } catch {
    // not cached (a full disk?): the next build bundles again
  }
  return assets;
}

async function buildClient(options: BundleClientOptions, extensions: SiteExtensions): Promise<ClientAssets> {
  const { build } = esbuild();
  const result = await build({
    // Relative to the engine, not to where `wiki` runs: the chunks' names hash their sources' paths.
    absWorkingDir: engineRoot,
    entryPoints: { app: path.join(engineRoot, 'src/client/main.tsx') },
    bundle: true,
    splitting: true,
    format: 'esm',
    // Browsers of the last few years: newer syntax needs fewer helpers, and every byte counts against 70 KB.
    target: 'es2022',
    minify: options.minify,
    legalComments: 'none', // React's licence banners; the licences ship in node_modules and the repository
    charset: 'utf8',
    jsx: 'automatic',
    write: false,
    outdir: '/assets',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[name]-[hash]',
    assetNames: '[name]-[hash]',
    metafile: true,
    define: { 'process.env.NODE_ENV': JSON.stringify(options.minify ? 'production' : 'development') },
    tsconfig: path.join(engineRoot, 'src/client/tsconfig.json'),
    // A site's pages and overrides may import the engine's packages without a node_modules of their own (React always
    // comes from the engine: browserReactPlugin).
    nodePaths: [path.join(engineRoot, 'node_modules')],
    loader: browserCssLoaders,
    plugins: [
      browserReactPlugin,
      noCssModulesPlugin,
      themeAliasPlugin(extensions.overrides),
      pageImportsPlugin(extensions.pages),
      ...(options.translations ? [inlineTranslationsPlugin(options.translations)] : []),
    ],
    logLevel: 'silent',
  });
  const css = await build({
    absWorkingDir: engineRoot,
    stdin: { contents: await options.css(), loader: 'css', resolveDir: path.join(engineRoot, 'src/theme') },
    minify: options.minify,
    write: false,
    outdir: '/assets',
    entryNames: 'theme-[hash]',
    bundle: true,
    logLevel: 'silent',
  });
  const files = new Map<string, Uint8Array>();
  for (const file of [...result.outputFiles, ...css.outputFiles])
    files.set(file.path.replace(/^\//, ''), file.contents);
  const base = options.baseUrl.replace(/\/$/, '');
  const entry = result.outputFiles.find((file) => /\/app-[\w]+\.js$/.test(file.path))!;
  const stylesheet = css.outputFiles.find((file) => file.path.endsWith('.css'))!;
  // What the site's overrides and pages import (src/node/theme/siteCss.ts), after the theme's so that it wins.
  const siteStylesheet = result.outputFiles.find((file) => /\/app-[\w]+\.css$/.test(file.path));
  return {
    files,
    scripts: [`${base}${entry.path}`],
    modulePreloads: staticImports(result.metafile, entry.path).map((file) => `${base}${file}`),
    stylesheets: [stylesheet, ...(siteStylesheet ? [siteStylesheet] : [])].map((file) => `${base}${file.path}`),
    ...(extensions.overrides.size + extensions.pages.length > 0 && { inputs: fileInputs(result.metafile, engineRoot) }),
  };
}

/**
 * The chunks an entry imports statically, its own imports' imports included. The browser fetches a module script's
 * static imports at high priority, which puts them on first paint's path; preloaded at low priority, they are not.
 */
function staticImports(metafile: Metafile, entryPath: string): string[] {
  // The metafile names outputs relative to the working folder (the engine's); the output files, absolutely (/assets).
  const outputs = new Map(
    Object.entries(metafile.outputs).map(([file, output]) => [path.resolve(engineRoot, file), output]),
  );
  const found = new Set<string>();
  const visit = (output: string) => {
    for (const imported of outputs.get(output)?.imports ?? []) {
      const file = path.resolve(engineRoot, imported.path);
      if (imported.kind !== 'import-statement' || imported.external || found.has(file)) continue;
      found.add(file);
      visit(file);
    }
  };
  visit(entryPath);
  return [...found];
}

/**
 * What the bundle depends on besides the site's extensions: the options, and the engine's sources and packages. Run
 * from its bundle, the engine knows the hash of those that names it (bin/engine.mjs); from its sources (the tests),
 * they are read and hashed here (the theme's stylesheets among them: options.css reads them from src/theme). Both cover
 * package-lock.json, and with it esbuild's version.
 */
async function clientCacheKey(options: BundleClientOptions): Promise<string> {
  const settings = JSON.stringify({
    baseUrl: options.baseUrl,
    minify: options.minify,
    translations: options.translations,
  });
  if (engineSourcesHash !== undefined) return contentHash(settings, engineSourcesHash);
  const parts: (string | Uint8Array)[] = [settings];
  parts.push(fs.readFileSync(path.join(engineRoot, 'package-lock.json')));
  for (const file of fs.readdirSync(path.join(engineRoot, 'src'), { recursive: true, encoding: 'utf8' }).sort()) {
    const absolute = path.join(engineRoot, 'src', file);
    if (fs.statSync(absolute).isFile()) parts.push(file, fs.readFileSync(absolute));
  }
  return contentHash(...parts);
}

interface CachedClientManifest {
  readonly scripts: readonly string[];
  readonly modulePreloads: readonly string[];
  readonly stylesheets: readonly string[];
  readonly files: readonly string[];
}

function readCachedClient(dir: string): ClientAssets | undefined {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as CachedClientManifest;
    const files = new Map(
      manifest.files.map((file) => [file, new Uint8Array(fs.readFileSync(path.join(dir, 'files', file)))] as const),
    );
    return {
      files,
      scripts: manifest.scripts,
      modulePreloads: manifest.modulePreloads,
      stylesheets: manifest.stylesheets,
    };
  } catch {
    return undefined; // not cached yet, or removed meanwhile by another build: bundle again
  }
}

/** The assets as a cache entry: their files under files/, and a manifest of them. */
function writeClientFiles(dir: string, assets: ClientAssets): void {
  for (const [file, contents] of assets.files) {
    fs.mkdirSync(path.dirname(path.join(dir, 'files', file)), { recursive: true });
    fs.writeFileSync(path.join(dir, 'files', file), contents);
  }
  const manifest: CachedClientManifest = {
    scripts: assets.scripts,
    modulePreloads: assets.modulePreloads,
    stylesheets: assets.stylesheets,
    files: [...assets.files.keys()],
  };
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
}
