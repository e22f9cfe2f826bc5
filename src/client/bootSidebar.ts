/**
 * The sidebar a page was rendered with, rebuilt before hydration: the skeleton (the top level, one hashed file that
 * every page shares) with the branch files the boot data names, both preloaded by the page's head. Shipping the
 * pruned tree inline instead cost 15 KB in every page of the real corpus.
 */
import type { BootData } from '../shared/runtime.js';
import { assemblePageSidebar } from '../shared/sidebar.js';
import type { SidebarItem } from '../shared/types.js';

/** Loads the page's sidebar; the branch loads go into `branches`, where later navigations find them. */
export async function loadBootSidebar(boot: BootData, branches: Map<number, Promise<SidebarItem>>): Promise<SidebarItem[]> {
  const indices = boot.sidebarBranches;
  if (!indices) return [];
  const { sidebarBranchUrl, sidebarSkeletonUrl } = boot.runtime;
  for (const index of indices) branches.set(index, fetchJson<SidebarItem>(`${sidebarBranchUrl}${index}.json`));
  const [skeleton, ...loaded] = await Promise.all([fetchJson<SidebarItem[]>(sidebarSkeletonUrl), ...indices.map((index) => branches.get(index)!)]);
  return assemblePageSidebar(skeleton, new Map(indices.map((index, i) => [index, loaded[i]!])), boot.page.route);
}

// A default fetch (same-origin credentials), as the head's `<link rel="preload" as="fetch" crossorigin>` made it.
async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`The sidebar file ${url} answered HTTP ${response.status}.`);
  return (await response.json()) as T;
}
