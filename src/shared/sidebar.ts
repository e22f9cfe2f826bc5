import type { Route } from './paths.js';
import type { SidebarItem } from './types.js';

/** Whether a sidebar item is, or contains, the link to `route`. */
export function sidebarItemContains(item: SidebarItem, route: Route | string): boolean {
  if (item.href === route) return true;
  return item.type === 'category' && item.items.some((child) => sidebarItemContains(child, route));
}

/**
 * The sidebar a page's HTML carries: every top-level item, and the children of the categories on the
 * way to the current page only; other categories are marked `unloaded` (the browser fetches the full tree).
 */
export function pruneSidebar(items: readonly SidebarItem[], route: Route | string): SidebarItem[] {
  return items.map((item) => {
    if (item.type !== 'category') return item;
    if (sidebarItemContains(item, route) || !item.collapsed) return { ...item, items: pruneSidebar(item.items, route) };
    return { ...item, items: [], unloaded: true };
  });
}
