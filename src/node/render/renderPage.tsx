/** Renders one page model to a complete HTML document (server side of the hydrated React app). */
import type { ComponentType } from 'react';
import { renderToString } from './reactServer.js';
import { ServerSidebarSlotContext } from '@theme-original/DocPage';
import { type HtmlParts, renderCachedSidebar, type SidebarHtmlCache } from './sidebarCache.js';
import { escapeAttribute, escapeHtml } from '../../shared/html.js';
import {
  DEFAULT_LOCALE,
  type HeadTag,
  type PageModel,
  type SidebarItem,
  type ThemeSettings,
} from '../../shared/types.js';
import { App } from '../../theme/App/index.js';
import { ANNOUNCEMENT_DISMISS_KEY, ANNOUNCEMENT_ID_KEY } from '../../theme/AnnouncementBar/index.js';

export interface RenderPageInput {
  readonly page: PageModel;
  readonly site: ThemeSettings;
  readonly sidebar: readonly SidebarItem[];
  readonly stylesheets: readonly string[];
  readonly scripts: readonly string[];
  /** The chunks the scripts import statically: preloaded at low priority (see bundleClient). */
  readonly modulePreloads?: readonly string[];
  /** JSON the browser runtime boots from; written into a `type="application/json"` script. */
  readonly bootJson: string;
  /**
   * Sidebar HTML shared by the pages with one key (one cache per build; the key from sidebarShapeKeys: pages held by
   * the same categories); without it each page renders its own.
   */
  readonly sidebarCache?: { readonly cache: SidebarHtmlCache; readonly key: string };
  /** Data files the browser runtime fetches before hydrating (the sidebar's): fetched early with a preload. */
  readonly preloads?: readonly string[];
  /** A custom page's component (the default export of its module). */
  readonly pageComponent?: ComponentType | undefined;
}

