// @jsxRuntime automatic (tsx and esbuild have no root tsconfig to read `jsx: react-jsx` from)
/**
 * Sidebar HTML rendered once per branch instead of once per page: pages whose current item sits in the same
 * category share every expanded category, so only the active link differs, and it is moved with two exact
 * replacements. test/unit/sidebarCache.test.ts renders every page of the real corpus both ways and compares.
 */
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Sidebar } from '@theme/Sidebar';
import { sidebarItemContains } from '../../shared/sidebar.js';
import type { DocPageModel, SidebarItem, ThemeSettings } from '../../shared/types.js';
import { ThemeContextProvider } from '../../theme/ThemeContext/index.js';
import { withBaseUrl } from '../../theme/utils/index.js';

/** One build's cache: branch key -> the sidebar HTML and the href that is active in it. */
export type SidebarHtmlCache = Map<string, { readonly html: string; readonly activeHref: string }>;

export function createSidebarHtmlCache(): SidebarHtmlCache {
  return new Map();
}

/** The sidebar's HTML for a page, from the cache when another page of its branch was rendered. */
export function renderCachedSidebar(cache: SidebarHtmlCache, page: DocPageModel, site: ThemeSettings, sidebar: readonly SidebarItem[]): string {
  const key = branchKey(sidebar, page.route);
  const href = escapeAttribute(withBaseUrl(site.baseUrl, page.route));
  const cached = cache.get(key);
  if (cached) {
    const inSidebar = sidebar.some((item) => sidebarItemContains(item, page.route));
    const moved = moveActiveLink(cached.html, cached.activeHref, href, inSidebar);
    if (moved !== undefined) return moved;
  }
  const html = renderSidebar(page, site, sidebar);
  if (!cached) cache.set(key, { html, activeHref: href });
  return html;
}

function renderSidebar(page: DocPageModel, site: ThemeSettings, sidebar: readonly SidebarItem[]): string {
  const element: ReactElement = (
    <ThemeContextProvider value={{ site, route: page.route, hooks: {} }}>
      <Sidebar items={sidebar} activeRoute={page.route} scrollActiveIntoView />
    </ThemeContextProvider>
  );
  return renderToString(element);
}

/** The categories that hold `route`, outermost first: every page with the same chain has the same expansion. */
function branchKey(items: readonly SidebarItem[], route: string): string {
  const chain: string[] = [];
  let level: readonly SidebarItem[] = items;
  for (;;) {
    const category = level.find((item) => item.type === 'category' && sidebarItemContains(item, route));
    if (!category || category.type !== 'category') return chain.join('\u0000');
    chain.push(`${category.label}\u0001${category.href ?? ''}`);
    level = category.items;
  }
}

const activeLink = (href: string) => new RegExp(`<a class="(menu__link[^"]*?) menu__link--active" href="${escapeRegExp(href)}" aria-current="page"`, 'g');
const inactiveLink = (href: string) => new RegExp(`<a class="(menu__link[^"]*?)" href="${escapeRegExp(href)}"`, 'g');

/** Moves the active marking from one link to another; undefined when the markup is not exactly as expected. */
function moveActiveLink(html: string, fromHref: string, toHref: string, toInSidebar: boolean): string | undefined {
  if (fromHref === toHref) return html;
  const from = activeLink(fromHref);
  if ((html.match(from) ?? []).length !== 1) return undefined;
  const cleared = html.replace(from, `<a class="$1" href="${fromHref}"`);
  const to = inactiveLink(toHref);
  const targets = (cleared.match(to) ?? []).length;
  if (targets !== (toInSidebar ? 1 : 0)) return undefined;
  return targets === 0 ? cleared : cleared.replace(to, `<a class="$1 menu__link--active" href="${toHref}" aria-current="page"`);
}

function escapeAttribute(value: string): string {
  // As React escapes attribute values.
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
