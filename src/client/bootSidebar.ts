/**
 * The sidebar a page was rendered with, rebuilt before hydration: the skeleton (the top level, one hashed file that
 * every page shares) with the branch files the boot data names, both preloaded by the page's head. Shipping the
 * pruned tree inline instead cost 15 KB in every page of the real corpus. The branch loader made here is also the
 * one later navigations use (through the runtime context), so a branch is fetched once.
 */
import type { BootData } from '../shared/runtime.js';
import { assemblePageSidebar } from '../shared/sidebar.js';
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

/** Loads the page's sidebar: the skeleton, and the branches the boot data names through `loadBranch`. */
export async function loadBootSidebar(boot: BootData, loadBranch: SidebarBranchLoader): Promise<SidebarItem[]> {
  const indices = boot.sidebarBranches;
  if (!indices) return [];
  const [skeleton, ...loaded] = await Promise.all([fetchSidebarFile<SidebarItem[]>(boot.runtime.sidebarSkeletonUrl), ...indices.map(loadBranch)]);
  return assemblePageSidebar(skeleton, new Map(indices.map((index, i) => [index, loaded[i]!])), boot.page.route);
}

// A default fetch (same-origin credentials), as the head's `<link rel="preload" as="fetch" crossorigin>` made it.
async function fetchSidebarFile<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`The sidebar file ${url} answered HTTP ${response.status}.`);
  return (await response.json()) as T;
}
