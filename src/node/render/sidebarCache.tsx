/**
 * Sidebar HTML rendered once per sidebar key (sidebarShapeKeys) instead of once per page: pages held by the same
 * categories share every expanded category, so only the active link differs. Each such sidebar is kept as UTF-8
 * bytes with no link marked active, and a page's sidebar is three pieces: the bytes up to its link, the link's
 * active attributes, the rest. Its bytes are then never copied or encoded again per page: the sidebar is about half
 * of a page, and copying it into every page's string was the cost that grew with the sidebar's top level. A branch's
 * sidebar is itself put together from its top-level items' HTML: an item outside the page renders the same on every
 * page, so it is rendered once a build and only the item holding the page is rendered per branch (figures:
 * bench/README.md). test/corpus/sidebarCache.test.ts renders every page of the real corpus both ways and compares. In a wide list (see SIDEBAR_WIDE_LIST) the pages of one window block
 * share a sidebar: 10,000 notes in one folder render 1,250 sidebars of about 30 items, not 10,000 of 10,000.
 */
import type { ReactElement } from 'react';
import { renderToString } from './reactServer.js';
import { Sidebar } from '@theme/Sidebar';
import { escapeAttribute } from '../../shared/html.js';
import { RecentMap } from '../../shared/recentMap.js';
import { sidebarItemContains } from '../../shared/sidebar.js';
import type { DocPageModel, SidebarItem, ThemeSettings } from '../../shared/types.js';
import { ThemeContextProvider } from '../../theme/ThemeContext/index.js';
import { routeHref } from '../../theme/utils/index.js';

/** HTML in pieces, written one after another: text, or bytes shared by many pages. */
export type HtmlParts = readonly (string | Uint8Array)[];

/** A branch's sidebar with no active link, and where each of its links' ` href` attribute starts (a byte offset). */
interface BranchSidebar {
  readonly bytes: Buffer;
  /** Link href (as escaped in the HTML) -> offset of `" href="<href>"` after its class; -1 for an href linked twice. */
  readonly links: ReadonlyMap<string, number>;
}

/** The sidebar cut around its top-level items (`<nav><ul>` and `</ul></nav>`), and those items' HTML by index. */
interface SidebarPieces {
  readonly before: string;
  readonly after: string;
  /** Top-level item index -> its HTML on pages outside it. */
  readonly items: Map<number, string>;
  /** Whether a sidebar put together from pieces was compared with a full render (once a build). */
  verified: boolean;
}

/** One build's cache (one per thread that renders pages). */
export interface SidebarHtmlCache {
  /** Sidebar key (sidebarShapeKeys) -> that sidebar, or null where the markup was not as expected: the recent ones. */
  readonly branches: RecentMap<string, BranchSidebar | null>;
  /** How many branch sidebars were rendered (each key once, when pages come in sidebar order). */
  branchesRendered: number;
  /** Undefined until the first sidebar; null when this theme's sidebar cannot be put together from its items. */
  pieces: SidebarPieces | null | undefined;
}

/**
 * Branch sidebars kept at once. Pages come in sidebar order, so a branch's pages come together, apart from a
 * category's notes listed after its subcategories: with 64 kept the real corpus renders each branch once. Each kept
 * sidebar is most of a page's bytes, so keeping every branch would hold memory that grows with the site.
 */
export const RECENT_BRANCHES = 64;

export function createSidebarHtmlCache(): SidebarHtmlCache {
  return { branches: new RecentMap(RECENT_BRANCHES), branchesRendered: 0, pieces: undefined };
}

/** The sidebar's HTML for a page, from the cache when another page with its sidebar key was rendered. */
export function renderCachedSidebar(
  cache: SidebarHtmlCache,
  key: string,
  page: DocPageModel,
  site: ThemeSettings,
  sidebar: readonly SidebarItem[],
): HtmlParts {
  const href = escapeAttribute(routeHref(site.baseUrl, page.route)); // as the theme's sidebar writes it
  const inSidebar = sidebar.some((item) => sidebarItemContains(item, page.route));
  let branch = cache.branches.get(key);
  if (branch === undefined) {
    const html = renderSidebarFromPieces(cache, page, site, sidebar);
    cache.branchesRendered++;
    branch = neutralSidebar(html, href, inSidebar);
    cache.branches.set(key, branch);
    if (!branch) return [html];
  }
  const parts = branch && markActive(branch, href, inSidebar);
  return parts ?? [renderSidebar(page, site, sidebar)];
}

function renderSidebar(page: DocPageModel, site: ThemeSettings, sidebar: readonly SidebarItem[]): string {
  const element: ReactElement = (
    <ThemeContextProvider value={{ site, route: page.route, hooks: {} }}>
      <Sidebar items={sidebar} activeRoute={page.route} scrollActiveIntoView />
    </ThemeContextProvider>
  );
  return renderToString(element);
}

/**
 * The page's sidebar as the frame around its top-level items, each rendered alone: the items outside the page come
 * from the cache. The first sidebar is also rendered whole and compared, so a theme whose sidebar is more than its
 * items side by side (an override) falls back to whole renders.
 */
