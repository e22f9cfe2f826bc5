import fs from 'node:fs';
import type { CustomPageModel, DocPageModel, SidebarItem, SpecialPageModel } from '../../shared/types.js';
import type { CategoryMetadata } from '../notes/category.js';
import type { Note, NoteContent, NoteSummary, ParsedNote } from '../notes/note.js';
import { scanDocs } from '../notes/scan.js';
import { enginePath } from '../engineRoot.js';
import { loadHtmlSanitizer } from '../markdown/rawHtml.js';
import { formatBuildErrors, loadRenderer, type PageRenderer, type SiteExtensions } from '../render/loadRenderer.js';
import { collectThemeCss } from '../render/themeCss.js';
import { buildCustomPageModels, scanCustomPages } from '../resolve/customPages.js';
import { buildDocPageModels, buildSpecialPageModels, withNoteContent } from '../resolve/pageModels.js';
import { createNoteParser, type NoteParser, renderNoteContent, renderNotesWhile, summariseNotes } from '../notes/parseNotes.js';
import { resolveNotes } from '../resolve/routes.js';
import { buildSidebar } from '../resolve/sidebar.js';
import { findThemeOverrides } from '../theme/components.js';
import { bundleClient, type ClientAssets } from './clientBundle.js';
import { listFilesToCopy } from './emit.js';
import type { NoteContentCache } from './noteCache.js';
import { type BuildContext, timeStage, timeStageAsync } from '../context.js';

/** The whole site in memory: what render and emit turn into files. */
export interface SiteData {
  readonly docs: readonly ParsedNote[];
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
  /** The Markdown renderer and link resolver for these routes (`wiki dev` renders edited notes with it). */
  readonly parser: NoteParser;
}

/**
 * The site before any note is rendered: every note's summary (title, description), the sidebar and the page models
 * without content. `wiki build` renders each note only when its page is written, so no note's HTML is held.
 */
export interface SiteOutline extends Omit<SiteData, 'docs' | 'docPages' | 'specialPages' | 'client' | 'renderer' | 'assets'> {
  /**
   * The notes with their Markdown, in page order (`summaries[i]` and `docPages[i]` are `sources[i]`'s). Mutable:
   * `wiki build` replaces each note by one without its Markdown once the note is rendered (createNoteStream).
   */
  readonly sources: Note[];
  readonly summaries: readonly NoteSummary[];
  /** Page models with empty content and table of contents (see withNoteContent). */
  readonly docPages: readonly DocPageModel[];
  /** The search and not-found pages (custom pages need the renderer: see completeSpecialPages). */
  readonly builtInPages: readonly SpecialPageModel[];
  /** The server renderer and the browser bundle, built by esbuild while notes are parsed. */
  readonly bundles: Promise<SiteBundles>;
}

export interface SiteBundles {
  readonly renderer: PageRenderer;
  readonly client: ClientAssets;
}

export interface LoadSiteOptions {
  /** Translation overrides by id (the built-in pages' titles use them). */
  readonly translations?: Readonly<Record<string, string>>;
  /** The notes the last build rendered (`wiki dev`): only those whose Markdown or links changed render again. */
  readonly noteCache?: NoteContentCache;
}

/** The whole site, every note rendered (what `wiki dev` serves and search pushes read). */
export async function loadSite(context: BuildContext, options: LoadSiteOptions = {}): Promise<SiteData> {
  const outline = await loadSiteOutline(context, options);
  const contents: NoteContent[] = [];
  const { parser } = outline;
  const render = (doc: Note) => options.noteCache?.render(doc, parser) ?? renderNoteContent(doc, parser);
  await timeStageAsync(context, 'parse', () => renderNotesWhile(outline.sources, render, (content) => contents.push(content)));
  options.noteCache?.keepOnly(outline.sources);
  const parsed: ParsedNote[] = outline.summaries.map((summary, index) => ({ ...summary, ...contents[index]! }));
  const assets = timeStage(context, 'links', () => checkLinks(parsed, context));
  // Checked: a build needs the link records no more (96 MB on 10,000 synthetic notes); `wiki dev` re-checks edits with them.
  if (context.mode === 'production') parsed.forEach((doc, index) => (parsed[index] = { ...doc, links: [] }));
  const { tableOfContents } = context.config;
  const docPages = outline.docPages.map((page, index) => withNoteContent(page, parsed[index]!, tableOfContents));
  const { renderer, client } = await outline.bundles;
  const { sources: _sources, summaries: _summaries, builtInPages: _builtIn, bundles: _bundles, ...shared } = outline;
  return { ...shared, docs: parsed, docPages, specialPages: completeSpecialPages(context, outline, renderer), client, renderer, assets };
}