/** Makes JSON safe inside a `<script>` element (no `</script>` or `<!--` can appear). */
export function escapeJsonForScript(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The inline head script that picks the colour mode before first paint: the saved `theme` when the switch is
 * enabled, else the system preference when respected, else the default.
 */
export function buildColorModeScript(colorMode: ThemeSettings['colorMode']): string {
  const steps = [`var t=${JSON.stringify(colorMode.defaultMode)};`];
  if (colorMode.respectPrefersColorScheme) {
    steps.push(`if(window.matchMedia)t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';`);
  }
  if (!colorMode.disableSwitch) {
    steps.push(`try{var s=localStorage.getItem('theme');if(s==='light'||s==='dark')t=s}catch(e){}`);
  }
  steps.push(`document.documentElement.setAttribute('data-theme',t);`);
  return `(function(){${steps.join('')}})();`;
}

/** The inline head script that hides a dismissed announcement bar before first paint (a new id resets it). */
export function buildAnnouncementScript(bar: ThemeSettings['announcementBar']): string {
  if (!bar?.isCloseable) return '';
  const id = JSON.stringify(bar.id);
  const keys = `var k=${JSON.stringify(ANNOUNCEMENT_DISMISS_KEY)},i=${JSON.stringify(ANNOUNCEMENT_ID_KEY)};`;
  return (
    `(function(){try{${keys}if(localStorage.getItem(i)!==${id}){localStorage.setItem(i,${id});localStorage.removeItem(k)}` +
    `else if(localStorage.getItem(k)==='true')document.documentElement.setAttribute('data-announcement-bar-initially-dismissed','true')}catch(e){}})();`
  );
}

/** Both head scripts, ready to inline; `<` is escaped so the text cannot close its script element. */
export function buildHeadScript(site: ThemeSettings): string {
  return (buildColorModeScript(site.colorMode) + buildAnnouncementScript(site.announcementBar)).replace(
    /</g,
    '\\u003c',
  );
}

function renderHeadTag(tag: HeadTag): string {
  const attributes = Object.entries(tag.attributes)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  return `<${tag.tag}${attributes}>`;
}

function hasDescriptionMeta(head: readonly HeadTag[]): boolean {
  return head.some((tag) => tag.tag === 'meta' && tag.attributes.name === 'description');
}

const LEADING_PRELOAD = /^<link rel="preload"[^>]*\/>/;

/**
 * React 19 writes `<link rel="preload">` hints for images at the start of its output; with renderToString they would
 * land inside #__wiki, so they move to the head, where they belong (hydration ignores them either way).
 */
function splitResourceHints(html: string): { resourceHints: string[]; appHtml: string } {
  const resourceHints: string[] = [];
  let rest = html;
  for (let match = LEADING_PRELOAD.exec(rest); match; match = LEADING_PRELOAD.exec(rest)) {
    resourceHints.push(match[0].replace(/\/>$/, '>'));
    rest = rest.slice(match[0].length);
  }
  return { resourceHints, appHtml: rest };
}

// Where the sidebar goes when it comes from the cache (never in a note: the sidebar precedes the content).
const SIDEBAR_SLOT = '\u0001wiki-sidebar-slot\u0001';

/** The app's HTML; with a sidebar cache, the sidebar's pieces go between the HTML before and after it. */
function renderApp(input: RenderPageInput): readonly [string, ...HtmlParts] {
  const { page, site, sidebar, pageComponent, sidebarCache } = input;
  const app = <App page={page} site={site} sidebar={sidebar} pageComponent={pageComponent} />;
  if (!sidebarCache || page.kind !== 'doc' || sidebar.length === 0) return [renderToString(app)];
  const html = renderToString(
    <ServerSidebarSlotContext.Provider value={SIDEBAR_SLOT}>{app}</ServerSidebarSlotContext.Provider>,
  );
  const at = html.indexOf(SIDEBAR_SLOT);
  if (at === -1) return [html]; // an overridden DocPage rendered its own sidebar
  return [
    html.slice(0, at),
    ...renderCachedSidebar(sidebarCache.cache, sidebarCache.key, page, site, sidebar),
    html.slice(at + SIDEBAR_SLOT.length),
  ];
}

/**
 * A full HTML document for one page, in pieces to write one after another: head (title, meta, links, colour-mode
 * script, CSS) and the rendered app, whose sidebar may be bytes shared with other pages.
 */
export function renderPageParts(input: RenderPageInput): HtmlParts {
  const { page, site, stylesheets, scripts, bootJson } = input;
  const [first, ...rest] = renderApp(input);
  const { resourceHints, appHtml } = splitResourceHints(first);
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(page.documentTitle)}</title>`,
    ...(site.favicon ? [`<link rel="icon" href="${escapeAttribute(site.favicon)}">`] : []),
    ...(page.description && !hasDescriptionMeta(page.head)
      ? [`<meta name="description" content="${escapeAttribute(page.description)}">`]
      : []),
    ...page.head.map(renderHeadTag),
    `<script>${buildHeadScript(site)}</script>`,
    // The stylesheet is the only request first paint waits for: requested first, it takes the document's connection.
    ...stylesheets.map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`),
    ...resourceHints,
    // `crossorigin` gives the preload the credentials mode of a default fetch(), so the fetch reuses it.
    ...(input.preloads ?? []).map(
      (href) => `<link rel="preload" href="${escapeAttribute(href)}" as="fetch" crossorigin fetchpriority="low">`,
    ),
  ];
  const locale = site.locale ?? DEFAULT_LOCALE;
  const tail = [
    `<script id="__wiki-boot" type="application/json">${escapeJsonForScript(bootJson)}</script>`,
    // Low priority: the page is readable before its script runs, which only hydrates it. Without the preloads, the
    // script's imports would be fetched at high priority, and first paint would wait for them.
    ...(input.modulePreloads ?? []).map(
      (href) => `<link rel="modulepreload" href="${escapeAttribute(href)}" fetchpriority="low">`,
    ),
    ...scripts.map((src) => `<script type="module" src="${escapeAttribute(src)}" fetchpriority="low"></script>`),
  ];
  const opening =
    `<!doctype html>\n<html lang="${escapeAttribute(locale.htmlLang)}" dir="${locale.direction}" data-theme="${site.colorMode.defaultMode}">\n` +
    `<head>\n${head.join('\n')}\n</head>\n<body>\n<div id="__wiki">${appHtml}`;
  return [opening, ...rest, `</div>\n${tail.join('\n')}\n</body>\n</html>\n`];
}

/** A full HTML document for one page, as one string. */
export function renderPageHtml(input: RenderPageInput): string {
  return renderPageParts(input)
    .map((part) =>
      typeof part === 'string' ? part : Buffer.from(part.buffer, part.byteOffset, part.byteLength).toString('utf8'),
    )
    .join('');
}