function renderSidebarFromPieces(
  cache: SidebarHtmlCache,
  page: DocPageModel,
  site: ThemeSettings,
  sidebar: readonly SidebarItem[],
): string {
  // A wide top level shows a window (see SIDEBAR_WIDE_LIST): its items' positions change from page to page.
  if (sidebar.at(-1)?.type === 'more') return renderSidebar(page, site, sidebar);
  if (cache.pieces === undefined) cache.pieces = sidebarFrame(page, site, sidebar);
  const { pieces } = cache;
  if (!pieces) return renderSidebar(page, site, sidebar);
  const itemHtml = (item: SidebarItem) => {
    const alone = renderSidebar(page, site, [item]);
    return alone.startsWith(pieces.before) && alone.endsWith(pieces.after)
      ? alone.slice(pieces.before.length, alone.length - pieces.after.length)
      : undefined;
  };
  let html = pieces.before;
  for (const [index, item] of sidebar.entries()) {
    const holdsPage = sidebarItemContains(item, page.route);
    const piece = (holdsPage ? undefined : pieces.items.get(index)) ?? itemHtml(item);
    if (piece === undefined) return disablePieces(cache, page, site, sidebar);
    if (!holdsPage) pieces.items.set(index, piece);
    html += piece;
  }
  html += pieces.after;
  if (!pieces.verified) {
    if (html !== renderSidebar(page, site, sidebar)) return disablePieces(cache, page, site, sidebar);
    pieces.verified = true;
  }
  return html;
}

function disablePieces(
  cache: SidebarHtmlCache,
  page: DocPageModel,
  site: ThemeSettings,
  sidebar: readonly SidebarItem[],
): string {
  cache.pieces = null;
  return renderSidebar(page, site, sidebar);
}

/** What a sidebar of no items and one of the first item share at each end: the frame around the items. */
function sidebarFrame(page: DocPageModel, site: ThemeSettings, sidebar: readonly SidebarItem[]): SidebarPieces | null {
  if (sidebar.length === 0) return null;
  const empty = renderSidebar(page, site, []);
  const one = renderSidebar(page, site, sidebar.slice(0, 1));
  let common = 0;
  while (common < empty.length && empty[common] === one[common]) common++;
  const before = empty.slice(0, common);
  const after = empty.slice(common);
  return one.endsWith(after) && one.length > empty.length ? { before, after, items: new Map(), verified: false } : null;
}

const ACTIVE = ' menu__link--active';
const CURRENT = ' aria-current="page"';
const LINK_START = '<a class="menu__link';

/** The branch's sidebar without its active link (rendered for the page at `href`); null when the markup is unexpected. */
function neutralSidebar(html: string, href: string, inSidebar: boolean): BranchSidebar | null {
  let neutral = html;
  if (inSidebar) {
    const activeTail = `${ACTIVE}" href="${href}"${CURRENT}`;
    const at = html.indexOf(activeTail);
    if (at === -1 || html.indexOf(activeTail, at + 1) !== -1) return null;
    neutral = `${html.slice(0, at)}" href="${href}"${html.slice(at + activeTail.length)}`;
  }
  if (neutral.includes(ACTIVE) || neutral.includes(CURRENT)) return null;
  const bytes = Buffer.from(neutral);
  return { bytes, links: indexLinks(neutral, bytes) };
}

/**
 * Every sidebar link's href and the byte offset where its class attribute ends (`" href="...`): string searches once
 * a branch, cheaper than a regular expression over every page's sidebar or Buffer searches per link. Each href is
 * decoded from the bytes: a slice of the string would keep the whole string alive beside its bytes.
 */
function indexLinks(html: string, bytes: Buffer): Map<string, number> {
  const links = new Map<string, number>();
  const ascii = !NON_ASCII.test(html);
  const byteLength = (from: number, to: number) => (ascii ? to - from : Buffer.byteLength(html.slice(from, to)));
  let counted = 0; // html[0, counted) is `offset` bytes of UTF-8
  let offset = 0;
  for (let open = html.indexOf(LINK_START); open !== -1; open = html.indexOf(LINK_START, open + 1)) {
    const classEnd = html.indexOf('"', open + '<a class="'.length);
    if (classEnd === -1 || !html.startsWith(HREF, classEnd)) continue;
    const hrefStart = classEnd + HREF.length;
    const hrefEnd = html.indexOf('"', hrefStart);
    offset += byteLength(counted, classEnd);
    counted = classEnd;
    const hrefBytes = offset + HREF.length;
    const href = bytes.toString('utf8', hrefBytes, hrefBytes + byteLength(hrefStart, hrefEnd));
    links.set(href, links.has(href) ? -1 : offset);
  }
  return links;
}

const HREF = '" href="';
const NON_ASCII = /[^\0-\x7f]/;

/** The page's sidebar: the branch's bytes with the link to `href` marked active; undefined if that cannot be exact. */
function markActive(branch: BranchSidebar, href: string, inSidebar: boolean): HtmlParts | undefined {
  const at = branch.links.get(href);
  if (!inSidebar) return at === undefined ? [branch.bytes] : undefined;
  if (at === undefined || at === -1) return undefined;
  const plain = `" href="${href}"`;
  return [
    branch.bytes.subarray(0, at),
    `${ACTIVE}${plain}${CURRENT}`,
    branch.bytes.subarray(at + Buffer.byteLength(plain)),
  ];
}
