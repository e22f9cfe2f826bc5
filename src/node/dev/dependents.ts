/**
 * What one edited note changes on other pages of `wiki dev`: the backlinks ("Linked from") of the notes it links to
 * or linked to, the link graph, the notes that embed it (`![[Note]]`), and the tag pages. Each is brought up to date
 * from the edited note alone (its links scanned, not every note's); the pages that changed get their new models, their
 * rendered files are dropped (they render again when asked for), and open tabs are told to swap or reload them.
 */
import type { Route } from '../../shared/paths.js';
import type { GraphData } from '../../shared/graph.js';
import type { Backlink, DocPageModel } from '../../shared/types.js';
import { DiagnosticList } from '../diagnostics.js';
import { MAX_TRANSCLUSION_DEPTH } from '../markdown/obsidian/transclusion.js';
import type { ParsedNote } from '../notes/note.js';
import { collectSiteLinks, linkedRoute, routeKey } from '../resolve/backlinks.js';
import { buildGraphFile } from '../resolve/graph.js';
import { backlinkOptions } from '../pipeline/pipeline.js';
import { buildNotePageModels } from '../resolve/pageModels.js';
import { buildTagPageModels, resolveTags } from '../resolve/tags.js';
import { layOutRecent } from '../resolve/layout.js';
import { recentRoute } from '../resolve/recent.js';
import {
  comparePages,
  forgetRenderedPages,
  keepFeedFiles,
  outputPathsOf,
  refreshSitemap,
  type DevSite,
} from './devSite.js';

/** The routes open tabs must update: swap the content in place, or reload. */
export interface PageRefresh {
  readonly content: Route[];
  readonly reload: Route[];
}

// Link graph files made by edits that stay served (tabs that loaded a page since keep its URL until they reload).
const KEPT_GRAPH_FILES = 4;
// The problems resolveTags reports, all made again when the tags are.
const tagCodes = new Set(['undeclared-tag', 'invalid-tags-file']);

/**
 * The backlinks and link graph with the edited note's links as its Markdown has them now (the backlinks stage's own
 * scan, on this note alone). Returns the routes whose backlinks changed, and whether the graph did.
 */
export function updateSiteLinks(
  devSite: DevSite,
  index: number,
  body: string,
): { readonly targets: Route[]; readonly graph: boolean } {
  const { config } = devSite.context;
  if (!config.backlinks && !config.graph) return { targets: [], graph: false };
  const { parser } = devSite.site;
  // Only this note's Markdown: the others' links are as the stage found them.
  const sources = devSite.notes.map(({ sourcePath, route, title }, at) => ({
    sourcePath,
    route,
    title,
    body: at === index ? body : '',
  }));
  const links = collectSiteLinks(sources, backlinkOptions(config, parser));
  const targets = config.backlinks ? replaceBacklinks(devSite, devSite.notes[index]!.route, links.backlinks) : [];
  return { targets, graph: config.graph && replaceGraph(devSite, index, links.edges) };
}

/** The note's entries leave every list and its new ones join, in the stage's order (title, then page order). */
function replaceBacklinks(devSite: DevSite, from: Route, added: ReadonlyMap<Route, readonly Backlink[]>): Route[] {
  const before = devSite.site.backlinks ?? new Map<Route, readonly Backlink[]>();
  const next = new Map(before);
  const touched = new Set<Route>();
  for (const [target, list] of before)
    if (list.some((backlink) => backlink.href === from)) {
      touched.add(target);
      next.set(
        target,
        list.filter((backlink) => backlink.href !== from),
      );
    }
  for (const [target, list] of added) {
    touched.add(target);
    next.set(target, [...(next.get(target) ?? []), ...list]);
  }
  const order = new Map(devSite.notes.map((note, at) => [note.route as string, at]));
  const byTitle = (a: Backlink, b: Backlink) =>
    a.title.localeCompare(b.title, 'en') || (order.get(a.href) ?? 0) - (order.get(b.href) ?? 0);
  const changed: Route[] = [];
  for (const target of touched) {
    const list = [...next.get(target)!].sort(byTitle);
    if (list.length === 0) next.delete(target);
    else next.set(target, list);
    if (JSON.stringify(before.get(target) ?? []) !== JSON.stringify(list)) changed.push(target);
  }
  devSite.site = { ...devSite.site, backlinks: next };
  return changed;
}

