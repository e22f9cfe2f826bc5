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

const ACTIVE = ' menu__link--active';
const CURRENT = ' aria-current="page"';

/**
 * Moves the active marking from one link to another; undefined when the markup is not exactly as expected.
 * String searches, not regular expressions: this runs once a page over its whole sidebar (a regular expression
 * scan of every link cost ~0.1 s of a corpus build).
 */
function moveActiveLink(html: string, fromHref: string, toHref: string, toInSidebar: boolean): string | undefined {
  if (fromHref === toHref) return html;
  const active = findLinks(html, fromHref, `${ACTIVE}"`, CURRENT);
  if (active.length !== 1) return undefined;
  const at = active[0]!;
  const activeTail = `${ACTIVE}" href="${fromHref}"${CURRENT}`;
  const cleared = `${html.slice(0, at)}" href="${fromHref}"${html.slice(at + activeTail.length)}`;
  const targets = findLinks(cleared, toHref, '"', '');
  if (targets.length !== (toInSidebar ? 1 : 0)) return undefined;
  if (targets.length === 0) return cleared;
  const to = targets[0]!;
  return `${cleared.slice(0, to)}${ACTIVE}" href="${toHref}"${CURRENT}${cleared.slice(to + `" href="${toHref}"`.length)}`;
}

/**
 * Where sidebar links to `href` end their class attribute: `<a class="menu__link..."` whose class ends with `classEnd`
 * (`"`, or ` menu__link--active"`), then ` href="<href>"` and `after`. Returns where `classEnd` starts, for each.
 */
function findLinks(html: string, href: string, classEnd: string, after: string): number[] {
  const tail = `${classEnd} href="${href}"${after}`;
  const found: number[] = [];
  for (let at = html.indexOf(tail); at !== -1; at = html.indexOf(tail, at + 1)) {
    const open = html.lastIndexOf('<a class="', at);
    const classes = open === -1 ? '' : html.slice(open + '<a class="'.length, at);
    if (classes.startsWith('menu__link') && !classes.includes('"')) found.push(at);
  }
  return found;
}

function escapeAttribute(value: string): string {
  // As React escapes attribute values.
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
