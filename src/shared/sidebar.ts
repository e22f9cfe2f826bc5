import type { Route } from './paths.js';
import type { Breadcrumb, SidebarCategory, SidebarItem, SidebarMore } from './types.js';

/**
 * Past this many items a list (a folder's notes and subfolders, or the top level) is wide: each page's sidebar shows a
 * window of it, and the browser loads the rest when asked. Every page carries the lists it shows, so a list of n items
 * costs n x 140-370 B (a note's link, a folder's) in each of its n pages (10,000 notes in one folder: 1.4 MB a page,
 * 14 GB in all). The real corpus's widest list is its top level, 99 items (its widest folder has 65): 100 leaves it,
 * and sites like it, as they were.
 */
export const SIDEBAR_WIDE_LIST = 100;
/**
 * A wide list is cut in blocks of this many items; a page shows its item's block and the one on each side (24 items,
 * with the head about a screen of sidebar), so the pages of one block share one sidebar (rendered once, see
 * sidebarShapeKeys) and an item is never at its edge. Small enough that a page of a large wiki weighs little more than
 * a page of a small one (bench/README.md, "Wide folders").
 */
export const SIDEBAR_WINDOW_BLOCK = 8;
/** The first items of a wide list, shown on every page: where the list starts. */
export const SIDEBAR_WINDOW_HEAD = 5;
/** Items per chunk file of a wide list (about 17 KB of JSON for short titles): a page's window needs one to three. */
export const SIDEBAR_CHUNK_SIZE = 200;
/** Notes per listing page of a wide list (the no-JavaScript "Show all"): about 20 KB of HTML for short titles. */
export const SIDEBAR_LISTING_PAGE_SIZE = 200;
/** The id of the top-level list (see SidebarMore.list). */
export const ROOT_SIDEBAR_LIST = 'root';

/** Whether a sidebar item is, or contains, the link to `route`. */
export function sidebarItemContains(item: SidebarItem, route: Route | string): boolean {
  if (item.href === route) return true;
  return item.type === 'category' && item.items.some((child) => sidebarItemContains(child, route));
}

/**
 * A tree indexed once so per-page pruning (a build) neither rescans it nor copies it: each category's hrefs (its own
 * and all its descendants'), and its closed copy (no items, `unloaded`), which every page showing it closed shares.
 */
export interface SidebarRouteIndex {
  readonly routes: WeakMap<SidebarItem, ReadonlySet<string>>;
  readonly closed: WeakMap<SidebarItem, SidebarItem>;
  /** Each wide list's routes -> the index of its item that is or holds the route. */
  readonly positions: WeakMap<readonly SidebarItem[], ReadonlyMap<string, number>>;
  /** The folder of the sidebar files (the runtime's `sidebarBranchUrl`): wide lists' listing pages are there. */
  readonly filesUrl: string;
}

/**
 * Indexes a sidebar tree for `pruneSidebar` and `pageSidebarBranches`. `filesUrl` is where the sidebar files are
 * (the runtime's `sidebarBranchUrl`): a wide list's "Show all" links to its listing there.
 */
export function indexSidebarRoutes(items: readonly SidebarItem[], filesUrl = ''): SidebarRouteIndex {
  const index: SidebarRouteIndex = { routes: new WeakMap(), closed: new WeakMap(), positions: new WeakMap(), filesUrl };
  indexList(items, index);
  return index;
}

function indexList(items: readonly SidebarItem[], index: SidebarRouteIndex): void {
  // forEach, not for-of: the browser's lists of wide folders are sparse (only the chunks it loaded).
  items.forEach((item) => {
    if (item.type !== 'category') return;
    indexList(item.items, index);
    const routes = new Set<string>(item.href !== undefined ? [item.href] : []);
    item.items.forEach((child) => {
      if (child.href !== undefined) routes.add(child.href);
      for (const route of index.routes.get(child) ?? []) routes.add(route);
    });
    index.routes.set(item, routes);
    index.closed.set(item, closedCategory(item));
  });
  if (items.length <= SIDEBAR_WIDE_LIST) return;
  const positions = new Map<string, number>();
  items.forEach((item, i) => {
    if (item.href !== undefined && !positions.has(item.href)) positions.set(item.href, i);
    for (const route of index.routes.get(item) ?? []) if (!positions.has(route)) positions.set(route, i);
  });
  index.positions.set(items, positions);
}

