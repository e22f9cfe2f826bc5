import fs from 'node:fs';
import type { CustomPageModel, DocPageModel, SidebarItem, SpecialPageModel } from '../../shared/types.js';
import type { CategoryMetadata } from '../docs/category.js';
import type { ParsedDoc } from '../docs/doc.js';
import { scanDocs } from '../docs/scan.js';
import { enginePath } from '../engineRoot.js';
import { loadRenderer, type PageRenderer, type SiteExtensions } from '../render/loadRenderer.js';
import { collectThemeCss } from '../render/themeCss.js';
import { buildCustomPageModels, scanCustomPages } from '../resolve/customPages.js';
import { buildDocPageModels, buildSpecialPageModels } from '../resolve/pageModels.js';
import { parseDocs } from '../resolve/parseDocs.js';
import { resolveDocs } from '../resolve/routes.js';
import { buildSidebar } from '../resolve/sidebar.js';
import { findThemeOverrides } from '../theme/components.js';
import { bundleClient, type ClientAssets } from './clientBundle.js';
import { listFilesToCopy } from './emit.js';
import { type BuildContext, timeStage, timeStageAsync } from './context.js';

/** The whole site in memory: what render and emit turn into files. */
export interface SiteData {
  readonly docs: readonly ParsedDoc[];
  readonly sidebar: readonly SidebarItem[];
  readonly docPages: readonly DocPageModel[];
  /** The search and not-found pages, and the site's custom pages: no note behind them. */
  readonly specialPages: readonly (SpecialPageModel | CustomPageModel)[];
  /** The site's theme overrides and custom page files (the browser bundle is built with them). */
  readonly extensions: SiteExtensions;
  /** The browser bundle the pages link (with the site's theme overrides and pages). */
  readonly client: ClientAssets;
  /** Renders pages with the site's theme overrides and custom pages. */
  readonly renderer: PageRenderer;
  /** Docs-folder files that notes reference: source path -> site-relative output path. */
  readonly assets: ReadonlyMap<string, string>;
  readonly staticFiles: ReadonlySet<string>;
  /** The static/ folder's files to copy: absolute source -> site-relative path (read once, with staticFiles). */
  readonly staticCopies: ReadonlyMap<string, string>;
  readonly draftIds: ReadonlySet<string>;
  /** `_category_` metadata by docs-relative folder (the dev server rebuilds the sidebar from it). */
  readonly categories: ReadonlyMap<string, CategoryMetadata>;
}

export interface LoadSiteOptions {
  /** Translation overrides by id (the built-in pages' titles use them). */
  readonly translations?: Readonly<Record<string, string>>;
}

/** scan -> resolve routes -> parse Markdown -> sidebar -> page models, each stage timed; the theme bundles meanwhile. */
export async function loadSite(context: BuildContext, options: LoadSiteOptions = {}): Promise<SiteData> {
  const { config, diagnostics } = context;
  if (!fs.existsSync(context.docsDir) || !fs.statSync(context.docsDir).isDirectory()) {
    throw new Error(`Docs folder not found: ${context.displayPath(context.docsDir)}\n    Create it, or point to your notes with --docs DIR (or docsDir in the config).`);
  }
  const scanned = timeStage(context, 'scan', () => scanDocs({ docsDir: context.docsDir, diagnostics, displayPath: context.displayPath }));
  const { docs, draftIds } = timeStage(context, 'routes', () =>
    resolveDocs({ notes: scanned.notes, diagnostics, displayPath: context.displayPath, includeDrafts: context.mode === 'development', trailingSlash: config.trailingSlash, onDuplicateRoutes: config.onDuplicateRoutes }),
  );
  const builtIn = buildSpecialPageModels(config, options.translations);
  const taken = [...docs.map((doc) => [doc.route, context.displayPath(doc.filePath)] as const), ...builtIn.map((page) => [page.route, page.kind === 'search' ? 'the search page' : 'the not-found page'] as const)];
  const extensions: SiteExtensions = { overrides: findThemeOverrides(context), pages: scanCustomPages(context, new Map(taken)) };
  // esbuild bundles the server renderer and the browser code in its own process while the notes are parsed.
  const renderer = loadRenderer(context, extensions, options.translations);
  const client = startClientBundle(context, extensions, options.translations);
  for (const job of [renderer, client]) job.catch(() => undefined); // awaited below; a rejection while parsing must not go unhandled
  const staticCopies = listFilesToCopy(context.staticDir);
  const staticFiles = new Set(staticCopies.values());
  const routes = docs.map((doc) => [doc.sourcePath, doc.route] as const);
  const extraRoutes = new Set<string>([...builtIn, ...extensions.pages].map((page) => page.route));
  const resolverOptions = { routes, docsDir: context.docsDir, staticFiles, extraRoutes, baseUrl: config.baseUrl };
  const parsed = await timeStageAsync(context, 'parse', () => parseDocs(docs, resolverOptions));
  const assets = timeStage(context, 'links', () => checkLinks(parsed, context));
  // Checked: a build needs the link records no more (96 MB on 10,000 synthetic notes); `wiki dev` re-checks edits with them.
  if (context.mode === 'production') parsed.forEach((doc, index) => (parsed[index] = { ...doc, links: [] }));
  const sidebar = timeStage(context, 'sidebar', () => buildSidebar({ docs: parsed, categories: scanned.categories, collapsed: config.sidebarCollapsed }));
  const docPages = timeStage(context, 'pages', () => buildDocPageModels({ config, sidebar, docs: parsed, diagnostics, displayPath: context.displayPath }));
  const [loadedRenderer, clientAssets] = await Promise.all([renderer, client]);
  const customPages = buildCustomPageModels(context, extensions.pages, loadedRenderer.pageModules);
  return { docs: parsed, sidebar, docPages, specialPages: [...builtIn, ...customPages], extensions, client: clientAssets, renderer: loadedRenderer, assets, staticFiles, staticCopies, draftIds, categories: scanned.categories };
}

