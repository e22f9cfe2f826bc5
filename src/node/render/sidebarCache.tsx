// @jsxRuntime automatic (tsx and esbuild have no root tsconfig to read `jsx: react-jsx` from)
/**
 * Sidebar HTML rendered once per sidebar key (sidebarShapeKeys) instead of once per page: pages held by the same
 * categories share every expanded category, so only the active link differs. Each such sidebar is kept as UTF-8
 * bytes with no link marked active, and a page's sidebar is three pieces: the bytes up to its link, the link's
 * active attributes, the rest. Its bytes are then never copied or encoded again per page: the sidebar is most of a
 * page (35 of 74 KB on the real corpus, 40 of 62 KB on 10,000 synthetic notes), and copying it into every page's
 * string was the cost that grew with the sidebar's top level. test/unit/sidebarCache.test.ts renders every page
 * of the real corpus both ways and compares.
 */
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Sidebar } from '@theme/Sidebar';
import { sidebarItemContains } from '../../shared/sidebar.js';
import type { DocPageModel, SidebarItem, ThemeSettings } from '../../shared/types.js';
import { ThemeContextProvider } from '../../theme/ThemeContext/index.js';
import { withBaseUrl } from '../../theme/utils/index.js';

/** HTML in pieces, written one after another: text, or bytes shared by many pages. */
export type HtmlParts = readonly (string | Uint8Array)[];

/** A branch's sidebar with no active link, and where each of its links' ` href` attribute starts (a byte offset). */
interface BranchSidebar {
  readonly bytes: Buffer;
  /** Link href (as escaped in the HTML) -> offset of `" href="<href>"` after its class; -1 for an href linked twice. */
  readonly links: ReadonlyMap<string, number>;
}

/** One build's cache: sidebar key (sidebarShapeKeys) -> that sidebar, or null where the markup was not as expected. */
export type SidebarHtmlCache = Map<string, BranchSidebar | null>;

export function createSidebarHtmlCache(): SidebarHtmlCache {
  return new Map();
}

/** The sidebar's HTML for a page, from the cache when another page with its sidebar key was rendered. */
export function renderCachedSidebar(cache: SidebarHtmlCache, key: string, page: DocPageModel, site: ThemeSettings, sidebar: readonly SidebarItem[]): HtmlParts {
  const href = escapeAttribute(withBaseUrl(site.baseUrl, page.route));
  const inSidebar = sidebar.some((item) => sidebarItemContains(item, page.route));
  let branch = cache.get(key);
  if (branch === undefined) {
    const html = renderSidebar(page, site, sidebar);
    branch = neutralSidebar(html, href, inSidebar);
    cache.set(key, branch);
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
  return { bytes, links: indexLinks(bytes) };
}

/**
 * Every sidebar link's href and the byte offset where its class attribute ends (`" href="...`). String searches on
 * the bytes, once a branch: a regular expression over every page's sidebar cost ~0.1 s of a corpus build.
 */
function indexLinks(bytes: Buffer): Map<string, number> {
  const links = new Map<string, number>();
  for (let open = bytes.indexOf(LINK_START); open !== -1; open = bytes.indexOf(LINK_START, open + 1)) {
    const classEnd = bytes.indexOf('"', open + '<a class="'.length);
    if (classEnd === -1 || bytes.toString('latin1', classEnd, classEnd + '" href="'.length) !== '" href="') continue;
    const hrefStart = classEnd + '" href="'.length;
    const href = bytes.toString('utf8', hrefStart, bytes.indexOf('"', hrefStart));
    links.set(href, links.has(href) ? -1 : classEnd);
  }
  return links;
}

/** The page's sidebar: the branch's bytes with the link to `href` marked active; undefined if that cannot be exact. */
function markActive(branch: BranchSidebar, href: string, inSidebar: boolean): HtmlParts | undefined {
  const at = branch.links.get(href);
  if (!inSidebar) return at === undefined ? [branch.bytes] : undefined;
  if (at === undefined || at === -1) return undefined;
  const plain = `" href="${href}"`;
  return [branch.bytes.subarray(0, at), `${ACTIVE}${plain}${CURRENT}`, branch.bytes.subarray(at + Buffer.byteLength(plain))];
}

function escapeAttribute(value: string): string {
  // As React escapes attribute values.
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
