/**
 * The browser's side of wide sidebar lists (more than SIDEBAR_WIDE_LIST items): the tree it holds shows a window of
 * each, closed by a `more` entry. Pure functions over that tree: move a window to the page shown, merge what a file
 * brings into what is loaded, put a whole list in place of its window. They run in the navigation chunk only.
 */
import {
  childSidebarList,
  fullIndicesOf,
  isSidebarPlaceholder,
  ROOT_SIDEBAR_LIST,
  SIDEBAR_CHUNK_SIZE,
  SIDEBAR_WIDE_LIST,
  sidebarWindowRanges,
  type SidebarChunkFiles,
  type SidebarWindowRef,
} from '../shared/sidebar.js';
import type { SidebarItem } from '../shared/types.js';

/**
 * An item as a file brings it again, merged into the one the tree holds: what the held one has loaded and the file
 * has not (an opened category, a window, a whole list) is kept; what it left out (closed categories) comes from the file.
 */
export function mergeLoadedItem(held: SidebarItem | undefined, fresh: SidebarItem): SidebarItem {
  if (
    !held ||
    held.type !== 'category' ||
    fresh.type !== 'category' ||
    held.unloaded ||
    held.label !== fresh.label ||
    held.href !== fresh.href
  )
    return fresh;
  if (fresh.unloaded || isSidebarPlaceholder(fresh.items)) return held;
  return { ...fresh, items: mergeLoadedList(held.items, fresh.items) };
}

/** A whole list from files (`fresh`, every item), merged item by item into the list held, which may be a window. */
export function mergeLoadedList(held: readonly SidebarItem[], fresh: readonly SidebarItem[]): SidebarItem[] {
  const heldAt = itemsByFullIndex(held);
  return fresh.map((item, at) => mergeLoadedItem(heldAt.get(at), item));
}

/** The items of a list as held (a window: its `more` entry left out), by index in the whole list. */
function itemsByFullIndex(items: readonly SidebarItem[]): Map<number, SidebarItem> {
  return new Map(fullIndicesOf(items).map((at, position) => [at, items[position]!]));
}

/**
 * The tree with the windows of a page's data (`sidebarWindows`) in place: each of those lists shows the items around
 * the page's, from the chunk files loaded, merged into what it held. A list shown whole stays whole.
 */
export function applySidebarWindows(
  tree: readonly SidebarItem[],
  refs: readonly SidebarWindowRef[],
  chunks: SidebarChunkFiles,
): SidebarItem[] {
  const byList = new Map(refs.map((ref) => [ref.list, ref]));
  return [...windowList(tree, ROOT_SIDEBAR_LIST, byList, chunks)];
}

function windowList(
  items: readonly SidebarItem[],
  list: string,
  refs: ReadonlyMap<string, SidebarWindowRef>,
  chunks: SidebarChunkFiles,
): readonly SidebarItem[] {
  const ref = refs.get(list);
  const loaded = chunks.get(list);
  const current = ref && loaded ? moveWindow(items, ref, loaded) : items;
  const indices = fullIndicesOf(current);
  const next = current.map((item, position) => {
    if (item.type !== 'category' || item.unloaded) return item; // its branch file comes first
    const inner = windowList(item.items, childSidebarList(list, indices[position]!), refs, chunks);
    return inner === item.items ? item : { ...item, items: inner };
  });
  return next.every((item, i) => item === current[i]) ? current : next;
}

/** A list with its window around item `ref.at`, from what it held and the chunk files loaded. */
function moveWindow(
  items: readonly SidebarItem[],
  ref: SidebarWindowRef,
  loaded: ReadonlyMap<number, readonly SidebarItem[]>,
): SidebarItem[] {
  const more = items.at(-1);
  const full: SidebarItem[] = [];
  for (const [at, item] of itemsByFullIndex(items)) full[at] = item;
  for (const [chunk, chunkItems] of loaded) {
    chunkItems.forEach((item, i) => {
      const at = chunk * SIDEBAR_CHUNK_SIZE + i;
      full[at] = mergeLoadedItem(full[at], item);
    });
  }
  if (more?.type !== 'more') return full; // shown whole: it stays whole
  const shown = sidebarWindowRanges(more.total, ref.at);
  const kept = shown.flatMap(([start, end]) => full.slice(start, end).filter((item) => item !== undefined));
  return [...kept, { ...more, shown }];
}

/** The full index of the top-level item at `position` of the tree held (the top level may be a window). */
export function fullTopLevelIndex(tree: readonly SidebarItem[], position: number): number {
  return fullIndicesOf(tree)[position] ?? position;
}

/** One step of the way from the top level to an item: the list it is in, its position there and its full index. */
export interface SidebarStep {
  readonly list: string;
  readonly position: number;
  readonly at: number;
  /** Whether the list is wide (windowed, or shown whole): its items come from its chunk files. */
  readonly wide: boolean;
}

/** The way to `target` (compared by identity), or undefined when the tree does not hold it. */
export function findSidebarPath(
  items: readonly SidebarItem[],
  target: SidebarItem,
  list = ROOT_SIDEBAR_LIST,
): SidebarStep[] | undefined {
  const indices = fullIndicesOf(items);
  const wide = items.at(-1)?.type === 'more' || items.length > SIDEBAR_WIDE_LIST;
  for (const [position, item] of items.entries()) {
    const step: SidebarStep = { list, position, at: indices[position] ?? position, wide };
    if (item === target) return [step];
    if (item.type !== 'category') continue;
    const rest = findSidebarPath(item.items, target, childSidebarList(list, step.at));
    if (rest) return [step, ...rest];
  }
  return undefined;
}

/** The tree with the item at the end of `path` replaced by `replace(item)`. */
export function replaceSidebarItem(
  items: readonly SidebarItem[],
  path: readonly SidebarStep[],
  replace: (item: SidebarItem) => SidebarItem,
): SidebarItem[] {
  const [step, ...rest] = path;
  if (!step) return [...items];
  return items.map((item, position) => {
    if (position !== step.position) return item;
    if (rest.length === 0) return replace(item);
    return item.type === 'category' ? { ...item, items: replaceSidebarItem(item.items, rest, replace) } : item;
  });
}

/** The tree with list `list` (as SidebarMore.list names it) replaced by `replace(items)`; as it was when not held. */
export function replaceSidebarList(
  items: readonly SidebarItem[],
  list: string,
  replace: (items: readonly SidebarItem[]) => readonly SidebarItem[],
  id = ROOT_SIDEBAR_LIST,
): readonly SidebarItem[] {
  if (id === list) return replace(items);
  const indices = fullIndicesOf(items);
  const next = items.map((item, position) => {
    if (item.type !== 'category') return item;
    const inner = replaceSidebarList(item.items, list, replace, childSidebarList(id, indices[position]!));
    return inner === item.items ? item : { ...item, items: inner };
  });
  return next.every((item, i) => item === items[i]) ? items : next;
}

/** Where a category's items come from: the chunk of the innermost wide list on its way, else its top-level branch file. */
export function sidebarSourceOf(path: readonly SidebarStep[]): {
  readonly depth: number;
  readonly list?: string;
  readonly chunk?: number;
  readonly at: number;
} {
  for (let depth = path.length - 1; depth > 0; depth--) {
    const step = path[depth]!;
    if (step.wide) return { depth, list: step.list, chunk: Math.floor(step.at / SIDEBAR_CHUNK_SIZE), at: step.at };
  }
  return { depth: 0, at: path[0]?.at ?? -1 };
}
