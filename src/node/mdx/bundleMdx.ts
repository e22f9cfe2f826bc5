/**
 * The site's MDX notes bundled into one server module with esbuild: each note compiled by @mdx-js/mdx, with what it
 * imports (partials, `@site/...` components, packages, the `@theme/...` and `@docusaurus/...` modules the engine
 * provides). The module renders a note to static HTML; no note's JavaScript reaches the browser.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Metafile, Plugin } from 'esbuild';
import { esbuild, INNER_RESOLVE, NODE_MODULE_BUNDLE } from '../esbuild.js';
import { enginePath } from '../engineRoot.js';
import { splitFrontMatter } from '../notes/frontMatter.js';
import { serverCssLoaders } from '../theme/siteCss.js';
import { sitePackagesPlugin } from '../theme/sitePackages.js';
import { mdxThemeModuleSource, isMdxThemeModule, MDX_THEME_MODULES } from './themeModules.js';

/** A note to compile: its file, and its source with the front matter blanked (lines stay the file's). */
export interface MdxEntry {
  readonly filePath: string;
  readonly source: string;
}

export interface MdxBundleHooks {
  /** Compiles one file; `entry` is set for a note, undefined for a file a note imports. */
  compile(filePath: string, source: string, format: 'md' | 'mdx', entry: MdxEntry | undefined): Promise<string>;
  /** A problem in a note's imports (an import the engine cannot provide): the bundle goes on without it. */
  report(importer: string, message: string, hint: string, specifier: string): void;
  /**
   * The URL of a picture or other file a note or partial imports (`import pic from './pic.png'`), recorded as its link
   * so that the file is published; undefined when the file cannot be published (outside the docs and static folders).
   */
  importFile(importer: string, filePath: string): string | undefined;
  readonly siteDir: string;
  /** A path as messages show it (relative to where `wiki` runs). */
  readonly displayPath: (file: string) => string;
  /** How a partial is read: as the site reads a note of its name and text (`markdown.format`). */
  formatOf(filePath: string, source: string): 'md' | 'mdx';
}

const NOTE_NAMESPACE = 'wiki-mdx-note';
const RAW_NAMESPACE = 'wiki-raw-file';
const RAW_LOADER = /^!*raw-loader!/;
const NOTE_PREFIX = `${NOTE_NAMESPACE}:`;
/** The bundle's entry, made in memory: esbuild lists it among the inputs under this name in the site's folder. */
const ENTRY_FILE_NAME = 'wiki-mdx-entry.js';

/** What the MDX bundle is made of: its code, the files it read, and which files each note imports. */
export interface MdxBundle {
  readonly code: Uint8Array;
  /** The files it was made from (absolute paths). */
  readonly inputs: string[];
  /** The files (absolute paths) a note or partial imports, by its path: its partials and what they import. */
  readonly importsOf: ReadonlyMap<string, readonly string[]>;
}

/** `renderMdxNote(filePath, page)` for every entry, bundled. Throws esbuild's errors (with file and line). */
export async function bundleMdxNotes(entries: readonly MdxEntry[], hooks: MdxBundleHooks): Promise<MdxBundle> {
  const context = enginePath('src/theme/MdxComponents/context.ts');
  const source = [
    `import { createElement } from 'react';`,
    `import { renderToStaticMarkup } from 'react-dom/server';`,
    `import { MdxPageContext } from ${JSON.stringify(context)};`,
    ...entries.map((entry, index) => `import n${index} from ${JSON.stringify(NOTE_PREFIX + entry.filePath)};`),
    `const notes = new Map([${entries.map((entry, index) => `[${JSON.stringify(entry.filePath)}, n${index}]`).join(', ')}]);`,
    `export function renderMdxNote(filePath, page) {`,
    `  const content = createElement(notes.get(filePath), { components: page.components });`,
    `  const html = renderToStaticMarkup(createElement(MdxPageContext.Provider, { value: page }, content));`,
    // React 19 puts a preload link for each image before the content: the page's head already orders its loading.
    `  return html.replace(/^(?:<link rel="preload"[^>]*>)+/, '');`,
    `}`,
  ].join('\n');
  const result = await esbuild().build({
    stdin: { contents: source, resolveDir: hooks.siteDir, sourcefile: ENTRY_FILE_NAME, loader: 'js' },
    ...NODE_MODULE_BUNDLE,
    jsx: 'automatic',
    loader: { ...serverCssLoaders, '.module.css': 'local-css' },
    plugins: [mdxPlugin(entries, hooks), importedFilesPlugin(hooks), sitePackagesPlugin, missingImportsPlugin(hooks)],
    metafile: true,
  });
  // The notes are inputs of their own (docs files); a raw-loader file is one the bundle read.
  const inputs = Object.keys(result.metafile.inputs)
    .filter((input) => !input.startsWith(NOTE_PREFIX))
    .map(fileOfInput)
    .filter((file): file is string => file !== undefined && path.basename(file) !== ENTRY_FILE_NAME);
  return { code: result.outputFiles[0]!.contents, inputs, importsOf: importGraph(result.metafile) };
}

