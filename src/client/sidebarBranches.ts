/**
 * The sidebar beyond what a page's HTML carried: each top-level category is its own small JSON file, fetched once
 * when a navigation lands in it or the reader opens one of its unloaded categories. The tree is never fetched whole.
 * A wide list (see SIDEBAR_WIDE_LIST) is in chunk files of its own: a navigation loads the chunks of the page's
 * window, and "Show all" every chunk of the list.
 */
import {
  findSidebarBranch,
  type PageSidebarWindows,
  SIDEBAR_CHUNK_SIZE,
  sidebarChunkFile,
  type SidebarChunkFiles,
  sidebarHasLoadedRoute,
} from '../shared/sidebar.js';
import type { PageModel, SidebarCategory, SidebarItem, SidebarMore } from '../shared/types.js';
import type { RuntimeContext } from './context.js';
import {
  applySidebarWindows,
  findSidebarPath,
  fullTopLevelIndex,
  mergeLoadedItem,
  mergeLoadedList,
  replaceSidebarItem,
  replaceSidebarList,
  sidebarSourceOf,
} from './sidebarWindows.js';

/**
 * The tree to show with `page`: as it is when it already holds the page, else with the page's top-level branch
 * loaded and its windows moved to it. What fails to load is not fatal: the sidebar shows what it has and its loader
 * offers Retry.
 */
export async function sidebarForPage(ctx: RuntimeContext, page: PageModel): Promise<readonly SidebarItem[]> {
  const tree = ctx.store.get().sidebar;
  if (page.kind !== 'doc' || sidebarHasLoadedRoute(tree, page.route)) return tree;
  try {
    const refs = (page as PageModel & PageSidebarWindows).sidebarWindows ?? [];
    const chunks = await loadSidebarChunks(
      ctx,
      refs.flatMap((ref) => ref.chunks.map((chunk) => [ref.list, chunk] as const)),
    );
    const windowed = () => applySidebarWindows(ctx.store.get().sidebar, refs, chunks);
    const before = windowed();
    if (sidebarHasLoadedRoute(before, page.route)) return before;
    const position = findSidebarBranch(before, page.breadcrumbs[0]);
    if (position < 0) return before;
    const branch = await ctx.loadSidebarBranch(fullTopLevelIndex(before, position));
    // The store may have changed meanwhile: the windows and the branch go into what it holds now.
    const after = windowed();
    const at = findSidebarBranch(after, page.breadcrumbs[0]);
    if (at < 0) return after;
    return applySidebarWindows(
      after.map((item, i) => (i === at ? mergeLoadedItem(item, branch) : item)),
      refs,
      chunks,
    );
  } catch (error) {
    console.warn('Could not load the sidebar for this page:', error);
    return ctx.store.get().sidebar;
  }
}

/**
 * Loads the items of a category that the page's HTML left out, and shows them; rejects when they cannot be loaded.
 * A list closed by a `more` entry ("Show all") is loaded whole.
 */
export async function loadSidebarItems(ctx: RuntimeContext, category: SidebarCategory): Promise<void> {
  const more = category.items.at(-1);
  if (more?.type === 'more') return showWholeList(ctx, more);
  const path = findSidebarPath(ctx.store.get().sidebar, category);
  if (!path) return;
  const source = sidebarSourceOf(path);
  const fresh =
    source.list !== undefined && source.chunk !== undefined
      ? (await loadSidebarChunks(ctx, [[source.list, source.chunk]])).get(source.list)?.get(source.chunk)?.[
          source.at % SIDEBAR_CHUNK_SIZE
        ]
      : await ctx.loadSidebarBranch(source.at);
  const state = ctx.store.get();
  const now = findSidebarPath(state.sidebar, category);
  if (!fresh || !now) return;
  ctx.store.set({
    ...state,
    sidebar: replaceSidebarItem(state.sidebar, now.slice(0, source.depth + 1), (held) => mergeLoadedItem(held, fresh)),
  });
}

/** Shows every item of the list `more` closes: all its chunk files, merged into what the tree held of it. */
async function showWholeList(ctx: RuntimeContext, more: SidebarMore): Promise<void> {
  const count = Math.ceil(more.total / SIDEBAR_CHUNK_SIZE);
  const chunks = await loadSidebarChunks(
    ctx,
    Array.from({ length: count }, (_unused, chunk) => [more.list, chunk] as const),
  );
  const loaded = chunks.get(more.list);
  const whole = Array.from({ length: count }, (_unused, chunk) => loaded?.get(chunk) ?? []).flat();
  const state = ctx.store.get();
  const sidebar = replaceSidebarList(state.sidebar, more.list, (held) =>
    held.at(-1)?.type === 'more' ? mergeLoadedList(held, whole) : held,
  );
  ctx.store.set({ ...state, sidebar: [...sidebar] });
}

/** Chunk files by list and number (the HTTP cache has those a page preloaded, and they never change: hashed folder). */
async function loadSidebarChunks(
  ctx: RuntimeContext,
  wanted: readonly (readonly [string, number])[],
): Promise<SidebarChunkFiles> {
  const loaded = await Promise.all(
    wanted.map(async ([list, chunk]) => {
      const url = `${ctx.settings.sidebarBranchUrl}${sidebarChunkFile(list, chunk)}`;
      const response = await fetch(url);
      if (response.status !== 200) throw new Error(`The sidebar file ${url} answered HTTP ${response.status}.`);
      return [list, chunk, (await response.json()) as SidebarItem[]] as const;
    }),
  );
  const chunks = new Map<string, Map<number, readonly SidebarItem[]>>();
  for (const [list, chunk, items] of loaded)
    chunks.set(list, (chunks.get(list) ?? new Map<number, readonly SidebarItem[]>()).set(chunk, items));
  return chunks;
}