/**
 * The graph file with the note's links (and title) as they are now. Its name is a hash of its text and every page
 * names it, so a new one means every page renders again (when asked for: dropping them is all it costs now).
 */
function replaceGraph(devSite: DevSite, from: number, edges: readonly (readonly [number, number])[]): boolean {
  const { graph } = devSite.site;
  if (!graph) return false;
  const { links } = JSON.parse(graph.json) as GraphData;
  const pairs: (readonly [number, number])[] = [];
  for (let at = 0; at + 1 < links.length; at += 2) if (links[at] !== from) pairs.push([links[at]!, links[at + 1]!]);
  // The stage lists links by their note's page order: the note's go where its index falls.
  const position = pairs.findIndex(([source]) => source > from);
  pairs.splice(position === -1 ? pairs.length : position, 0, ...edges);
  const next = buildGraphFile(devSite.notes, pairs);
  if (next.path === graph.path) return false;
  devSite.files.set(next.path, next.json);
  devSite.graphPaths.push(next.path);
  if (devSite.graphPaths.length > KEPT_GRAPH_FILES) devSite.files.delete(devSite.graphPaths.shift()!);
  devSite.site = { ...devSite.site, graph: next };
  forgetRenderedPages(devSite);
  return true;
}

/**
 * The notes whose content shows the note at `route` (`![[Note]]`, `![[Note#Heading]]`), and the notes that embed
 * those, as deep as transclusion goes.
 */
export function findEmbedders(devSite: DevSite, note: ParsedNote): ParsedNote[] {
  if (!devSite.embedded.has(note.sourcePath)) return []; // no note embeds it (a scan of every link, spared)
  const { route } = note;
  const { baseUrl } = devSite.context.config;
  const found = new Map<Route, ParsedNote>();
  let embedded = new Set<string>([routeKey(route)]);
  for (let depth = 0; depth < MAX_TRANSCLUSION_DEPTH && embedded.size > 0; depth++) {
    const next = new Set<string>();
    for (const note of devSite.notes) {
      if (note.route === route || found.has(note.route) || !embedsOneOf(note, embedded, baseUrl)) continue;
      found.set(note.route, note);
      next.add(routeKey(note.route));
    }
    embedded = next;
  }
  return [...found.values()];
}

function embedsOneOf(note: ParsedNote, routes: ReadonlySet<string>, baseUrl: string): boolean {
  return note.links.some((link) => {
    if (!link.target.startsWith('![[')) return false;
    const target = linkedRoute(link.resolved, baseUrl);
    return target !== undefined && routes.has(routeKey(target));
  });
}

/**
 * Every tag and tag page again (a few milliseconds), when the edited note has or had tags: its tags may have changed,
 * and tag pages list their notes' titles and descriptions. Pages that changed are swapped in, the others kept.
 */
