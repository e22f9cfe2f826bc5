/**
 * The server side of theme overrides and custom pages: renderPage.tsx, the theme and the site's pages bundled with
 * esbuild through the same `@theme/` resolution as the browser bundle, written to a cache file and imported, so the
 * HTML and the hydrated app render the same components. A site with neither needs no bundle: the engine's modules
 * are imported as they are.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildFailure, Message } from 'esbuild';
import { esbuild, NODE_MODULE_BUNDLE } from '../esbuild.js';
import type { BuildContext } from '../context.js';
import type { CustomPageSource, PageModule } from '../resolve/customPages.js';
import type { ThemeOverrides } from '../theme/components.js';
import { inlineTranslationsPlugin } from '../theme/inlineTranslations.js';
import { noCssModulesPlugin, serverCssLoaders } from '../theme/siteCss.js';
import { sitePackagesPlugin } from '../theme/sitePackages.js';
import { themeAliasPlugin } from '../theme/themeAlias.js';
import type { HtmlParts } from './sidebarCache.js';
import { renderPageHtml, renderPageParts, type RenderPageInput } from './renderPage.js';
import { cacheEntryPath, cachedEntry, contentHash, engineCacheDir } from '../bundleCache.mjs';
import { engineRoot } from '../engineRoot.js';
import { importModule } from '../engineHooks.js';

/** What a site adds to the engine: replaced theme components and its own pages. */
export interface SiteExtensions {
  readonly overrides: ThemeOverrides;
  readonly pages: readonly CustomPageSource[];
}

/** Renders pages with the site's theme; holds its page modules (by route) for their components and exports. */
export interface PageRenderer {
  readonly renderPageHtml: (input: RenderPageInput) => string;
  /** The same page in pieces to write one after another (its sidebar's bytes shared with the pages of its branch). */
  readonly renderPageParts: (input: RenderPageInput) => HtmlParts;
  readonly pageModules: ReadonlyMap<string, PageModule>;
}

/** Whether the site renders with the engine's own modules (no theme overrides or custom pages): a worker can load them too. */
export function usesEngineRenderer(extensions: SiteExtensions): boolean {
  return extensions.overrides.size === 0 && extensions.pages.length === 0;
}

/** The renderer for this site: the engine's own, or a bundle with the site's overrides and pages. */
export async function loadRenderer(
  context: BuildContext,
  extensions: SiteExtensions,
  translations?: Readonly<Record<string, string>>,
): Promise<PageRenderer> {
  if (usesEngineRenderer(extensions)) return { renderPageHtml, renderPageParts, pageModules: new Map() };
  const start = performance.now();
  const file = await bundleRenderer(context, extensions, translations);
  context.timings.set('theme', performance.now() - start); // in parallel with parsing the notes
  try {
    const module = (await importModule(pathToFileURL(file).href)) as PageRenderer;
    return {
      renderPageHtml: module.renderPageHtml,
      renderPageParts: module.renderPageParts,
      pageModules: module.pageModules,
    };
  } catch (error) {
    throw new Error(`Can't load the site's theme overrides and pages (bundled as ${context.displayPath(file)}).`, {
      cause: error,
    });
  }
}

/** Bundles the renderer (React and the engine's packages stay imports) into a file named by its content's hash. */
async function bundleRenderer(
  context: BuildContext,
  extensions: SiteExtensions,
  translations: Readonly<Record<string, string>> | undefined,
): Promise<string> {
  const pages = extensions.pages.map((page, index) => ({ ...page, name: `page${index}` }));
  const entry = [
    `export { renderPageHtml, renderPageParts } from ${JSON.stringify(path.join(engineRoot, 'src/node/render/renderPage.tsx'))};`,
    ...pages.map((page) => `import * as ${page.name} from ${JSON.stringify(page.filePath)};`),
    `export const pageModules = new Map([${pages.map((page) => `[${JSON.stringify(page.route)}, ${page.name}]`).join(', ')}]);`,
  ].join('\n');
  let code: Uint8Array;
  try {
    const result = await esbuild().build({
      stdin: { contents: entry, resolveDir: engineRoot, sourcefile: 'wiki-renderer-entry.js', loader: 'js' },
      ...NODE_MODULE_BUNDLE,
      jsx: 'automatic',
      // Stylesheets the site imports are the browser bundle's to link; here they are nothing (src/node/theme/siteCss.ts).
      loader: serverCssLoaders,
      plugins: [
        noCssModulesPlugin,
        themeAliasPlugin(extensions.overrides),
        ...(translations ? [inlineTranslationsPlugin(translations)] : []),
        sitePackagesPlugin,
      ],
    });
    code = result.outputFiles[0]!.contents;
  } catch (error) {
    throw new Error(`Can't bundle the site's theme overrides and pages:\n${formatBuildErrors(error, context)}`);
  }
  return cachedEntry(cacheEntryPath(engineCacheDir(engineRoot), 'renderer', contentHash(code), '.mjs'), (staging) =>
    fs.writeFileSync(staging, code),
  );
}

/** esbuild's errors as "file:line:column: text" lines (its paths are relative to the working directory). */
export function formatBuildErrors(error: unknown, context: BuildContext, workingDir = process.cwd()): string {
  const messages: Message[] = (error as Partial<BuildFailure>).errors ?? [];
  if (messages.length === 0) return `    ${(error as Error).message}`;
  // esbuild names files relative to its working folder: shown as every other path is.
  const display = (file: string) => context.displayPath(path.resolve(workingDir, file));
  return messages
    .map((message) => {
      const where = message.location
        ? `${display(message.location.file)}:${message.location.line}:${message.location.column + 1}: `
        : '';
      const text = message.text.replace(/^No matching export in "(.+?)"/, (_, file: string) => {
        return `No matching export in "${display(file)}"`;
      });
      // esbuild's advice to mark a missing package external is about its own options, which a site does not set.
      const notes = [
        ...message.notes.map((note) => note.text).filter((note) => !note.startsWith('You can mark the path')),
        ...hintFor(text),
      ]
        .map((note) => `\n      ${note}`)
        .join('');
      return `    ${where}${text}${notes}`;
    })
    .join('\n');
}

/** The usual fix for a package that is not installed, or for a theme override that does not export what the theme imports. */
function hintFor(text: string): string[] {
  const missingPackage = /^Could not resolve "((?:@[\w-][\w.-]*\/)?[\w-][\w.-]*)(?:\/[^"]*)?"$/.exec(text);
  if (missingPackage)
    return [`Install the package in the site's folder (npm install ${missingPackage[1]}), or fix its name.`];
  const missing = /^No matching export in "(.+)" for import "(\w+)"$/.exec(text);
  if (!missing || !/(^|\/)theme\/\w+\.[jt]sx$/.test(missing[1]!)) return [];
  return [
    `A theme override exports its component by name, as the engine's does: \`export function ${missing[2]}() { ... }\` in ${missing[1]}.`,
  ];
}