/**
 * The absolute path of the file a metafile input names: a file's path is relative to esbuild's working folder, a note
 * entry's and a raw-loader file's are their namespace's path; other namespaces name no file.
 */
function fileOfInput(input: string): string | undefined {
  for (const namespace of [NOTE_NAMESPACE, RAW_NAMESPACE])
    if (input.startsWith(`${namespace}:`)) return input.slice(namespace.length + 1);
  return /^[\w-]+:/.test(input) ? undefined : path.resolve(input);
}

/** Each input's imports, by absolute path (a note's entry by its file's path too). */
function importGraph(metafile: Metafile): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [input, { imports }] of Object.entries(metafile.inputs)) {
    const file = fileOfInput(input);
    if (file === undefined) continue;
    const imported = imports.filter((entry) => !entry.external).map((entry) => fileOfInput(entry.path));
    graph.set(
      file,
      imported.filter((importedFile): importedFile is string => importedFile !== undefined),
    );
  }
  return graph;
}

/** The module an imported file is: its URL, or for an SVG a component (its `title` the picture's alt text). */
function importedFileModule(url: string, isSvg: boolean): string {
  if (!isSvg) return `export default ${JSON.stringify(url)};\n`;
  return [
    `import { createElement } from 'react';`,
    `export default function Svg({ title, ...props }) {`,
    `  return createElement('img', { src: ${JSON.stringify(url)}, alt: title ?? '', ...props });`,
    `}`,
  ].join('\n');
}

/** Pictures, videos and other files a note imports (`import pic from './pic.png'`): their published URL. */
const IMPORTED_FILE = /\.(?:png|jpe?g|gif|webp|avif|bmp|ico|svg|pdf|mp4|webm|mp3|wav|ogg)$/i;

/**
 * As Docusaurus's webpack does: a picture or file a note imports is its URL (`<img src={pic} />`), and an SVG a
 * component that shows it (Docusaurus inlines the SVG's markup; an `<img>` of it is drawn the same).
 */
function importedFilesPlugin(hooks: MdxBundleHooks): Plugin {
  return {
    name: 'wiki-imported-files',
    setup(build) {
      build.onResolve({ filter: IMPORTED_FILE }, async (args) => {
        if (args.pluginData === INNER_RESOLVE || args.namespace === 'wiki-theme-module') return undefined;
        const { kind, resolveDir, importer } = args;
        const found = await build.resolve(args.path, { kind, resolveDir, importer, pluginData: INNER_RESOLVE });
        if (found.errors.length > 0 || found.namespace !== 'file') return undefined; // reported as missing
        const url = hooks.importFile(importer, found.path);
        if (url !== undefined) return { path: found.path, namespace: 'wiki-imported-file', pluginData: { url } };
        hooks.report(
          importer,
          `This note imports ${args.path}, which is outside the docs and static folders, so it is not published.`,
          'Move the file into the docs folder (beside the note) or the static folder, and import it from there.',
          args.path,
        );
        return { path: args.path, namespace: 'wiki-missing-module' };
      });
      build.onLoad({ filter: /.*/, namespace: 'wiki-imported-file' }, (args) => ({
        contents: importedFileModule((args.pluginData as { url: string }).url, /\.svg$/i.test(args.path)),
        loader: 'js',
        resolveDir: path.dirname(args.path),
      }));
    },
  };
}