/** The browser bundle (theme CSS, the runtime, the site's overrides and pages); 'bundle' times it. */
async function startClientBundle(context: BuildContext, extensions: SiteExtensions, translations: Readonly<Record<string, string>> | undefined): Promise<ClientAssets> {
  const started = performance.now();
  const css = await collectThemeCss(enginePath('src/theme'));
  const client = await bundleClient({ css, baseUrl: context.config.baseUrl, minify: context.mode === 'production', extensions, translations: translations ?? {} });
  context.timings.set('bundle', performance.now() - started); // in parallel with parsing the notes
  return client;
}

/**
 * Reports broken links and anchors once every note is parsed; collects the docs files to copy.
 * `sources` limits which notes' links are checked (the dev server re-checks only the notes an edit can affect).
 */
export function checkLinks(docs: readonly ParsedDoc[], context: BuildContext, sources: readonly ParsedDoc[] = docs): Map<string, string> {
  const docsByRoute = new Map<string, ParsedDoc>(docs.map((doc) => [doc.route, doc]));
  const anchorsByRoute = new Map<string, Set<string>>();
  // Heading ids first; ids in raw HTML are scanned only for pages a link points into.
  const anchorsOf = (route: string): Set<string> | undefined => {
    let anchors = anchorsByRoute.get(route);
    const doc = docsByRoute.get(route);
    if (!anchors && doc) anchorsByRoute.set(route, (anchors = new Set([...doc.headings.map((h) => h.id), ...htmlIds(doc.html)])));
    return anchors;
  };
  const assets = new Map<string, string>();
  for (const doc of sources) {
    const file = context.displayPath(doc.filePath);
    for (const link of doc.links) {
      const { resolved } = link;
      if (resolved.asset) assets.set(resolved.asset.filePath, resolved.asset.outputPath);
      if (resolved.broken) {
        context.diagnostics.addWithSetting(context.config.onBrokenLinks, { code: 'broken-link', file, line: link.line, message: `Broken link to "${link.target}": ${resolved.broken}.`, hint: 'Fix the path (links to notes are relative paths to .md files, e.g. ../web/vite.md) or remove the link.' });
        continue;
      }
      const anchor = resolved.anchor;
      const known = anchor && anchorsOf(anchor.route);
      if (anchor && known && !known.has(safeDecode(anchor.id))) {
        context.diagnostics.addWithSetting(context.config.onBrokenAnchors, { code: 'broken-anchor', file, line: link.line, message: `Broken anchor in link "${link.target}": the page ${anchor.route} has no heading with id "${anchor.id}".`, hint: `Use one of its heading ids${suggestAnchors(known)}.` });
      }
    }
  }
  return assets;
}

function htmlIds(html: string): string[] {
  return [...html.matchAll(/\s(?:id|name)="([^"]+)"/g)].map((match) => match[1]!);
}

function suggestAnchors(known: ReadonlySet<string>): string {
  const list = [...known].slice(0, 5).map((id) => `#${id}`);
  return list.length > 0 ? ` (e.g. ${list.join(', ')})` : '';
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
