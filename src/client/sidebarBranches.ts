/**
 * The sidebar beyond what a page's HTML carried: each top-level category is its own small JSON file, fetched once
 * when a navigation lands in it or the reader opens one of its unloaded categories. The tree is never fetched whole.
 */
import { findSidebarBranch, findSidebarBranchOf, sidebarHasLoadedRoute } from '../shared/sidebar.js';
import type { PageModel, SidebarCategory, SidebarItem } from '../shared/types.js';
import type { RuntimeContext } from './context.js';

const withBranch = (tree: readonly SidebarItem[], index: number, branch: SidebarItem) => tree.map((item, i) => (i === index ? branch : item));

/**
 * The tree to show with `page`: as it is when it already holds the page, else with the page's top-level branch
 * loaded. A branch that fails to load is not fatal: the sidebar shows what it has and its loader offers Retry.
 */
export async function sidebarForPage(ctx: RuntimeContext, page: PageModel): Promise<readonly SidebarItem[]> {
  const tree = ctx.store.get().sidebar;
  if (page.kind !== 'doc' || sidebarHasLoadedRoute(tree, page.route)) return tree;
  const index = findSidebarBranch(tree, page.breadcrumbs[0]);
  if (index < 0) return tree;
  try {
    const branch = await ctx.loadSidebarBranch(index);
    return withBranch(ctx.store.get().sidebar, index, branch);
  } catch (error) {
    console.warn('Could not load the sidebar for this page:', error);
    return ctx.store.get().sidebar;
  }
}

/** Loads the items of a category that the page's HTML left out, and shows them; rejects when they cannot be loaded. */
export async function loadSidebarItems(ctx: RuntimeContext, category: SidebarCategory): Promise<void> {
  const index = findSidebarBranchOf(ctx.store.get().sidebar, category);
  if (index < 0) return;
  const branch = await ctx.loadSidebarBranch(index);
  const state = ctx.store.get();
  ctx.store.set({ ...state, sidebar: withBranch(state.sidebar, index, branch) });
}