export function updateSiteTags(devSite: DevSite, refresh: PageRefresh): void {
  const { context, site } = devSite;
  const diagnostics = new DiagnosticList();
  const inline = site.parser.obsidian?.inlineTags;
  const tags = resolveTags(devSite.notes, { ...context, diagnostics }, inline && ((doc) => inline(doc.sourcePath)));
  const noteRoutes = new Set<string>(devSite.notes.map((note) => note.route));
  const pages = buildTagPageModels(tags, context.config).filter((page) => !noteRoutes.has(page.route));
  const oldRoutes = new Set<string>([site.tags.listRoute, ...site.tags.tags.keys()]);
  const before = new Map(site.generatedPages.filter((page) => oldRoutes.has(page.route)).map((p) => [p.route, p]));
  // In the layout stage's order: the recent page, if any, comes after the tag pages.
  const others = site.generatedPages.filter((page) => !oldRoutes.has(page.route));
  const recentAt = others.findIndex((page) => page.route === recentRoute(context.config));
  others.splice(recentAt === -1 ? others.length : recentAt, 0, ...pages);
  devSite.site = { ...site, tags, generatedPages: others };
  devSite.diagnostics = [...devSite.diagnostics.filter((d) => !tagCodes.has(d.code)), ...diagnostics.items];
  for (const page of pages) {
    swapPage(devSite, before.get(page.route), page, refresh);
    before.delete(page.route);
  }
  for (const gone of before.values()) swapPage(devSite, gone, undefined, refresh); // a tag no note has any more
  refreshSitemap(devSite);
}

/**
 * The "Recently updated" page and the feeds again (they list notes' dates, titles and descriptions), when the site has
 * them: the page is swapped in if it changed, the feed files replaced.
 */
export function updateRecentNotes(devSite: DevSite, refresh: PageRefresh): void {
  const { context, site } = devSite;
  const { pages, feedFiles } = layOutRecent(context.config, devSite.notes, site.dates);
  keepFeedFiles(devSite, feedFiles);
  const generatedPages = [...site.generatedPages];
  const [page] = pages;
  const at = page ? generatedPages.findIndex((old) => old.route === page.route) : -1;
  if (page && at !== -1) swapPage(devSite, generatedPages.splice(at, 1, page)[0], page, refresh); // -1: a note's route
  devSite.site = { ...site, generatedPages, feedFiles };
}

/** New models for these notes' pages (and the edited note's, first); the dependents' are swapped in. */
export function buildNotePages(devSite: DevSite, notes: readonly ParsedNote[]): DocPageModel[] {
  const { config } = devSite.context;
  const { site } = devSite;
  const neighbourIds = new Set(
    notes.flatMap((doc) => [doc.frontMatter.pagination_prev, doc.frontMatter.pagination_next]),
  );
  const routes = new Set<string>(notes.map((doc) => doc.route));
  const neighbours = devSite.notes.filter((doc) => neighbourIds.has(doc.id) && !routes.has(doc.route));
  return buildNotePageModels({
    config,
    sidebars: site.sidebars,
    docs: [...notes, ...neighbours],
    tags: site.tags.byDoc,
    ...(site.dates && { dates: site.dates }),
    ...(config.backlinks && site.backlinks && { backlinks: site.backlinks }),
  }).slice(0, notes.length);
}

/** Swaps the dependents' new note page models in (those that changed). */
export function refreshNotePages(devSite: DevSite, pages: readonly DocPageModel[], refresh: PageRefresh): void {
  for (const page of pages) {
    const index = devSite.notePages.findIndex((candidate) => candidate.route === page.route);
    if (index === -1) continue;
    const before = devSite.notePages[index];
    devSite.notePages[index] = page;
    swapPage(devSite, before, page, refresh);
  }
}

/** Points the page's files to its new model (or to none) and drops what was rendered of it; tabs learn of it. */
function swapPage(
  devSite: DevSite,
  before: DocPageModel | undefined,
  after: DocPageModel | undefined,
  refresh: PageRefresh,
): void {
  const page = after ?? before!;
  if (before && after && JSON.stringify(before) === JSON.stringify(after)) return;
  for (const relPath of outputPathsOf(page)) {
    if (after) devSite.pageByPath.set(relPath, after);
    else devSite.pageByPath.delete(relPath);
    devSite.pages.delete(relPath);
    devSite.fresh.delete(relPath);
  }
  const change = before && after ? comparePages(before, after) : 'page';
  (change === 'content' ? refresh.content : refresh.reload).push(page.route);
}
