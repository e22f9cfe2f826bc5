/**
 * The pipeline, top to bottom:
 *   scan -> resolve routes -> summarise -> sidebar and page models -> bundle -> parse + render + emit -> check links.
 * Each stage is a named function below. `wiki build` runs them into a staging folder that replaces the output
 * (buildSite); `wiki dev` runs the same stages into memory (loadSite), and runs the note-sized ones again for one
 * edited note (dev/updateNote.ts). Streaming and parallelism stay inside stages: notes are parsed while esbuild
 * bundles, each page is written as its note is rendered, and the search index worker consumes the rendered notes.
 * Dialects are parts of stages: MDX notes are compiled and rendered at the start of stage 6 (renderMdx), then flow
 * through the stream like any note's content.
 */
import fs from 'node:fs';
import type { Route, SourcePath } from '../../shared/paths.js';
import type { CustomPageModel, SidebarItem, SpecialPageModel, ThemeSettings } from '../../shared/types.js';
import { type BuildContext, extensionDirs, timeStage, timeStageAsync } from '../context.js';
import { hashOf } from '../hashOf.js';
import { loadHtmlSanitizer } from '../markdown/rawHtml.js';
import type { CategoryMetadata } from '../notes/category.js';
import type { KnownNote, Note, NoteContent, NoteSummary, ParsedNote } from '../notes/note.js';
import {
  createNoteParser,
  type NoteParser,
  parserSettings,
  renderNoteContent,
  renderNotesWhile,
  summariseNote,
  summariseNotes,
} from '../notes/parseNotes.js';
import { type NoteDates, readNoteDates } from '../notes/gitDates.js';
import { scanNotes, type ScannedNote } from '../notes/scan.js';
import { releaseBodies, withBody } from '../notes/noteBodies.js';
import { type PageRenderer, type SiteExtensions, usesEngineRenderer } from '../render/loadRenderer.js';
import type { SiteConfig } from '../config/schema.js';
import {
  type BacklinkOptions,
  collectSiteLinks,
  type LinkMemo,
  noteOfWikilink,
  type SiteLinks,
} from '../resolve/backlinks.js';
import { buildCustomPageModels, scanCustomPages } from '../resolve/customPages.js';
import { buildGraphFile } from '../resolve/graph.js';
import { buildSpecialPageModels, withNoteContent } from '../resolve/pageModels.js';
import { wantsNoteDates } from '../resolve/lastUpdate.js';
import { resolveNotes } from '../resolve/routes.js';
import { createObsidianMarkdown } from '../resolve/wikilinks.js';
import { type DocsLayout, layOutDocs, loadSidebarsConfig } from '../resolve/layout.js';
import type { SidebarsConfig } from '../resolve/sidebarsFile.js';
import { buildThemeSettings } from '../resolve/themeSettings.js';
import {
  buildSearchFiles,
  INDEX_DIR,
  type SearchIndexBoot,
  type SearchIndexInput,
  type SearchIndexJob,
} from '../search/index.js';
import type { RecordNote } from '../search/records.js';
import { createSiteWriter, type SiteFile, type SiteWriter, sweepInTwo } from '../siteWriter.js';
import { findThemeOverrides } from '../theme/components.js';
import type { RenderPool } from './renderPool.js';
import { bootBuildWorkers, type BuildWorkers } from './buildWorkers.js';
import { startBundles } from './bundles.js';
import { checkLinks, toLinkCheckNote } from './checkLinks.js';
import { emitSite, listFilesToCopy } from './emit.js';
import { OUTPUT_MARKER } from './outputFolder.js';
import {
  type BuildCache,
  CHECK_CARRIED_PAGES,
  hashNoteSources,
  openBuildCache,
  outlineCacheFiles,
} from './buildCache.js';
import { type DigestedLinkMemo, type OutlineCache, openOutlineCache } from './outlineCache.js';
import { pageCarry } from './layoutKey.js';
import { stampWritten } from './outputStamps.js';
import type { InputStamp, OutputFileStat } from './upToDate.js';
import type { NoteContentCache } from './noteCache.js';
import { isMdxNote } from '../mdx/isMdxNote.js';
import { createNoteStream, LOOK_AHEAD_CHARS, type MdxContents, parseNoteContent } from './noteStream.js';
import type { SiteData, SiteOutline, SitePreview } from './site.js';
import { renderSite } from './renderSite.js';

export interface OutlineOptions {
  /**
   * Let each note's Markdown go once the outline stages have read it, to be read again when the note renders
   * (noteBodies.ts): `wiki build`. MDX notes keep theirs (they are compiled before the other notes render).
   */
  readonly releaseBodies?: boolean;
  /** The last build's summaries of notes whose source did not change (`wiki build`: outlineCache.ts). */
  readonly cache?: OutlineCache;
  /** The docs folder's folders as the up-to-date check read them (`wiki build`: InputStamp.takeListing). */
  readonly listing?: (dir: string) => fs.Dirent[] | undefined;
  /** A note file's modification time as the up-to-date check stamped it (`wiki build`: InputStamp.fileStamp). */
  readonly modifiedTime?: (filePath: string) => number | undefined;
}