/**
 * The sidebar a page's HTML carries: every top-level item, and the children of the categories on the
 * way to the current page only; other categories are marked `unloaded` (the browser fetches the full tree).
 * Pass the tree's index when pruning it for many pages (a build): each call then stays proportional to the branch.
 */
export function pruneSidebar(
  items: readonly SidebarItem[],
  route: Route | string,
  index?: SidebarRouteIndex,
): SidebarItem[] {
  return pruneList({ items, list: ROOT_SIDEBAR_LIST, label: '' }, route, index);
}

/** A list of the tree with its id (see SidebarMore.list) and its category's label. */
export interface ListInTree {
  readonly items: readonly SidebarItem[];
  readonly list: string;
  readonly label: string;
}

function pruneList(
  { items, list, label }: ListInTree,
  route: Route | string,
  index: SidebarRouteIndex | undefined,
): SidebarItem[] {
  const prune = (item: SidebarItem, at: number): SidebarItem => {
    if (item.type !== 'category') return item;
    if (showsItems(item, route, index))
      return {
        ...item,
        items: pruneList({ items: item.items, list: childSidebarList(list, at), label: item.label }, route, index),
      };
    return index?.closed.get(item) ?? closedCategory(item);
  };
  if (items.length <= SIDEBAR_WIDE_LIST) return items.map(prune);
  const shown = sidebarWindowRanges(items.length, holderIndex(items, route, index));
  const kept: SidebarItem[] = [];
  for (const [start, end] of shown) {
    for (let at = start; at < end; at++) {
      const item = items[at];
      if (item) kept.push(prune(item, at));
    }
  }
  return [...kept, sidebarMoreItem({ items, list, label }, shown, index?.filesUrl ?? '')];
}

/** The `more` entry closing a wide list that shows the `shown` ranges of its items (none: a file's placeholder). */
export function sidebarMoreItem(
  { items, list, label }: ListInTree,
  shown: SidebarMore['shown'],
  filesUrl: string,
): SidebarMore {
  return { type: 'more', label, list, total: items.length, shown, listing: sidebarListingUrl(filesUrl, list, 0) };
}

/** The index of the item of a wide list that is or holds `route`, or -1. */
function holderIndex(
  items: readonly SidebarItem[],
  route: Route | string,
  index: SidebarRouteIndex | undefined,
): number {
  const positions = index?.positions.get(items);
  if (positions) return positions.get(route) ?? -1;
  return items.findIndex((item) => item !== undefined && sidebarItemContains(item, route)); // the browser's lists may be sparse
}

/**
 * The items of a list of `total` items that a page shows, as [start, end) ranges: all of them when the list is not
 * wide; else the first few and the blocks around item `at` (the one holding the page; -1 when none does).
 */
export function sidebarWindowRanges(total: number, at: number): [number, number][] {
  if (total <= SIDEBAR_WIDE_LIST) return [[0, total]];
  const block = sidebarWindowBlock(at);
  const start = Math.max(0, (block - 1) * SIDEBAR_WINDOW_BLOCK);
  const end = Math.min(total, (block + 2) * SIDEBAR_WINDOW_BLOCK);
  return start <= SIDEBAR_WINDOW_HEAD
    ? [[0, end]]
    : [
        [0, SIDEBAR_WINDOW_HEAD],
        [start, end],
      ];
}

/** The window block of item `at` of a wide list (-1, no item: the first). Pages in one block show the same items. */
export function sidebarWindowBlock(at: number): number {
  return at < 0 ? 0 : Math.floor(at / SIDEBAR_WINDOW_BLOCK);
}

/** The chunk files that hold the items of these ranges, ascending. */
export function sidebarChunksOf(ranges: readonly (readonly [number, number])[]): number[] {
  const chunks = new Set<number>();
  for (const [start, end] of ranges) {
    for (let chunk = Math.floor(start / SIDEBAR_CHUNK_SIZE); chunk * SIDEBAR_CHUNK_SIZE < end; chunk++)
      chunks.add(chunk);
  }
  return [...chunks].sort((a, b) => a - b);
}

/** The id of the items list of the category at index `at` of list `list`. */
export function childSidebarList(list: string, at: number): string {
  return list === ROOT_SIDEBAR_LIST ? String(at) : `${list}.${at}`;
}

/** A wide list's chunk file, in the sidebar files' folder. */
export function sidebarChunkFile(list: string, chunk: number): string {
  return `list-${list}-${chunk}.json`;
}

