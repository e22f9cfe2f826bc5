/**
 * The sidebar a page was rendered with, rebuilt before hydration: the skeleton (the top level, one hashed file that
 * every page shares) with the branch files the boot data names, both preloaded by the page's head. Shipping the
 * pruned tree inline instead cost 15 KB in every page of the real corpus. The branch loader made here is also the
 * one later navigations use (through the runtime context), so a branch is fetched once.
 */
import type { BootData } from '../shared/runtime.js';
import {
  assemblePageSidebar,
  type PageSidebarWindows,
  sidebarChunkFile,
  type SidebarChunkFiles,
} from '../shared/sidebar.js';
import type { SidebarItem } from '../shared/types.js';

/** Loads top-level category `index` once; a failed load is forgotten, so the next call retries it. */
export type SidebarBranchLoader = (index: number) => Promise<SidebarItem>;

export function createSidebarBranchLoader(branchUrl: string): SidebarBranchLoader {
  const branches = new Map<number, Promise<SidebarItem>>();
  return (index) => {
    const cached = branches.get(index);
    if (cached) return cached;
    const loading = fetchSidebarFile<SidebarItem>(`${branchUrl}${index}.json`);
    branches.set(index, loading);
    loading.catch(() => branches.delete(index));
    return loading;
  };
}

/**
 * Loads the page's sidebar: the skeleton, the branches the boot data names through `loadBranch`, and the chunk files
 * of the wide lists it shows a window of (`sidebarWindows` in the page's data, on those pages only).
 */
export async function loadBootSidebar(boot: BootData, loadBranch: SidebarBranchLoader): Promise<SidebarItem[]> {
  const indices = boot.sidebarBranches;
  if (!indices) return [];
  const filesUrl = boot.runtime.sidebarBranchUrl;
  const windows = (boot.page as BootData['page'] & PageSidebarWindows).sidebarWindows ?? [];
  const wanted = windows.flatMap((window) => window.chunks.map((chunk) => [window.list, chunk] as const));
  const [skeleton, loaded, chunkItems] = await Promise.all([
    fetchSidebarFile<SidebarItem[]>(boot.runtime.sidebarSkeletonUrl),
    Promise.all(indices.map(loadBranch)),
    Promise.all(
      wanted.map(([list, chunk]) => fetchSidebarFile<SidebarItem[]>(`${filesUrl}${sidebarChunkFile(list, chunk)}`)),
    ),
  ]);
  const chunks = new Map<string, Map<number, readonly SidebarItem[]>>();
  wanted.forEach(([list, chunk], i) =>
    chunks.set(list, (chunks.get(list) ?? new Map<number, readonly SidebarItem[]>()).set(chunk, chunkItems[i]!)),
  );
  return assemblePageSidebar(skeleton, new Map(indices.map((index, i) => [index, loaded[i]!])), boot.page.route, {
    chunks: chunks as SidebarChunkFiles,
    filesUrl,
  });
}

// A default fetch (same-origin credentials), as the head's `<link rel="preload" as="fetch" crossorigin>` made it.
async function fetchSidebarFile<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`The sidebar file ${url} answered HTTP ${response.status}.`);
  return (await response.json()) as T;
}