/** Stages 1 to 4, and stage 5 started: scan, resolve routes, summarise, sidebar and page models, bundle. */
export async function loadOutline(context: BuildContext, options: OutlineOptions = {}): Promise<SiteOutline> {
  const translations = await loadTranslations(context);
  const { cache } = options;
  const diagnosed = context.diagnostics.items.length;
  const known = cache && ((file: string) => cache.knownNote(file));
  const scanned = timeStage(context, 'scan', () => scanSite(context, known, options.listing));
  // git runs on the other core while the next stages do
  const readingDates = readDates(context, scanned.notes, options.modifiedTime);
  const specialPages = buildSpecialPageModels(context.config, translations);
  // A note may take the graph page's route: the note keeps it, the site has no global graph page then.
  const reserved = specialPages.filter((page) => page.kind !== 'graph');
  const { notes, draftIds } = timeStage(context, 'routes', () => resolveRoutes(context, scanned.notes, reserved));
  if (cache) distrustReported(context, scanned.notes, diagnosed, cache);
  const builtInPages = withoutTakenRoutes(specialPages, notes);
  const extensions = findExtensions(context, notes, builtInPages);
  const bundles = startBundles(context, extensions, translations);
  // Links are resolved when notes are parsed (after layout), so the generated pages' routes can join these first.
  const extraRoutes = new Set([...builtInPages, ...extensions.pages].map((page) => page.route as string));
  const parser = await createParser(context, notes, scanned.staticCopies, extraRoutes);
  const settings = parserSettings(parser);
  const read = (note: Note) => withBody(note, context.displayPath); // a known note's body, where a cache misses
  const summaries = timeStage(context, 'summarise', () =>
    cache
      ? notes.map((note) => cache.summary(note, settings, () => summariseNote(read(note), parser)))
      : summariseNotes(notes, parser),
  );
  // The last build's links of each note whose source and link targets are the same (`wiki build`).
  let linkMemo: DigestedLinkMemo | undefined;
  const memo = () =>
    (linkMemo = cache?.linkMemo(
      notes,
      linkUniverse(notes, parser, { extraRoutes, staticCopies: scanned.staticCopies, docsFiles: scanned.otherFiles }),
    ));
  const links = timeStage(context, 'backlinks', () => collectBacklinks(context, notes, summaries, parser, memo));

  // Before the page models and sidebars are made: they are not held together with every note's Markdown.
  const { obsidian } = parser;
  if (options.releaseBodies)
    releaseBodies(notes, (note) => isMdxNote(note, context.config.markdown.format), {
      sourceHash: cache?.sourceHash,
      inlineTags: obsidian?.enabled ? (note) => obsidian.inlineTags(note.sourcePath) ?? [] : undefined,
    });
  const sidebarsConfig = await loadSidebarsConfig(context);
  const dates = readingDates && (await timeStageAsync(context, 'dates', () => readingDates));
  const layoutInput: LayoutInput = {
    summaries,
    categories: scanned.categories,
    draftIds,
    translations,
    configPath: context.configPath,
    sidebarsConfig,
    ...(context.config.backlinks && { backlinks: links.backlinks }),
    graphRoute: builtInPages.find((page) => page.kind === 'graph')?.route,
    inlineTags: parser.obsidian?.inlineTags,
    dates,
  };
  const layout = timeStage(context, 'layout', () => layOutSite(context, layoutInput));
  const readsLinks = context.config.backlinks || context.config.graph;
  const carry = cache && pageCarry(layoutInput, notes, readsLinks, linkMemo?.changes());
  for (const page of layout.generatedPages) extraRoutes.add(page.route); // category and tag pages notes may link to
  return {
    notes,
    summaries,
    ...layout,
    builtInPages,
    extensions,
    parser,
    bundles,
    staticCopies: scanned.staticCopies,
    docsFiles: scanned.otherFiles,
    draftIds,
    categories: scanned.categories,
    sidebarsConfig,
    ...(context.config.graph && { graph: buildGraphFile(summaries, links.edges) }),
    ...(context.config.backlinks && { backlinks: links.backlinks }),
    ...(dates && { dates }),
    ...(carry && { carry }),
  };
}

/** A note's Markdown, read again from its file when it was let go or known unread (noteBodies.ts withBody). */
function markdownOf(context: BuildContext): (note: Note) => string {
  return (note) => withBody(note, context.displayPath).body;
}