/** A wide list's listing page `page` (from 0), in the sidebar files' folder: a folder, so any static host serves it. */
export function sidebarListingFile(list: string, page: number): string {
  return page === 0 ? `list-${list}/index.html` : `list-${list}/${page + 1}/index.html`;
}

/** The address of a wide list's listing page `page` (from 0). */
export function sidebarListingUrl(filesUrl: string, list: string, page: number): string {
  return `${filesUrl}${sidebarListingFile(list, page).replace(/index\.html$/, '')}`;
}

function closedCategory(item: SidebarCategory): SidebarCategory {
  return { ...item, items: [], unloaded: true };
}

/**
 * A key per route such that routes with the same key have the same pruned sidebar and branches: the categories that
 * hold the route, and in each wide list on its way the window block of its item (pruning depends on nothing else). A
 * build prunes once per key instead of walking the top level for every page, which grows with the site. Routes in no
 * category nor wide list have the key ''.
 */
export function sidebarShapeKeys(items: readonly SidebarItem[]): Map<string, string> {
  const holders = new Map<string, string[]>();
  let nextId = 0;
  const visit = (level: readonly SidebarItem[], ancestors: readonly string[]) => {
    const wideList = level.length > SIDEBAR_WIDE_LIST ? `w${nextId++}.` : undefined;
    level.forEach((item, at) => {
      const inLevel = wideList === undefined ? ancestors : [...ancestors, `${wideList}${sidebarWindowBlock(at)}`];
      const own = item.type === 'category' ? [...inLevel, String(nextId++)] : inLevel;
      if (item.href !== undefined) holders.set(item.href, [...(holders.get(item.href) ?? []), ...own]);
      if (item.type === 'category') visit(item.items, own);
    });
  };
  visit(items, []);
  return new Map([...holders].map(([route, ids]) => [route, [...new Set(ids)].sort().join(',')]));
}

/** Whether a page's pruned sidebar shows this category's items: it holds the page, or it is not collapsed. */
function showsItems(item: SidebarItem, route: Route | string, index: SidebarRouteIndex | undefined): boolean {
  if (item.type !== 'category') return false;
  return (
    !item.collapsed ||
    (index ? item.href === route || (index.routes.get(item)?.has(route) ?? false) : sidebarItemContains(item, route))
  );
}

/**
 * What the browser starts every page's sidebar from (one cached file): the top-level items, each category's items
 * left to its branch file. A page's boot data names the branches it needs (`pageSidebarBranches`), and
 * `assemblePageSidebar` rebuilds from them exactly the pruned sidebar its HTML was rendered with. A wide top level is
 * left to its chunk files too (a placeholder: see isSidebarPlaceholder).
 */
export function sidebarSkeleton(items: readonly SidebarItem[], filesUrl = ''): SidebarItem[] {
  if (items.length > SIDEBAR_WIDE_LIST)
    return [sidebarMoreItem({ items, list: ROOT_SIDEBAR_LIST, label: '' }, [], filesUrl)];
  return items.map(sidebarSkeletonItem);
}

/** An item as the skeleton (and a wide top level's chunk files) hold it: a category closed, its items in its branch file. */
export function sidebarSkeletonItem(item: SidebarItem): SidebarItem {
  return item.type === 'category' ? closedCategory(item) : item;
}

/** The top-level categories whose items a page's pruned sidebar shows, by index. */
export function pageSidebarBranches(
  items: readonly SidebarItem[],
  route: Route | string,
  index?: SidebarRouteIndex,
): number[] {
  const shown = sidebarWindowRanges(
    items.length,
    items.length > SIDEBAR_WIDE_LIST ? holderIndex(items, route, index) : -1,
  );
  return shown.flatMap(([start, end]) =>
    items.slice(start, end).flatMap((item, i) => (showsItems(item, route, index) ? [start + i] : [])),
  );
}

/**
 * What a page's data says of the wide lists its sidebar shows, for the browser: which list, the index of its item
 * holding the page (-1: none), and the chunk files holding the items shown.
 */
export interface SidebarWindowRef {
  readonly list: string;
  readonly at: number;
  readonly chunks: readonly number[];
}

/** The page data field naming the page's windows (`sidebarWindows`), present only when its sidebar shows a wide list. */
export interface PageSidebarWindows {
  readonly sidebarWindows?: readonly SidebarWindowRef[];
}

