/**
 * Stage 4's docs part: the sidebars (the folder sidebar, or a sidebars file's), the notes' page models, and the pages
 * no note is behind (generated-index categories, the tags list and one page per tag).
 */
import path from 'node:path';
import type { Backlink, DocPageModel } from '../../shared/types.js';
import type { SourcePath } from '../../shared/paths.js';
import type { SiteConfig } from '../config/schema.js';
import type { BuildContext } from '../context.js';
import type { NoteDates } from '../notes/gitDates.js';
import type { SiteFile } from '../siteWriter.js';
import { buildFeedFiles, hasFeeds } from './feeds.js';
import { hasRecentPage } from './lastUpdate.js';
import { buildRecentPageModel, listRecentNotes } from './recent.js';
import type { CategoryMetadata } from '../notes/category.js';
import type { NoteSummary } from '../notes/note.js';
import { buildGeneratedIndexPageModels, createGeneratedIndexes } from './generatedIndex.js';
import { buildNotePageModels, indexSidebars } from './pageModels.js';
import { buildFolderSidebars, resolveSidebars, type SiteSidebars } from './sidebars.js';
import { loadSidebarsFile, normaliseSidebars, type SidebarsConfig, type SidebarsProblem } from './sidebarsFile.js';
import { buildTagPageModels, resolveTags, type SiteTags } from './tags.js';

export interface DocsLayout {
  readonly sidebars: SiteSidebars;
  readonly notePages: DocPageModel[];
  /** Generated-index and tag pages: rendered like notes' pages, with no note behind them. */
  readonly generatedPages: DocPageModel[];
  readonly tags: SiteTags;
  /** The Atom and RSS feeds of the recently updated notes (none when the site has no feeds). */
  readonly feedFiles: readonly SiteFile[];
}

/** The sidebars file's path (`docs.sidebarPath`, relative to the config file), when the config names one. */
export function sidebarsFilePath(context: Pick<BuildContext, 'config' | 'configPath'>): string | undefined {
  const { sidebarPath } = context.config.docs;
  return sidebarPath === undefined ? undefined : path.resolve(path.dirname(context.configPath), sidebarPath);
}

/** The sidebars file of the config (`docs.sidebarPath`, relative to the config file), normalised; problems reported. */
export async function loadSidebarsConfig(context: BuildContext): Promise<SidebarsConfig | undefined> {
  const filePath = sidebarsFilePath(context);
  if (filePath === undefined) return undefined;
  const report = (problem: SidebarsProblem) =>
    context.diagnostics.add({
      severity: 'error',
      code: 'invalid-sidebars',
      file: context.displayPath(filePath),
      ...problem,
    });
  const loaded = await loadSidebarsFile(filePath);
  if ('problem' in loaded) {
    report(loaded.problem);
    return undefined;
  }
  const { sidebars, problems } = normaliseSidebars(loaded.value);
  problems.forEach(report);
  return sidebars;
}

/** The sidebars, every note's page, and the generated pages (a generated page never takes a note's route). */
export function layOutDocs(
  context: BuildContext,
  input: {
    readonly summaries: readonly NoteSummary[];
    readonly categories: ReadonlyMap<string, CategoryMetadata>;
    readonly sidebarsConfig?: SidebarsConfig | undefined;
    /** When each note last changed (readNoteDates), when the site shows dates or feeds. */
    readonly dates?: NoteDates | undefined;
    /** A note's inline `#tags` (Obsidian's), found before rendering: they join its front matter `tags`. */
    readonly inlineTags?: ((sourcePath: SourcePath) => readonly string[] | undefined) | undefined;
    /** The notes linking to each note, by route (the backlinks stage's). */
    readonly backlinks?: ReadonlyMap<string, readonly Backlink[]> | undefined;
  },
): DocsLayout {
  const { config } = context;
  const generatedIndexes = createGeneratedIndexes({
    routeBasePath: config.docs.routeBasePath,
    trailingSlash: config.trailingSlash,
  });
  const options = {
    docs: input.summaries,
    categories: input.categories,
    collapsed: config.sidebarCollapsed,
    generatedIndexes,
  };
  const sidebars = input.sidebarsConfig
    ? resolveFileSidebars(context, input.sidebarsConfig, options)
    : buildFolderSidebars(options);
  const { inlineTags } = input;
  const tags = resolveTags(input.summaries, context, inlineTags && ((doc) => inlineTags(doc.sourcePath)));
  // Both the notes' pages and the generated index pages follow each sidebar's reading order: indexed once.
  const navigation = indexSidebars(sidebars, input.summaries);
  const notePages = buildNotePageModels({
    config,
    sidebars,
    navigation,
    docs: input.summaries,
    tags: tags.byDoc,
    ...(input.dates && { dates: input.dates }),
    ...(input.backlinks && { backlinks: input.backlinks }),
    diagnostics: context.diagnostics,
    displayPath: context.displayPath,
  });
  const generated = [
    ...buildGeneratedIndexPageModels({
      config,
      sidebars,
      navigation,
      indexes: generatedIndexes,
      docs: input.summaries,
    }),
    ...buildTagPageModels(tags, config),
  ];
  const recent = layOutRecent(config, input.summaries, input.dates);
  return {
    sidebars,
    notePages,
    generatedPages: dropTakenRoutes(context, [...generated, ...recent.pages], input.summaries),
    tags,
    feedFiles: recent.feedFiles,
  };
}

/** The "Recently updated" page and the feeds, from the notes' dates, when the config has them. */
export function layOutRecent(
  config: SiteConfig,
  docs: readonly NoteSummary[],
  dates: NoteDates | undefined,
): { pages: DocPageModel[]; feedFiles: SiteFile[] } {
  const page = hasRecentPage(config);
  if (!page && !hasFeeds(config)) return { pages: [], feedFiles: [] };
  const recent = listRecentNotes(docs, dates, config, config.docs.recent);
  return { pages: page ? [buildRecentPageModel(recent, config)] : [], feedFiles: buildFeedFiles(recent, config) };
}

function resolveFileSidebars(
  context: BuildContext,
  sidebarsConfig: SidebarsConfig,
  options: Parameters<typeof resolveSidebars>[1],
): SiteSidebars {
  const { sidebars, problems } = resolveSidebars(sidebarsConfig, options);
  const file = context.displayPath(sidebarsFilePath(context) ?? path.dirname(context.configPath));
  for (const problem of problems)
    context.diagnostics.add({ severity: 'error', code: 'invalid-sidebars', file, ...problem });
  return sidebars;
}

/** A note keeps its route: a generated page with the same one is left out, with a warning naming both. */
function dropTakenRoutes(
  context: BuildContext,
  pages: readonly DocPageModel[],
  docs: readonly NoteSummary[],
): DocPageModel[] {
  const noteByRoute = new Map(docs.map((doc) => [doc.route as string, doc]));
  return pages.filter((page) => {
    const note = noteByRoute.get(page.route);
    if (!note) return true;
    context.diagnostics.add({
      severity: 'warning',
      code: 'duplicate-route',
      file: context.displayPath(note.filePath),
      message: `Its route ${page.route} is also the route of the generated page "${page.title}" (a category index or a tag page), which is left out.`,
      hint: 'Give the note another `slug`, or the category another `slug` in its `link`.',
    });
    return false;
  });
}