/** A note the scan or routes stage reported a problem with is read again next time (the problem reported again). */
function distrustReported(
  context: BuildContext,
  notes: readonly ScannedNote[],
  since: number,
  cache: OutlineCache,
): void {
  const reported = new Set(context.diagnostics.items.slice(since).map((diagnostic) => diagnostic.file));
  if (reported.size === 0) return; // most builds: no note's path is formatted for nothing
  for (const note of notes) if (reported.has(context.displayPath(note.filePath))) cache.distrust(note.filePath);
}

/** Stage 1b, dates: each note's last update (one `git log`, else its file's time); nothing when no option shows them. */
export function readDates(
  context: BuildContext,
  notes: readonly ScannedNote[],
  modifiedTime?: (filePath: string) => number | undefined,
): Promise<NoteDates> | undefined {
  return wantsNoteDates(context.config) ? readNoteDates(context.docsDir, notes, modifiedTime) : undefined;
}

/**
 * Stage 3b, backlinks: every note's links read from its Markdown and resolved by the renderer's resolver, in one
 * pass before any page is rendered (each page is written as its note renders). Also the link graph's edges.
 */
export function collectBacklinks(
  context: BuildContext,
  notes: readonly Note[],
  summaries: readonly NoteSummary[],
  parser: NoteParser,
  memo?: () => LinkMemo | undefined,
): SiteLinks {
  if (!context.config.backlinks && !context.config.graph) return { backlinks: new Map(), edges: [] };
  const sources = notes.map((note, index) => ({ ...note, title: summaries[index]!.title }));
  return collectSiteLinks(sources, backlinkOptions(context.config, parser), memo?.(), markdownOf(context));
}

/**
 * A digest of what the backlinks stage resolves a note's links against: every note's path, route and aliases, in
 * order (a link's target is kept as an index into them), the other routes, the static files, the docs folder's other
 * files (a file shadows a route of the same path), the parser's settings (the config and docs folder are in the build
 * key). A note's links found in an earlier build with the same digest, from the same source, lead to the same notes
 * (outlineCache.ts).
 */
function linkUniverse(
  notes: readonly Note[],
  parser: NoteParser,
  others: {
    extraRoutes: ReadonlySet<string>;
    staticCopies: ReadonlyMap<string, string>;
    docsFiles: readonly string[];
  },
): string {
  return hashOf([
    JSON.stringify(notes.map((note) => [note.sourcePath, note.route, note.frontMatter.aliases ?? null])),
    JSON.stringify([...others.extraRoutes].sort()),
    JSON.stringify([...others.staticCopies.values()].sort()),
    JSON.stringify(others.docsFiles),
    parserSettings(parser),
  ]);
}

/** Links are found and resolved as the renderer resolves them (`wiki dev` rescans an edited note with the same). */
export function backlinkOptions(config: Pick<SiteConfig, 'baseUrl'>, parser: NoteParser): BacklinkOptions {
  return {
    md: parser.md,
    resolveLink: parser.resolveLink,
    baseUrl: config.baseUrl,
    resolveWikilink: parser.obsidian && noteOfWikilink(parser.obsidian),
  };
}

/** The built-in pages but those whose route a note has (only the graph page yields its route to a note). */
function withoutTakenRoutes(pages: readonly SpecialPageModel[], notes: readonly Note[]): SpecialPageModel[] {
  const trim = (route: string) => route.replace(/(.)\/$/, '$1');
  const taken = new Set(notes.map((note) => trim(note.route)));
  return pages.filter((page) => page.kind !== 'graph' || !taken.has(trim(page.route)));
}

/**
 * Stage 1, scan: the notes (read and decoded, or known from the last build: `known`), `_category_` files and the
 * static folder's files. `listing` gives the folders the up-to-date check already read.
 */
export function scanSite(
  context: BuildContext,
  known?: (filePath: string) => KnownNote | undefined,
  listing?: (dir: string) => fs.Dirent[] | undefined,
): {
  notes: ScannedNote[];
  categories: ReadonlyMap<string, CategoryMetadata>;
  /** The docs folder's other files (docs-relative). */
  otherFiles: readonly string[];
  staticCopies: ReadonlyMap<string, string>;
} {
  if (!fs.existsSync(context.docsDir) || !fs.statSync(context.docsDir).isDirectory()) {
    throw new Error(
      `Docs folder not found: ${context.displayPath(context.docsDir)}\n    Create it, or point to your notes with --docs DIR (or docsDir in the config).`,
    );
  }
  const { notes, categories, otherFiles } = scanNotes({
    docsDir: context.docsDir,
    diagnostics: context.diagnostics,
    displayPath: context.displayPath,
    include: context.config.docs.include,
    exclude: context.config.docs.exclude,
    known,
    listing,
  });
  const staticCopies = listFilesToCopy(context.staticDir, (link, target) =>
    context.diagnostics.add({
      severity: 'warning',
      code: 'symlink-outside',
      file: context.displayPath(link),
      message: `This symbolic link points outside the static folder (to ${target}), so it was not published.`,
      hint: 'Copy what it points to into the static folder, or remove the link.',
    }),
  );
  return { notes: [...notes], categories, otherFiles, staticCopies };
}