/** The windows of a pruned sidebar (see pruneSidebar), for the page at `route`. */
export function pageSidebarWindows(pruned: readonly SidebarItem[], route: Route | string): SidebarWindowRef[] {
  const refs: SidebarWindowRef[] = [];
  const visit = (items: readonly SidebarItem[]) => {
    const more = items.at(-1);
    if (more?.type === 'more' && more.shown.length > 0) {
      const indices = fullIndicesOf(items);
      const holder = items.findIndex((item) => sidebarItemContains(item, route));
      refs.push({ list: more.list, at: holder < 0 ? -1 : indices[holder]!, chunks: sidebarChunksOf(more.shown) });
    }
    for (const item of items) if (item.type === 'category') visit(item.items);
  };
  visit(pruned);
  return refs;
}

/** For each position of a list as the browser holds it, the index of that item in the full list. */
export function fullIndicesOf(items: readonly SidebarItem[]): number[] {
  const more = items.at(-1);
  if (more?.type !== 'more') return items.map((_item, i) => i);
  return more.shown.flatMap(([start, end]) => Array.from({ length: end - start }, (_unused, i) => start + i));
}

/** The chunk files a page's browser loads, by list: list -> chunk -> its items. */
export type SidebarChunkFiles = ReadonlyMap<string, ReadonlyMap<number, readonly SidebarItem[]>>;

/**
 * The pruned sidebar of the page at `route`, from the skeleton, the branches `pageSidebarBranches` named and the chunk
 * files of its windows (`pageSidebarWindows`), all as buildRuntimeFiles wrote them.
 */
export function assemblePageSidebar(
  skeleton: readonly SidebarItem[],
  branches: ReadonlyMap<number, SidebarItem>,
  route: Route | string,
  windows: { readonly chunks: SidebarChunkFiles; readonly filesUrl: string } = { chunks: new Map(), filesUrl: '' },
): SidebarItem[] {
  const top = expandPlaceholder(skeleton, windows.chunks).map((item, i) => branches.get(i) ?? item);
  const tree = windows.chunks.size > 0 ? expandPlaceholders(top, windows.chunks) : top;
  return pruneSidebar(tree, route, windows.chunks.size > 0 ? indexSidebarRoutes(tree, windows.filesUrl) : undefined);
}

/** Whether a list, as a file holds it, is a wide list left to its chunk files: one `more` entry showing nothing. */
export function isSidebarPlaceholder(items: readonly SidebarItem[]): items is readonly [SidebarMore] {
  const first = items[0];
  return items.length === 1 && first?.type === 'more' && first.shown.length === 0;
}

/** A placeholder list as the sparse list of its full length, with the items of the chunks loaded; other lists as they are. */
function expandPlaceholder(items: readonly SidebarItem[], chunks: SidebarChunkFiles): readonly SidebarItem[] {
  const placeholder = isSidebarPlaceholder(items) ? items[0] : undefined;
  const loaded = placeholder && chunks.get(placeholder.list);
  if (!placeholder || !loaded) return items;
  const sparse = new Array<SidebarItem>(placeholder.total);
  for (const [chunk, chunkItems] of loaded)
    chunkItems.forEach((item, i) => (sparse[chunk * SIDEBAR_CHUNK_SIZE + i] = item));
  return sparse;
}

function expandPlaceholders(items: readonly SidebarItem[], chunks: SidebarChunkFiles): readonly SidebarItem[] {
  return items.map((item) =>
    item.type === 'category'
      ? { ...item, items: expandPlaceholders(expandPlaceholder(item.items, chunks), chunks) }
      : item,
  );
}

/** Whether the tree, as loaded, already holds the page at `route` with its items (no `unloaded` category on the way). */
export function sidebarHasLoadedRoute(items: readonly SidebarItem[], route: Route | string): boolean {
  return items.some((item) => {
    if (item.href === route) return !(item.type === 'category' && item.unloaded);
    return item.type === 'category' && sidebarHasLoadedRoute(item.items, route);
  });
}

/**
 * The index of the top-level category a page belongs to, found from its first breadcrumb (href, else label),
 * or -1 when it is not under a top-level category.
 */
export function findSidebarBranch(items: readonly SidebarItem[], crumb: Breadcrumb | undefined): number {
  if (!crumb) return -1;
  return items.findIndex(
    (item) =>
      item.type === 'category' && (crumb.href !== undefined ? item.href === crumb.href : item.label === crumb.label),
  );
}