function mdxPlugin(entries: readonly MdxEntry[], hooks: MdxBundleHooks): Plugin {
  const byPath = new Map(entries.map((entry) => [entry.filePath, entry]));
  return {
    name: 'wiki-mdx',
    setup(build) {
      build.onResolve({ filter: /^wiki-mdx-note:/ }, (args) => ({
        path: args.path.slice(NOTE_PREFIX.length),
        namespace: NOTE_NAMESPACE,
      }));
      build.onLoad({ filter: /.*/, namespace: NOTE_NAMESPACE }, async (args) => {
        const entry = byPath.get(args.path)!;
        // Always MDX: a `.md` note is only an entry when it opens with import/export (isMdxNote).
        const contents = await hooks.compile(entry.filePath, entry.source, 'mdx', entry);
        return { contents, loader: 'js', resolveDir: path.dirname(entry.filePath) };
      });
      // A partial: another note, or a `_name.mdx` file the docs plugin leaves out of the pages.
      build.onLoad({ filter: /\.mdx?$/, namespace: 'file' }, async (args) => {
        const source = blankFrontMatter(fs.readFileSync(args.path, 'utf8'));
        const contents = await hooks.compile(args.path, source, hooks.formatOf(args.path, source), undefined);
        return { contents, loader: 'js', resolveDir: path.dirname(args.path) };
      });
      // Docusaurus's webpack raw-loader (`import source from '!!raw-loader!./snippet.js'`): the file's text.
      build.onResolve({ filter: RAW_LOADER }, async (args) => {
        const { kind, resolveDir, importer } = args;
        const request = args.path.replace(RAW_LOADER, '');
        const found = await build.resolve(request, { kind, resolveDir, importer, pluginData: INNER_RESOLVE });
        if (found.errors.length > 0 || found.namespace !== 'file') return undefined; // reported as missing
        return { path: found.path, namespace: RAW_NAMESPACE };
      });
      build.onLoad({ filter: /.*/, namespace: RAW_NAMESPACE }, (args) => ({
        contents: `export default ${JSON.stringify(fs.readFileSync(args.path, 'utf8'))};`,
        loader: 'js',
      }));
      build.onResolve({ filter: /^@site\// }, (args) =>
        build.resolve(`./${args.path.slice('@site/'.length)}`, { kind: args.kind, resolveDir: hooks.siteDir }),
      );
      build.onResolve({ filter: /^@(theme|theme-original|docusaurus)\// }, (args) => {
        if (isMdxThemeModule(args.path)) return { path: args.path, namespace: 'wiki-theme-module' };
        hooks.report(
          args.importer,
          `This note imports ${args.path}, which the engine does not provide.`,
          `Use one of ${Object.keys(MDX_THEME_MODULES).join(', ')}, or remove the import and what uses it.`,
          args.path,
        );
        return { path: args.path, namespace: 'wiki-missing-module' };
      });
      build.onLoad({ filter: /.*/, namespace: 'wiki-theme-module' }, (args) => ({
        contents: mdxThemeModuleSource(args.path),
        loader: 'js',
        resolveDir: enginePath('.'),
      }));
      // CommonJS, so any named import of it bundles; the note that imports it is reported and not rendered.
      build.onLoad({ filter: /.*/, namespace: 'wiki-missing-module' }, () => ({ contents: 'module.exports = {};' }));
    },
  };
}

/**
 * Last in line: an import nothing resolves (a file the folder does not have, a package not installed) is that note's
 * problem, reported with its line, not a failure of every note's bundle.
 */
function missingImportsPlugin(hooks: MdxBundleHooks): Plugin {
  return {
    name: 'wiki-missing-imports',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === INNER_RESOLVE || args.kind === 'entry-point' || args.namespace === 'wiki-theme-module')
          return undefined;
        const { kind, resolveDir, importer } = args;
        const result = await build.resolve(args.path, { kind, resolveDir, importer, pluginData: INNER_RESOLVE });
        if (result.errors.length === 0)
          return { path: result.path, external: result.external, namespace: result.namespace };
        hooks.report(
          importer,
          `This note imports ${args.path}, which cannot be found from ${hooks.displayPath(resolveDir)}.`,
          'Add the file or install the package, fix the path, or remove the import and what uses it.',
          args.path,
        );
        return { path: args.path, namespace: 'wiki-missing-module' };
      });
    },
  };
}

/** A partial's front matter (as notes' is split) replaced by as many empty lines, so lines stay the file's. */
export function blankFrontMatter(source: string): string {
  const { body, bodyLineOffset } = splitFrontMatter(source);
  return '\n'.repeat(bodyLineOffset) + body;
}