/** Stage 2, resolve routes: each note's id, route and draft status; clashes (with each other or the engine's pages) reported. */
export function resolveRoutes(
  context: BuildContext,
  notes: readonly ScannedNote[],
  builtInPages: readonly SpecialPageModel[],
): { notes: Note[]; draftIds: ReadonlySet<string> } {
  const { config } = context;
  const reservedRoutes = builtInRouteOwners(builtInPages);
  const resolved = resolveNotes({
    notes,
    diagnostics: context.diagnostics,
    displayPath: context.displayPath,
    includeDrafts: context.mode === 'development',
    trailingSlash: config.trailingSlash,
    routeBasePath: config.docs.routeBasePath,
    onDuplicateRoutes: config.onDuplicateRoutes,
    reservedRoutes,
  });
  return { notes: resolved.notes, draftIds: resolved.draftIds };
}

/** What the layout stage makes the sidebars and page models from (besides the config). */
export interface LayoutInput {
  readonly summaries: readonly NoteSummary[];
  readonly categories: ReadonlyMap<string, CategoryMetadata>;
  readonly draftIds: ReadonlySet<string>;
  readonly translations: Readonly<Record<string, string>>;
  readonly configPath: string;
  /** The sidebars file's sidebars (`docs.sidebarPath`), loaded by loadOutline; without it, the folder sidebar. */
  readonly sidebarsConfig?: SidebarsConfig | undefined;
  /** The notes linking to each note, by route (collectBacklinks); absent when the site shows no backlinks. */
  readonly backlinks?: SiteLinks['backlinks'] | undefined;
  /** The global graph page's route, when the site has one. */
  readonly graphRoute?: Route | undefined;
  /** When each note last changed (readDates), when the site shows dates or feeds. */
  readonly dates?: NoteDates | undefined;
  /** A note's inline `#tags` (Obsidian's), found before rendering. */
  readonly inlineTags?: ((sourcePath: SourcePath) => readonly string[] | undefined) | undefined;
}

/** Stage 4, sidebar and page models, with the theme settings every page renders with. */
export function layOutSite(
  context: BuildContext,
  input: LayoutInput,
): DocsLayout & { sidebar: readonly SidebarItem[]; theme: ThemeSettings } {
  const { config } = context;
  const { sidebars, notePages, generatedPages, tags, feedFiles } = layOutDocs(context, input);
  // The first sidebar is what the pages without a note (search, custom pages) boot with.
  const sidebar = sidebars.values().next().value ?? [];
  const builtTheme = buildThemeSettings({
    config,
    configPath: input.configPath,
    docs: input.summaries,
    draftIds: input.draftIds,
    sidebar,
    sidebars,
  });
  const theme = input.graphRoute === undefined ? builtTheme : { ...builtTheme, graphRoute: input.graphRoute };
  return {
    sidebar,
    sidebars,
    notePages,
    generatedPages,
    tags,
    feedFiles,
    theme: Object.keys(input.translations).length > 0 ? { ...theme, translations: { ...input.translations } } : theme,
  };
}

/** What `wiki build` made, for its summary line. */
export interface BuildSummary {
  readonly notes: number;
  readonly routes: number;
  /** The output files whose stamps the build cache took or checked (BuildCache.savedStamps), for the up-to-date record. */
  readonly savedStamps?: ReadonlyMap<string, OutputFileStat>;
  /**
   * Every output file (site-relative, in the order of a walk that sorts names), when the build listed them while it
   * swept the staging folder: the up-to-date record then need not walk the output again.
   */
  readonly outputFiles?: readonly string[];
}

export interface BuildOptions {
  readonly strict: boolean;
  /** Told when another build is writing the same output folder and this one waits for it. */
  readonly onWait?: (holderPid: number | undefined) => void;
  /** A full build: no page or note is taken from the last build's cache (`--no-cache`), and the cache is rebuilt. */
  readonly noCache?: boolean;
  /** The input files' stamps, taken before the build read them (upToDate.ts): notes whose stamp is the same are known. */
  readonly stamps?: InputStamp;
  /** The workers, when the caller booted them (buildWorkers.ts); else they are booted here. */
  readonly workers?: BuildWorkers;
}

/**
 * `wiki build`: the outline, then each note is rendered as its page is written into a staging folder, which replaces
 * the output only when no error (or, with --strict, no warning) was reported.
 */