/** scan -> resolve routes -> summarize notes -> sidebar -> page models, each stage timed; esbuild bundles meanwhile. */
export async function loadSiteOutline(context: BuildContext, options: LoadSiteOptions = {}): Promise<SiteOutline> {
  const { config, diagnostics } = context;
  if (!fs.existsSync(context.docsDir) || !fs.statSync(context.docsDir).isDirectory()) {
    throw new Error(`Docs folder not found: ${context.displayPath(context.docsDir)}\n    Create it, or point to your notes with --docs DIR (or docsDir in the config).`);
  }
  const scanned = timeStage(context, 'scan', () => scanDocs({ docsDir: context.docsDir, diagnostics, displayPath: context.displayPath }));
  const builtInPages = buildSpecialPageModels(config, options.translations);
  const reservedRoutes = new Map(builtInPages.map((page) => [page.route, page.kind === 'search' ? 'the search page' : 'the not-found page'] as const));
  const { docs, draftIds } = timeStage(context, 'routes', () =>
    resolveNotes({ notes: scanned.notes, diagnostics, displayPath: context.displayPath, includeDrafts: context.mode === 'development', trailingSlash: config.trailingSlash, onDuplicateRoutes: config.onDuplicateRoutes, reservedRoutes }),
  );
  const taken = [...docs.map((doc) => [doc.route, context.displayPath(doc.filePath)] as const), ...reservedRoutes];
  const extensions: SiteExtensions = { overrides: findThemeOverrides(context), pages: scanCustomPages(context, new Map(taken)) };
  const bundles = startBundles(context, extensions, options.translations);
  const staticCopies = listFilesToCopy(context.staticDir, (link, target) =>
    diagnostics.add({ severity: 'warning', code: 'symlink-outside', file: context.displayPath(link), message: `This symbolic link points outside the static folder (to ${target}), so it was not published.`, hint: 'Copy what it points to into the static folder, or remove the link.' }),
  );
  const staticFiles = new Set(staticCopies.values());
  const routes = docs.map((doc) => [doc.sourcePath, doc.route] as const);
  const extraRoutes = new Set<string>([...builtInPages, ...extensions.pages].map((page) => page.route));
  const parser = createNoteParser({ routes, docsDir: context.docsDir, staticFiles, extraRoutes, baseUrl: config.baseUrl }, await loadHtmlSanitizer(config.markdown.rawHtml));
  const summaries = timeStage(context, 'titles', () => summariseNotes(docs, parser));
  const sidebar = timeStage(context, 'sidebar', () => buildSidebar({ docs: summaries, categories: scanned.categories, collapsed: config.sidebarCollapsed }));
  const docPages = timeStage(context, 'pages', () => buildDocPageModels({ config, sidebar, docs: summaries, diagnostics, displayPath: context.displayPath }));
  return { sources: docs, summaries, sidebar, docPages, builtInPages, extensions, parser, bundles, staticFiles, staticCopies, draftIds, categories: scanned.categories };
}

/** The built-in pages and the site's custom pages (their titles and descriptions come from their modules). */
export function completeSpecialPages(context: BuildContext, outline: SiteOutline, renderer: PageRenderer): (SpecialPageModel | CustomPageModel)[] {
  return [...outline.builtInPages, ...buildCustomPageModels(context, outline.extensions.pages, renderer.pageModules)];
}

/** esbuild bundles the server renderer and the browser code in its own process while the notes are parsed. */
function startBundles(context: BuildContext, extensions: SiteExtensions, translations: Readonly<Record<string, string>> | undefined): Promise<SiteBundles> {
  const renderer = loadRenderer(context, extensions, translations);
  const client = startClientBundle(context, extensions, translations);
  for (const job of [renderer, client]) job.catch(() => undefined); // awaited later; a rejection while parsing must not go unhandled
  // The server bundle's error first when both fail (the same file usually breaks both): not whichever fails sooner.
  return renderer.then(async (loadedRenderer) => ({ renderer: loadedRenderer, client: await client }));
}

/** The browser bundle (theme CSS, the runtime, the site's overrides and pages); 'bundle' times it. */
async function startClientBundle(context: BuildContext, extensions: SiteExtensions, translations: Readonly<Record<string, string>> | undefined): Promise<ClientAssets> {
  const started = performance.now();
  const css = await collectThemeCss(enginePath('src/theme'));
  const client = await bundleClient({ css, baseUrl: context.config.baseUrl, minify: context.mode === 'production', extensions, translations: translations ?? {} }).catch((error: unknown) => {
    // esbuild's messages with file, line and column, as for the server bundle (a stylesheet only this bundle reads).
    throw new Error(`Can't bundle the site's theme overrides, pages and stylesheets for the browser:\n${formatBuildErrors(error, context)}`);
  });
  context.timings.set('bundle', performance.now() - started); // in parallel with parsing the notes
  return client;
}

/** What checking links needs of a note: its links, and the anchors other notes' links may point into. */
export interface LinkCheckNote extends Pick<ParsedNote, 'route' | 'filePath' | 'links' | 'htmlIds'> {
  readonly headings: readonly { readonly id: string }[];
}

/**
 * A note as checkLinks needs it once its HTML is gone: the links there is something to check or copy for, and its
 * anchors. All copied out of the note, as a kept slice of a string keeps the whole string (the Markdown, the HTML).
 */
export function toLinkCheckNote(doc: ParsedNote): LinkCheckNote {
  const headingIds = new Set(doc.headings.map((heading) => heading.id));
  const links = doc.links.filter(({ resolved }) => resolved.broken !== undefined || resolved.anchor || resolved.asset);
  const ids = doc.htmlIds.filter((id) => !headingIds.has(id));
  return {
    route: doc.route,
    filePath: doc.filePath,
    headings: [...headingIds].map((id) => ({ id })),
    links: links.length > 0 ? structuredClone(links) : [],
    htmlIds: ids.length > 0 ? structuredClone(ids) : [],
  };
}

/**
 * Reports broken links and anchors once every note is parsed; collects the docs files to copy.
 * `sources` limits which notes' links are checked (the dev server re-checks only the notes an edit can affect).
 */
export function checkLinks(docs: readonly LinkCheckNote[], context: BuildContext, sources: readonly LinkCheckNote[] = docs): Map<string, string> {
  const docsByRoute = new Map<string, LinkCheckNote>(docs.map((doc) => [doc.route, doc]));
  const anchorsByRoute = new Map<string, Set<string>>();
  // Only for the pages a link points into.
  const anchorsOf = (route: string): Set<string> | undefined => {
    let anchors = anchorsByRoute.get(route);
    const doc = docsByRoute.get(route);
    if (!anchors && doc) anchorsByRoute.set(route, (anchors = new Set([...doc.headings.map((h) => h.id), ...doc.htmlIds])));
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
