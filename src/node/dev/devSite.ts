/**
 * The site as `wiki dev` holds it: the pipeline's stages run into memory (loadSite, the same stages as `wiki build`),
 * pages rendered in the background and on demand, and updated in place when a note changes.
 */
import path from 'node:path';
import { setTimeout as sleep, setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { htmlPathForRoute, pageDataPath } from '../../shared/paths.js';
import { RecentMap } from '../../shared/recentMap.js';
import type { DocPageModel, PageModel, ThemeSettings } from '../../shared/types.js';
import type { ClientAssets } from '../pipeline/clientBundle.js';
import { createBuildContext, type BuildContext } from '../context.js';
import { DiagnosticList } from '../diagnostics.js';
import type { NoteContentCache } from '../pipeline/noteCache.js';
import { joinContents, type SiteFile, type SiteFileMap } from '../siteWriter.js';
import { layOutSite, loadSite, searchFilesWhenAsked } from '../pipeline/pipeline.js';
import type { SiteData, SitePreview } from '../pipeline/site.js';
import { renderSite, renderSitemap } from '../pipeline/renderSite.js';
import type { SiteConfig } from '../config/schema.js';
import type { Diagnostic } from '../diagnostics.js';
import type { ParsedNote } from '../notes/note.js';
import { STYLESHEET_FILE } from '../search/index.js';
import type { SourcePath } from '../../shared/paths.js';
import { findEmbeddedNotes, readEmbeddedNote, withEditedNotes, type EditedNote } from './editedNotes.js';

// The search index files are written beside the search stylesheet.
const searchDir = `${path.posix.dirname(STYLESHEET_FILE)}/`;
// Pages rendered lately (HTML and data files): kept for the tabs that ask again, not the whole site (peak memory).
const RECENT_PAGE_FILES = 48;

export interface DevSite {
  readonly context: BuildContext;
  readonly configPath: string;
  /** The site data and theme settings as they are now (edits replace them). */
  site: SiteData;
  theme: ThemeSettings;
  /** Every output file of the build as first made, but the search files (the build's own renderer: pages, data...). */
  readonly renderAll: () => Iterable<SiteFile>;
  /** The browser bundle pages rendered here link to (built once per dev session). */
  readonly client: ClientAssets;
  /** The notes and page models as they are now (edits replace entries; `site` is rebuilt from them). */
  readonly notes: ParsedNote[];
  notePages: DocPageModel[];
  /** Output path -> page, so a page can be rendered when asked for before the background render reaches it. */
  readonly pageByPath: Map<string, PageModel>;
  /** The files but pages (bundles, sidebar files...): few and small next to the pages. */
  readonly files: SiteFileMap;
  /** Pages' files rendered lately; any other page renders when asked for. */
  readonly pages: RecentMap<string, string | Uint8Array>;
  /** Paths rendered from current data; the background render (of the data as first built) skips them. */
  readonly fresh: Set<string>;
  /** Site-relative path -> absolute source of the files served as they are (static/ and docs assets). */
  readonly copies: Map<string, string>;
  /** The build's warnings and errors, kept current as notes change. */
  diagnostics: Diagnostic[];
  /**
   * The routes each note's links point into with an anchor, made when an edit first asks (updateNote.ts): an edit
   * re-checks the links into the edited note. A note replaced by an edit is a new object, so its entry is made again.
   */
  readonly anchorRoutes: WeakMap<ParsedNote, ReadonlySet<string>>;
  /** Settles once every file has been rendered. */
  rendered: Promise<void>;
  renderDone: boolean;
  /** Set when a newer build replaces this one: its background render stops. */
  cancelled: boolean;
  /** Set once the sidebar changed in place: the background render then leaves pages to on-demand rendering. */
  relaidOut: boolean;
  /** The background render waits until then (performance.now()): requests and edits go first. */
  quietUntil: number;
  /** The Markdown (and inline tags) of notes edited or embedded since the build: the parser reads them first. */
  readonly edited: Map<SourcePath, EditedNote>;
  /** The notes some note embeds or embedded (`![[Note]]`): only theirs are looked for when they change. */
  readonly embedded: Set<SourcePath>;
  /** The link graph files made by edits, oldest first (a few are kept for the tabs that loaded them). */
  readonly graphPaths: string[];
}

export interface BuildDevSiteOptions {
  readonly config: SiteConfig;
  readonly configPath: string;
  readonly docsDir?: string;
  /** The session's notes as last rendered, for this build's context: a rebuild renders only those it changes. */
  readonly noteCache?: (context: BuildContext) => NoteContentCache;
  /** Told the build's folders before it reads them (the session watches them from then on). */
  readonly onContext?: (context: BuildContext) => void;
  /** Told what can be served before every note is parsed (pipeline.ts offerPreview). */
  readonly onPreview?: (preview: DevPreview) => void;
}

/** Runs the build pipeline in development mode; pages render in the background (or on request). */
export async function buildDevSite(options: BuildDevSiteOptions): Promise<DevSite> {
  const { config, configPath } = options;
  const siteDir = path.dirname(path.resolve(configPath));
  const context = createBuildContext({
    config,
    siteDir,
    configPath,
    mode: 'development',
    ...(options.docsDir !== undefined && { docsDir: options.docsDir }),
  });
  options.onContext?.(context);
  const { onPreview } = options;
  const site = await loadSite(context, {
    ...(options.noteCache && { noteCache: options.noteCache(context) }),
    ...(onPreview && { onPreview: (preview: SitePreview) => onPreview(createDevPreview(context, preview)) }),
  });
  // The bundle loadSite made: it holds the site's theme overrides and custom pages, as the pages expect.
  const { client } = site;
  const pageByPath = new Map<string, PageModel>();
  for (const page of [...site.notePages, ...site.generatedPages, ...site.specialPages])
    for (const relPath of outputPathsOf(page)) pageByPath.set(relPath, page);
  const devSite: DevSite = {
    context,
    configPath,
    site,
    theme: site.theme,
    renderAll: () =>
      renderSite({
        sidebar: site.sidebar,
        sidebars: site.sidebars,
        notePages: [...site.notePages, ...site.generatedPages],
        specialPages: site.specialPages,
        renderer: site.renderer,
        theme: site.theme,
        config,
        client,
        graph: site.graph,
      }),
    client,
    notes: [...site.notes],
    notePages: [...site.notePages],
    pageByPath,
    files: new Map([
      ...client.files,
      ...site.feedFiles.map(([relPath, contents]) => [relPath, joinContents(contents)] as const),
    ]),
    pages: new RecentMap(RECENT_PAGE_FILES),
    fresh: new Set(),
    copies: new Map([...site.staticCopies, ...site.assets].map(([source, relPath]) => [relPath, source])),
    diagnostics: [...context.diagnostics.items],
    anchorRoutes: new WeakMap(),
    rendered: Promise.resolve(),
    renderDone: false,
    cancelled: false,
    relaidOut: false,
    quietUntil: 0,
    edited: new Map(),
    embedded: findEmbeddedNotes(site.parser, site.notes),
    graphPaths: [],
  };
  devSite.site = { ...site, parser: withEditedNotes(site.parser, devSite, (at) => readEmbeddedNote(devSite, at)) };
  devSite.rendered = renderInBackground(devSite);
  return devSite;
}

/**
 * After an edit that changes the sidebar but no route (a title, a sidebar label or position): sidebar, page
 * models and theme settings are rebuilt from the parsed notes (milliseconds), and every page is rendered again
 * when next asked for, instead of parsing every note again.
 */
export function relayoutSite(devSite: DevSite): void {
  const { context, site } = devSite;
  // The pipeline's stage 4 again, on the parsed notes (which give the pages their content); its problems were reported.
  const layout = layOutSite(
    { ...context, diagnostics: new DiagnosticList() },
    {
      summaries: devSite.notes,
      categories: site.categories,
      draftIds: site.draftIds,
      translations: devSite.theme.translations ?? {},
      configPath: devSite.configPath,
      sidebarsConfig: site.sidebarsConfig,
      dates: site.dates,
      backlinks: site.backlinks,
      graphRoute: devSite.theme.graphRoute,
      inlineTags: site.parser.obsidian?.inlineTags,
    },
  );
  devSite.notePages = layout.notePages;
  devSite.site = {
    ...site,
    notes: [...devSite.notes],
    sidebar: layout.sidebar,
    sidebars: layout.sidebars,
    generatedPages: layout.generatedPages,
    tags: layout.tags,
    notePages: layout.notePages,
    theme: layout.theme,
    feedFiles: layout.feedFiles,
  };
  devSite.theme = layout.theme;
  devSite.relaidOut = true;
  forgetRenderedPages(devSite);
  // A tag page no note needs any more is gone (the generated pages are made again below).
  for (const page of site.generatedPages) for (const relPath of outputPathsOf(page)) devSite.pageByPath.delete(relPath);
  for (const relPath of devSite.files.keys()) if (relPath.startsWith('assets/sidebar-')) devSite.files.delete(relPath);
  for (const page of [...devSite.notePages, ...devSite.site.generatedPages, ...devSite.site.specialPages])
    for (const relPath of outputPathsOf(page)) devSite.pageByPath.set(relPath, page);
  keepFeedFiles(devSite, layout.feedFiles);
  refreshSitemap(devSite);
}

/** Feed files made again (dates, titles or descriptions changed): served from now on, not the first render's. */
export function keepFeedFiles(devSite: DevSite, feedFiles: readonly SiteFile[]): void {
  for (const [relPath, contents] of feedFiles) {
    devSite.files.set(relPath, joinContents(contents));
    devSite.fresh.add(relPath);
  }
}

/** The sitemap made again from the pages there are now, as the full render makes it (the note, tag, custom pages). */
export function refreshSitemap(devSite: DevSite): void {
  const { site } = devSite;
  const custom = site.specialPages.filter((page) => page.kind === 'custom');
  const routes = [...devSite.notePages, ...site.generatedPages, ...custom].map((page) => page.route);
  devSite.files.set('sitemap.xml', renderSitemap(routes, devSite.context.config));
  devSite.fresh.add('sitemap.xml'); // the background render's (first) one is stale
}

/** Drops every rendered page: each renders again, from the current data, when next asked for. */
export function forgetRenderedPages(devSite: DevSite): void {
  for (const relPath of devSite.pageByPath.keys()) {
    devSite.pages.delete(relPath);
    devSite.fresh.delete(relPath);
  }
}

/** The files a page is written to (HTML, and the data file of a note). */
export function outputPathsOf(page: PageModel): string[] {
  if (page.kind === 'notFound') return ['404.html'];
  return page.kind === 'doc'
    ? [htmlPathForRoute(page.route), pageDataPath(page.route)]
    : [htmlPathForRoute(page.route)];
}

/** Renders these pages from the current data into the file map, with the same renderer as the build. */
export function renderPages(devSite: DevSite, pages: readonly PageModel[]): void {
  const source = { ...devSite.site, theme: devSite.theme, client: devSite.client };
  renderOnly(source, devSite.context.config, pages, ([relPath, contents], wanted) => {
    // The pages asked for, and the sidebar tree they link to (its name changes with the sidebar).
    if (!wanted && !relPath.startsWith('assets/sidebar-')) return;
    (wanted ? devSite.pages : devSite.files).set(relPath, joinContents(contents));
    devSite.fresh.add(relPath);
  });
}

/** What pages render with besides themselves: the dev site's current data, or its preview's. */
type PageSource = Pick<
  SitePreview,
  'sidebar' | 'sidebars' | 'specialPages' | 'renderer' | 'theme' | 'client' | 'graph'
>;

/**
 * Renders these pages with the build's renderer, handing on each file made on the way (`wanted`: one of theirs); it
 * stops once theirs are done. The other pages' runtime settings list every special page's route: all are given.
 */
function renderOnly(
  source: PageSource,
  config: SiteConfig,
  pages: readonly PageModel[],
  onFile: (file: SiteFile, wanted: boolean) => void,
): void {
  const wanted = new Set(pages.flatMap(outputPathsOf));
  const input = {
    sidebar: source.sidebar,
    sidebars: source.sidebars,
    notePages: pages.filter((page): page is DocPageModel => page.kind === 'doc'),
    specialPages: source.specialPages,
    renderer: source.renderer,
    theme: source.theme,
    config,
    client: { ...source.client, files: new Map() },
    graph: source.graph,
  };
  let left = wanted.size;
  for (const file of renderSite(input)) {
    const isWanted = wanted.has(file[0]);
    onFile(file, isWanted);
    if (isWanted && --left === 0) break;
  }
}

/** What `wiki dev` serves while its first build parses the notes (from a SitePreview). */
export interface DevPreview {
  readonly context: BuildContext;
  /** How many notes the site has. */
  readonly notes: number;
  /** Site-relative path -> absolute source of the static files. */
  readonly copies: ReadonlyMap<string, string>;
  /**
   * A page's file (a note's page made from that note alone, parsed now), or a bundle, sidebar or feed file; null when
   * the site has no file there; undefined when only the built site can tell (builtOnly).
   */
  read(relPath: string): string | Uint8Array | null | undefined;
}

/**
 * Where the built site has files a preview may not know: those notes link and the bundles' and sidebars' (assets/), the
 * search index, and the sitemap. Anywhere else the pages, feeds and static files are all there is.
 */
function builtOnly(relPath: string): boolean {
  return relPath.startsWith('assets/') || relPath.startsWith(searchDir) || relPath === 'sitemap.xml';
}

export function createDevPreview(context: BuildContext, preview: SitePreview): DevPreview {
  const files = new Map<string, string | Uint8Array>([
    ...preview.client.files,
    ...preview.feedFiles.map(([relPath, contents]) => [relPath, joinContents(contents)] as const),
  ]);
  // A note's page by its index in notePages: its content is made when asked for.
  const pageByPath = new Map<string, PageModel | number>();
  preview.notePages.forEach((page, index) => {
    for (const relPath of outputPathsOf(page)) pageByPath.set(relPath, index);
  });
  for (const page of [...preview.generatedPages, ...preview.specialPages])
    for (const relPath of outputPathsOf(page)) pageByPath.set(relPath, page);
  return {
    context,
    notes: preview.notePages.length,
    copies: new Map([...preview.staticCopies].map(([source, relPath]) => [relPath, source])),
    read(relPath) {
      const found = pageByPath.get(relPath);
      if (found === undefined) return files.get(relPath) ?? (builtOnly(relPath) ? undefined : null);
      const page = typeof found === 'number' ? preview.withContent(found) : found;
      let read: string | Uint8Array | undefined;
      renderOnly(preview, context.config, [page], ([made, contents], wanted) => {
        if (made === relPath) read = joinContents(contents);
        else if (!wanted) files.set(made, joinContents(contents)); // the sidebar files, the graph file
      });
      return read;
    },
  };
}

/** Holds the background render back while the author is active (a request, an edit), so they are answered first. */
export function deferBackgroundRender(devSite: DevSite, ms = 400): void {
  devSite.quietUntil = Math.max(devSite.quietUntil, performance.now() + ms);
}

/** The rendered file, rendering its page first when the background render has not reached it yet. */
export async function readSiteFile(devSite: DevSite, relPath: string): Promise<string | Uint8Array | undefined> {
  const page = devSite.pageByPath.get(relPath);
  const file = page ? devSite.pages.get(relPath) : devSite.files.get(relPath);
  if (file !== undefined || page) deferBackgroundRender(devSite);
  if (file !== undefined) return file;
  if (page) {
    renderPages(devSite, [page]);
    return devSite.pages.get(relPath);
  }
  // The search files come from the index worker; anything else from the full render: let it run now.
  if (relPath.startsWith(searchDir)) await keepSearchFiles(devSite);
  devSite.quietUntil = 0;
  if (!devSite.renderDone) await devSite.rendered;
  return devSite.files.get(relPath);
}

/** Renders the whole site in slices of about 10 ms, so the server answers requests (and edits) meanwhile. */
async function renderInBackground(devSite: DevSite): Promise<void> {
  const files = devSite.renderAll()[Symbol.iterator]();
  let sliceStart = performance.now();
  for (let step = files.next(); !step.done; step = files.next()) {
    if (devSite.cancelled) return;
    keepBuiltFile(devSite, step.value);
    if (performance.now() - sliceStart > 10) {
      await yieldToEventLoop();
      while (performance.now() < devSite.quietUntil && !devSite.cancelled) await sleep(50);
      sliceStart = performance.now();
    }
  }
  devSite.renderDone = true;
}

/** The search stylesheet and index, once the index worker has them (an edit does not wait for it). */
async function keepSearchFiles(devSite: DevSite): Promise<void> {
  const make = devSite.site.searchFiles;
  const files = await make();
  if (devSite.site.searchFiles !== make) return keepSearchFiles(devSite); // an edit came meanwhile: index it
  for (const file of files) if (!devSite.files.has(file[0])) keepBuiltFile(devSite, file);
}

/**
 * Drops the search files: they are made again from the notes as they are then, when next asked for (after an edit,
 * as a session started anew would index the notes).
 */
export function forgetSearchFiles(devSite: DevSite): void {
  for (const relPath of [...devSite.files.keys()]) if (relPath.startsWith(searchDir)) devSite.files.delete(relPath);
  const searchFiles = searchFilesWhenAsked(devSite.context.config, () => ({
    pages: devSite.notePages,
    notes: devSite.notes,
  }));
  devSite.site = { ...devSite.site, searchFiles };
}

/** Keeps a file of the first full render unless an edit made it stale; pages render again when asked for. */
function keepBuiltFile(devSite: DevSite, [relPath, contents]: SiteFile): void {
  if (devSite.pageByPath.has(relPath)) return;
  const stalePage = devSite.relaidOut && (devSite.pageByPath.has(relPath) || relPath.startsWith('assets/sidebar-'));
  if (!devSite.fresh.has(relPath) && !stalePage) devSite.files.set(relPath, joinContents(contents));
}

/** What changed between two builds, as the routes open tabs must swap or reload. */
export function diffSites(
  previous: DevSite | undefined,
  next: DevSite,
): { content: string[]; reload: string[] | 'all' } {
  if (!previous) return { content: [], reload: 'all' };
  const sameShell =
    JSON.stringify(previous.site.sidebar) === JSON.stringify(next.site.sidebar) &&
    JSON.stringify(previous.theme) === JSON.stringify(next.theme);
  if (!sameShell) return { content: [], reload: 'all' };
  const nextByRoute = new Map(next.notePages.map((page) => [page.route as string, page]));
  const content: string[] = [];
  const reload: string[] = [];
  for (const page of previous.notePages) {
    const now = nextByRoute.get(page.route);
    const change = now ? comparePages(page, now) : 'page';
    if (change === 'content') content.push(page.route);
    else if (change === 'page') reload.push(page.route);
  }
  return { content, reload };
}

/** 'content' when only the note's own content (and head tags) differ, 'page' when more does. */
export function comparePages(before: DocPageModel, after: DocPageModel): 'same' | 'content' | 'page' {
  const shell = (page: DocPageModel) =>
    JSON.stringify({ ...page, contentHtml: '', description: '', head: [], keywords: [] });
  if (shell(before) !== shell(after)) return 'page';
  return JSON.stringify(before) === JSON.stringify(after) ? 'same' : 'content';
}