export async function buildSite(context: BuildContext, options: BuildOptions): Promise<BuildSummary> {
  // The index worker and the render pool's worker load their modules on the second core while this thread reads the site.
  const { search: searchBoot, pool: poolBoot } = options.workers ?? bootBuildWorkers(context, options.noCache === true);
  let cache: BuildCache | undefined;
  const outlineCache = openOutlineCache(outlineCacheFiles(context, options.noCache === true, options.stamps));
  try {
    const outline = await loadOutline(context, {
      releaseBodies: true,
      cache: outlineCache,
      ...(options.stamps && { listing: options.stamps.takeListing, modifiedTime: stampedTime(options.stamps) }),
    });
    const failed = () => context.diagnostics.errorCount > 0 || (options.strict && context.diagnostics.warningCount > 0);
    const routes = (special: readonly { kind: string }[]) =>
      outline.notePages.length +
      outline.generatedPages.length +
      special.filter((page) => page.kind !== 'notFound').length;
    if (failed()) {
      await checkWithoutWriting(context, outline); // nothing is written, but every note's link problems are reported with the others
      return { notes: outline.notes.length, routes: routes(outline.builtInPages) };
    }
    let specialPages: readonly { kind: string }[] = outline.builtInPages;
    let outputFiles: readonly string[] | undefined;
    cache = timeStage(context, 'cache', () => openCache(context, outline, options));
    const opened = cache;
    await emitSite(
      context.outDir,
      async (staging, prefilled) => {
        // The pool renders with the engine's theme: a site's overrides are bundled for this thread alone.
        const pool = usesEngineRenderer(outline.extensions) ? poolBoot.start(staging, prefilled) : undefined;
        const workers = { search: searchBoot, ...(pool && { pool }) };
        // Unless --no-cache, files that come out as the current output has them are linked from it (siteWriter.ts).
        const reuseFrom = options.noCache ? undefined : context.outDir;
        // Once the site is written without an error: the outline cache holds what the notes' sources give, and stays
        // true should the index's end fail.
        const saveOutline = () => {
          if (!failed()) outlineCache.save(outline.summaries, outline.notes);
        };
        const written = await writeSite(
          context,
          outline,
          { staging, reuseFrom, prefilled },
          workers,
          opened,
          saveOutline,
        );
        ({ specialPages, outputFiles } = written);
        return !failed();
      },
      {
        ...(options.onWait && { onWait: options.onWait }),
        keepSpare: !options.noCache, // the next build starts from the site this one replaces (outputFolder.ts)
        afterSwap: () => opened.save(),
      },
    );
    return {
      notes: outline.notes.length,
      routes: routes(specialPages),
      savedStamps: opened.savedStamps(),
      ...(outputFiles && { outputFiles }),
    };
  } finally {
    cache?.discard(); // a no-op once saved
    outlineCache.discard();
    await searchBoot.cancel(); // a no-op once the index is written; else the build stopped before its worker was used
    await poolBoot.stop();
  }
}

/** A file's modification time as the up-to-date check stamped it (a note's date needs no second stat). */
function stampedTime(stamps: InputStamp): (filePath: string) => number | undefined {
  return (filePath) => stamps.fileStamp(filePath)?.mtimeMs;
}

/**
 * The last build's notes and pages (buildCache.ts), or, with --no-cache, none: everything is rendered, and the cache
 * written again. Every note hangs on the parser's settings (one note's wikilink turns Obsidian's syntax on for all).
 * When some note embeds another (`![[Note]]`), every note hangs on every note's source: an embedded note is shown
 * rendered, with links the embedding note's own do not record.
 */
function openCache(context: BuildContext, outline: SiteOutline, options: BuildOptions): BuildCache {
  const { obsidian } = outline.parser;
  const embeds = obsidian !== undefined && outline.notes.some((note) => obsidian.transcludedSource(note.sourcePath));
  return openBuildCache(context, {
    fresh: options.noCache === true,
    ...(outline.carry && { carry: outline.carry }),
    checkCarried: process.env[CHECK_CARRIED_PAGES] === '1',
    linkUniverse: renderedLinkUniverse(outline),
    noteInputs: [parserSettings(outline.parser), ...(embeds ? [hashNoteSources(outline.notes)] : [])],
    reusePages: usesEngineRenderer(outline.extensions),
  });
}

/** What the notes' links are rendered against: linkUniverse once the generated pages' routes joined (loadOutline). */
export function renderedLinkUniverse(outline: SiteOutline): string {
  const routes = [...outline.builtInPages, ...outline.extensions.pages, ...outline.generatedPages];
  return linkUniverse(outline.notes, outline.parser, {
    extraRoutes: new Set(routes.map((page) => page.route as string)),
    staticCopies: outline.staticCopies,
    docsFiles: outline.docsFiles,
  });
}

/** Where writeSite writes: the staging folder, whether it holds an older site, and the site it replaces. */
interface WriteTarget {
  readonly staging: string;
  readonly reuseFrom: string | undefined;
  /** The staging folder is the spare, an older site: what this build does not write is swept from it at the end. */
  readonly prefilled: boolean;
}

