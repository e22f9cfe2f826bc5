import type { Route } from './paths.js';
import type { Breadcrumb, SidebarCategory, SidebarItem } from './types.js';

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
}

/** Indexes a sidebar tree for `pruneSidebar` and `pageSidebarBranches`. */
export function indexSidebarRoutes(items: readonly SidebarItem[], index: SidebarRouteIndex = { routes: new WeakMap(), closed: new WeakMap() }): SidebarRouteIndex {
  for (const item of items) {
    if (item.type !== 'category') continue;
    indexSidebarRoutes(item.items, index);
    const routes = new Set<string>(item.href !== undefined ? [item.href] : []);
    for (const child of item.items) {
      if (child.href !== undefined) routes.add(child.href);
      for (const route of index.routes.get(child) ?? []) routes.add(route);
    }
    index.routes.set(item, routes);
    index.closed.set(item, closedCategory(item));
  }
  return index;
}

/**
 * The sidebar a page's HTML carries: every top-level item, and the children of the categories on the
 * way to the current page only; other categories are marked `unloaded` (the browser fetches the full tree).
 * Pass the tree's index when pruning it for many pages (a build): each call then stays proportional to the branch.
 */
export function pruneSidebar(items: readonly SidebarItem[], route: Route | string, index?: SidebarRouteIndex): SidebarItem[] {
  return items.map((item) => {
    if (item.type !== 'category') return item;
    if (showsItems(item, route, index)) return { ...item, items: pruneSidebar(item.items, route, index) };
    return index?.closed.get(item) ?? closedCategory(item);
  });
}

function closedCategory(item: SidebarCategory): SidebarCategory {
  return { ...item, items: [], unloaded: true };
}

/**
 * A key per route such that routes with the same key have the same pruned sidebar and branches: the categories that
 * hold the route (pruning depends on nothing else). A build prunes once per key instead of walking the top level for
 * every page, which grows with the site. Routes in no category have the key ''.
 */
export function sidebarShapeKeys(items: readonly SidebarItem[]): Map<string, string> {
  const holders = new Map<string, number[]>();
  let nextId = 0;
  const visit = (level: readonly SidebarItem[], ancestors: readonly number[]) => {
    for (const item of level) {
      const own = item.type === 'category' ? [...ancestors, nextId++] : ancestors;
      if (item.href !== undefined) holders.set(item.href, [...(holders.get(item.href) ?? []), ...own]);
      if (item.type === 'category') visit(item.items, own);
    }
  };
  visit(items, []);
  return new Map([...holders].map(([route, ids]) => [route, [...new Set(ids)].sort((a, b) => a - b).join(',')]));
}

/** Whether a page's pruned sidebar shows this category's items: it holds the page, or it is not collapsed. */
function showsItems(item: SidebarItem, route: Route | string, index: SidebarRouteIndex | undefined): boolean {
  if (item.type !== 'category') return false;
  return !item.collapsed || (index ? item.href === route || (index.routes.get(item)?.has(route) ?? false) : sidebarItemContains(item, route));
}

/**
 * What the browser starts every page's sidebar from (one cached file): the top-level items, each category's items
 * left to its branch file. A page's boot data names the branches it needs (`pageSidebarBranches`), and
 * `assemblePageSidebar` rebuilds from them exactly the pruned sidebar its HTML was rendered with.
 */
export function sidebarSkeleton(items: readonly SidebarItem[]): SidebarItem[] {
  return items.map((item) => (item.type === 'category' ? closedCategory(item) : item));
}

/** The top-level categories whose items a page's pruned sidebar shows, by index. */
export function pageSidebarBranches(items: readonly SidebarItem[], route: Route | string, index?: SidebarRouteIndex): number[] {
  return items.flatMap((item, i) => (showsItems(item, route, index) ? [i] : []));
}

/** The pruned sidebar of the page at `route`, from the skeleton and the branches `pageSidebarBranches` named. */
export function assemblePageSidebar(skeleton: readonly SidebarItem[], branches: ReadonlyMap<number, SidebarItem>, route: Route | string): SidebarItem[] {
  return pruneSidebar(skeleton.map((item, i) => branches.get(i) ?? item), route);
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
  return items.findIndex((item) => item.type === 'category' && (crumb.href !== undefined ? item.href === crumb.href : item.label === crumb.label));
}

/** The index of the top-level item that is, or contains, `category` (compared by identity), or -1. */
export function findSidebarBranchOf(items: readonly SidebarItem[], category: SidebarItem): number {
  const contains = (item: SidebarItem): boolean => item === category || (item.type === 'category' && item.items.some(contains));
  return items.findIndex(contains);
}
