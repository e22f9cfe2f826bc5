import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import type { SiteExtensions } from '../render/loadRenderer.js';
import { inlineTranslationsPlugin } from '../theme/inlineTranslations.js';
import { themeAliasPlugin } from '../theme/themeAlias.js';
import { engineRoot } from '../engineRoot.js';

export interface ClientAssets {
  /** Output files: site-relative path -> contents. */
  readonly files: ReadonlyMap<string, Uint8Array>;
  /** Site-relative URLs of the entry script(s) and stylesheet(s) every page links. */
  readonly scripts: readonly string[];
  readonly stylesheets: readonly string[];
}

const pageImportsFile = path.join(engineRoot, 'src/client/pageImports.ts');
const reactBindingsFile = path.join(engineRoot, 'src/client/reactBindings.ts');
const engineSrc = path.join(engineRoot, 'src') + path.sep;
const searchSrc = path.join(engineRoot, 'src/client/search') + path.sep;

export interface BundleClientOptions {
  readonly css: string;
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
        args.path === pageImportsFile ? { contents: `export const pageImports = {${entries.join(', ')}};`, loader: 'js', resolveDir: engineRoot } : undefined,
      );
    },
  };
}

/**
 * React through src/client/reactBindings.ts for the modules of the entry (the engine's, search aside): only they
 * import it, so it stays in the entry instead of growing the chunk React shares with the lazy parts.
 */
const reactBindingsPlugin: Plugin = {
  name: 'wiki-react-bindings',
  setup(build) {
    build.onResolve({ filter: /^react(\/jsx-runtime)?$/ }, (args) => {
      const inEntry = args.importer.startsWith(engineSrc) && !args.importer.startsWith(searchSrc) && args.importer !== reactBindingsFile;
      return inEntry ? { path: reactBindingsFile } : undefined;
    });
  },
};

/** Bundles the browser runtime (React + theme, code-split so heavy parts load on demand) and the theme CSS. */
export async function bundleClient(options: BundleClientOptions): Promise<ClientAssets> {
  const extensions = options.extensions ?? { overrides: new Map(), pages: [] };
  const result = await build({
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
    // A site's pages and overrides import react without a node_modules of their own: use the engine's.
    nodePaths: [path.join(engineRoot, 'node_modules')],
    plugins: [reactBindingsPlugin, themeAliasPlugin(extensions.overrides), pageImportsPlugin(extensions.pages), ...(options.translations ? [inlineTranslationsPlugin(options.translations)] : [])],
    logLevel: 'silent',
  });
  const css = await build({ stdin: { contents: options.css, loader: 'css', resolveDir: path.join(engineRoot, 'src/theme') }, minify: options.minify, write: false, outdir: '/assets', entryNames: 'theme-[hash]', bundle: true, logLevel: 'silent' });
  const files = new Map<string, Uint8Array>();
  for (const file of [...result.outputFiles, ...css.outputFiles]) files.set(file.path.replace(/^\//, ''), file.contents);
  const base = options.baseUrl.replace(/\/$/, '');
  const entry = result.outputFiles.find((file) => /\/app-[\w]+\.js$/.test(file.path))!;
  const stylesheet = css.outputFiles.find((file) => file.path.endsWith('.css'))!;
  return { files, scripts: [`${base}${entry.path}`], stylesheets: [`${base}${stylesheet.path}`] };
}