/** Stages 5 to 7 into the staging folder: parse + render + emit every note's page, check links, then the other files. */
async function writeSite(
  context: BuildContext,
  outline: SiteOutline,
  { staging, reuseFrom, prefilled }: WriteTarget,
  workers: { search: SearchIndexBoot; pool?: RenderPool },
  cache: BuildCache,
  /** Work of the build's own that the main thread does while the index worker finishes (the outline cache's save). */
  whileIndexing: () => void = () => undefined,
): Promise<{ specialPages: readonly (SpecialPageModel | CustomPageModel)[]; outputFiles?: readonly string[] }> {
  const writer = createSiteWriter(staging, { ...(reuseFrom !== undefined && { reuseFrom }), prefilled });
  // The index worker (and the render pool) write their files into the staging folder themselves, beside this thread.
  const search = startSearch(outline, { staging, reuseFrom, prefilled }, workers.search, cache, writer);
  const { pool } = workers;
  try {
    const mdx = await renderMdx(context, outline);
    const render = (note: Note, parser: NoteParser) => cache.renderNote(note, parser);
    // An edit's changed notes are rendered ahead of their pages, with the unchanged ones around them (noteStream.ts).
    const notes = createNoteStream(outline, context, search, mdx, render, cache.reusesNotes ? LOOK_AHEAD_CHARS : 0);
    await timeStageAsync(context, 'parse', () => notes.renderAhead(outline.bundles)); // while esbuild bundles
    const { renderer, client } = await outline.bundles;
    const specialPages = completeSpecialPages(context, outline, renderer);
    const files = renderSite({
      sidebar: outline.sidebar,
      sidebars: outline.sidebars,
      generatedPages: outline.generatedPages,
      notePages: notes.pages(),
      specialPages,
      renderer,
      theme: outline.theme,
      config: context.config,
      client,
      sourceOf: notes.sourceOf,
      toRender: (page, settings) => (cache.reusePage(page, settings, writer) ? undefined : cache.withContent(page)),
      reuseSpecialPage: (page, relPath, settings) => cache.reuseSpecialPage(page, relPath, settings, writer),
      reuseSidebarFiles: (id, digest, made) => cache.reuseSidebarFiles(id, digest, made, writer),
      ...(pool && { pool }),
      graph: outline.graph,
    });
    timeStage(context, 'render+emit', () => {
      for (const file of files) writer.write(file);
    });
    // Every note has been through the stream: its links are checked while the other threads finish.
    const assets = timeStage(context, 'links', () => notes.checkLinks());
    const pooled = pool ? await timeStageAsync(context, 'render pool', () => pool.finish()) : [];
    // The index's thread writes under its folder only: the rest of the site is finished and swept while it ends. What
    // lies under that folder is written after the index's files, so that a static file there replaces one, as before.
    const copies = [...outline.staticCopies, ...assets];
    const writeOthers = (inIndex: boolean) => {
      for (const file of outline.feedFiles) if (isIndexPath(file[0]) === inIndex) writer.write(file);
      for (const [source, relPath] of copies) if (isIndexPath(relPath) === inIndex) writer.copy(source, relPath);
    };
    writeOthers(false);
    cache.noteOtherFiles([...outline.staticCopies.values(), ...assets.values()]);
    // Also kept: what the pool's and the index's threads wrote, and the marker that makes the folder the engine's.
    const kept = new Set([...pooled, OUTPUT_MARKER]);
    const isWritten = (relPath: string) => writer.written.has(relPath) || kept.has(relPath);
    const sweeping = prefilled
      ? timeStage(context, 'sweep', () => sweepInTwo(staging, INDEX_FOLDER, isWritten))
      : undefined;
    whileIndexing();
    const searched = await timeStageAsync(context, 'search', () => search.finish());
    for (const file of searched.files) writer.write(file);
    if (searched.stamps) {
      const written = searched.files.map(([relPath]) => stampWritten(staging, relPath));
      cache.noteSearchFiles([...searched.stamps, ...written], searched.kept ?? []);
    }
    writeOthers(true);
    if (!sweeping) return { specialPages };
    for (const relPath of searched.written) kept.add(relPath);
    const outputFiles = timeStage(context, 'sweep', () => sweeping.rest());
    return { specialPages, outputFiles };
  } catch (error) {
    await Promise.all([search.stop(), pool?.stop()]); // before emitSite removes the staging folder they write into
    throw error;
  }
}

/**
 * The search index job (the whole index, or the last build's with the changed notes' parts replaced), or, when the
 * last build's index files were linked in unchanged, one that does nothing.
 */
function startSearch(
  outline: SiteOutline,
  { staging, reuseFrom, prefilled }: WriteTarget,
  boot: SearchIndexBoot,
  cache: BuildCache,
  writer: SiteWriter,
): Pick<SearchIndexJob, 'add' | 'end' | 'finish' | 'stop'> {
  const plan = cache.planSearch({ ...outline, pages: outline.notePages }, writer);
  if (plan !== 'reuse') {
    const splice = plan === 'splice' && reuseFrom !== undefined;
    const job = boot.start({
      pages: outline.notePages,
      writeTo: staging,
      prefilled,
      ...(reuseFrom !== undefined && { reuseFrom }),
      splice,
    });
    // Every note's key is recorded (the next build may splice); in a splice only changed notes are sent whole.
    const add = (note: RecordNote) => {
      const unchanged = cache.searchNoteUnchanged(note) && splice;
      job.add(unchanged ? note : cache.withHtml(note), unchanged); // an unchanged note is sent without its HTML
    };
    if (!splice) return { ...job, add };
    const finish = () =>
      job.finish().catch((error: unknown) => {
        cache.forgetSearch(); // whatever failed, the next build does not splice from these files again
        throw new Error(
          `The search index could not be brought up to date from the last build's files (${spliceFailure(error)}). Nothing was replaced: the site is as the last build left it. Build again: the next build makes the index from every note.`,
        );
      });
    return { ...job, add, finish };
  }
  void boot.cancel(); // its worker is not needed: the second core is free for the pages
  const finish = async () => ({ files: [], written: [] });
  return { add: () => undefined, end: () => undefined, finish, stop: async () => undefined };
}

/** The search index's folder (its files are the index worker's), as a folder of the site. */
const INDEX_FOLDER = INDEX_DIR.slice(0, -1);

/** Whether a site-relative path lies in the search index's folder. */
const isIndexPath = (relPath: string) => relPath.startsWith(INDEX_DIR);

/** What stopped a splice, in a line: the worker's message without its stack (spliceIndex.ts names the file). */
function spliceFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^Could not build the search index: (Error: )?/, '').split('\n')[0]!;
}

/** A build that already failed still parses every note, so its link problems are reported with the others. */
async function checkWithoutWriting(context: BuildContext, outline: SiteOutline): Promise<void> {
  const notes = createNoteStream(outline, context, { add: () => undefined }, await renderMdx(context, outline));
  for (const _page of notes.pages());
  notes.checkLinks();
}

/**
 * How long `wiki dev`'s parse runs between turns of the event loop, where pages asked for meanwhile are served and
 * chokidar's first scan of the folders takes a step (edits made before it is done are applied once it is): on the
 * corpus that scan ended ~1.5 s after the start with 20 ms slices, ~0.9 s with 2 ms, the parse no slower.
 */
const DEV_PARSE_SLICE_MS = 2;

export interface LoadSiteOptions {
  /** The notes the last build rendered (`wiki dev`): only those whose Markdown or links changed render again. */
  readonly noteCache?: NoteContentCache;
  /** Told the site as it can be served before every note is parsed, once the bundles are ready (`wiki dev`). */
  readonly onPreview?: (preview: SitePreview) => void;
}

/** `wiki dev`: the same stages as buildSite, every note parsed and its links checked; pages render when asked for. */
export async function loadSite(context: BuildContext, options: LoadSiteOptions = {}): Promise<SiteData> {
  const outline = await loadOutline(context);
  const { parser } = outline;
  const { noteCache } = options;
  const contents: NoteContent[] = [];
  const mdx = await renderMdx(context, outline);
  const render = (note: Note) =>
    mdx.get(note.sourcePath) ??
    parseNoteContent(context, note, parser, noteCache ? (n, p) => noteCache.render(n, p) : renderNoteContent);
  if (options.onPreview) offerPreview(context, outline, render, options.onPreview);
  // Short slices: the dev server answers requests and its watcher scans the folders between them.
  await timeStageAsync(context, 'parse', () =>
    renderNotesWhile(outline.notes, render, (content) => contents.push(content), { sliceMs: DEV_PARSE_SLICE_MS }),
  );
  noteCache?.keepOnly(outline.notes);
  const notes: ParsedNote[] = outline.summaries.map((summary, index) => ({ ...summary, ...contents[index]! }));
  const assets = timeStage(context, 'links', () => checkLinks(notes.map(toLinkCheckNote), context));
  const { tableOfContents } = context.config;
  const notePages = outline.notePages.map((page, index) =>
    withNoteContent(page, notes[index]!, tableOfContents, context.config.baseUrl),
  );
  // Built when a search file is first asked for (not at load: the index would add to the parse's peak).
  const indexSearch = searchFilesWhenAsked(context.config, () => ({ pages: notePages, notes }));
  const { renderer, client } = await outline.bundles;
  const { notes: _notes, summaries: _summaries, bundles: _bundles, ...shared } = outline;
  return {
    ...shared,
    notes,
    notePages,
    specialPages: completeSpecialPages(context, outline, renderer),
    client,
    renderer,
    assets,
    searchFiles: indexSearch,
  };
}

/**
 * `wiki dev`'s search files: made in this thread from the pages and notes `from` gives when first asked for, then kept.
 */
export function searchFilesWhenAsked(
  config: SiteConfig,
  from: () => { pages: SearchIndexInput['pages']; notes: Iterable<RecordNote> },
): () => Promise<SiteFile[]> {
  let files: Promise<SiteFile[]> | undefined;
  return () =>
    (files ??= Promise.resolve().then(() => {
      const { pages, notes } = from();
      return buildSearchFiles({ pages, config }, notes);
    }));
}

/**
 * Tells `onPreview` the site as it can be served before the notes are parsed, once the bundles are ready (a failed
 * bundle fails the build instead). Each note's page is rendered with `render`, the parse's own (its cache's).
 */
function offerPreview(
  context: BuildContext,
  outline: SiteOutline,
  render: (note: Note) => NoteContent,
  onPreview: (preview: SitePreview) => void,
): void {
  const { tableOfContents, baseUrl } = context.config;
  const withContent = (index: number) =>
    withNoteContent(outline.notePages[index]!, render(outline.notes[index]!), tableOfContents, baseUrl);
  outline.bundles.then(
    ({ renderer, client }) =>
      onPreview({
        ...outline,
        specialPages: completeSpecialPages(context, outline, renderer),
        renderer,
        client,
        withContent,
      }),
    () => undefined,
  );
}

/**
 * Stage 6's MDX part: the site's MDX notes compiled, bundled and rendered to HTML before the other notes are parsed.
 * The compiler is loaded only for a site that has MDX notes.
 */
async function renderMdx(context: BuildContext, outline: SiteOutline): Promise<MdxContents> {
  if (!outline.notes.some((note) => isMdxNote(note, context.config.markdown.format))) return new Map();
  const { renderMdxNotes } = await import('../mdx/renderMdxNotes.js');
  return timeStageAsync(context, 'mdx', () => renderMdxNotes(context, outline));
}

/** The built-in pages and the site's custom pages (their titles and descriptions come from their modules). */
function completeSpecialPages(
  context: BuildContext,
  outline: SiteOutline,
  renderer: PageRenderer,
): (SpecialPageModel | CustomPageModel)[] {
  return [...outline.builtInPages, ...buildCustomPageModels(context, outline.extensions.pages, renderer.pageModules)];
}

/** The site's theme overrides and custom pages (a page whose route a note has is a duplicate route). */
function findExtensions(
  context: BuildContext,
  notes: readonly Note[],
  builtInPages: readonly SpecialPageModel[],
): SiteExtensions {
  const taken = () =>
    new Map<string, string>([
      ...notes.map((note) => [note.route, context.displayPath(note.filePath)] as const),
      ...builtInRouteOwners(builtInPages),
    ]);
  return { overrides: findThemeOverrides(context), pages: scanCustomPages(context, taken) };
}

/** The engine's own pages by route, named as messages about a clash name them. */
function builtInRouteOwners(builtInPages: readonly SpecialPageModel[]): Map<string, string> {
  return new Map(
    builtInPages.map((page) => [page.route, `the ${page.kind === 'notFound' ? 'not-found' : page.kind} page`]),
  );
}

/** The Markdown renderer and link resolver of this build's routes (with the raw HTML sanitiser when the config asks for it). */
async function createParser(
  context: BuildContext,
  notes: readonly Note[],
  staticCopies: ReadonlyMap<string, string>,
  extraRoutes: ReadonlySet<string>,
): Promise<NoteParser> {
  const { config } = context;
  const routes = notes.map((note) => [note.sourcePath, note.route] as const);
  const resolver = {
    routes,
    docsDir: context.docsDir,
    staticFiles: new Set(staticCopies.values()),
    extraRoutes,
    baseUrl: config.baseUrl,
  };
  // Obsidian's wikilink index, from every note's path and aliases: built once, before any note is rendered.
  const obsidian = createObsidianMarkdown({ notes, bodyOf: markdownOf(context), docsDir: context.docsDir, config });
  return createNoteParser(resolver, await loadHtmlSanitizer(config.markdown.rawHtml), obsidian);
}

/**
 * The site's translation overrides of theme strings (i18n/en/*.json, only those that change a default); declarations
 * without id or message in its theme/ and pages/ files are errors. A site with none of these folders skips it all.
 */
async function loadTranslations(context: BuildContext): Promise<Record<string, string>> {
  if (!extensionDirs(context.siteDir).some((dir) => fs.existsSync(dir))) return {};
  // Loaded on demand: the extractor reads sources with TypeScript's parser.
  const { resolveTranslationOverrides } = await import('../i18n/translations.js');
  return timeStage(context, 'translations', () =>
    resolveTranslationOverrides(context.siteDir, context.diagnostics, context.displayPath),
  );
}
