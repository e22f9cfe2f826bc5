/**
 * The navigation chunk (loaded lazily): fetch the page data (and the sidebar branch it needs), then switch the
 * address, head and view together, then scroll; back/forward the same way. When the data cannot be loaded, a warning
 * is logged and the browser loads the page normally. It imports nothing the entry imports (see context.ts).
 */
import type { PageModel } from '../shared/types.js';
import type { RuntimeContext } from './context.js';
import { updateHead } from './head.js';
import { loadPageData } from './pageData.js';
import { startProgressBar } from './progressBar.js';
import { sidebarForPage } from './sidebarBranches.js';

export { loadPageData } from './pageData.js';
export { loadSidebarItems } from './sidebarBranches.js';

/** Dispatched on window after each change of location in place (page, query or hash); analytics listens. */
export const LOCATION_EVENT = 'wiki:location';
const reportLocation = () => window.dispatchEvent(new Event(LOCATION_EVENT));

/** push: a followed link; pop: browser back/forward (the address has changed already); refresh: the same page again. */
export type NavigationMode = 'push' | 'pop' | 'refresh';

interface HistoryState {
  readonly scrollY?: number;
}

const samePage = (a: URL, b: URL) => a.pathname === b.pathname && a.search === b.search;

/** Shows the page at `url`; on failure, warns and loads it normally. */
export async function navigate(ctx: RuntimeContext, url: URL, mode: NavigationMode, scrollY?: number): Promise<void> {
  const nav = ctx.navigation;
  const id = ++nav.id;
  try {
    const shown = await showPage(ctx, { url, mode, scrollY, isCurrent: () => id === nav.id });
    if (!shown) return;
    nav.shownUrl = new URL(window.location.href);
    reportLocation();
    for (const listener of nav.pageListeners) listener();
  } catch (error) {
    if (id !== nav.id) return;
    console.warn(
      `Could not show ${url.pathname} in place (${error instanceof Error ? error.message : String(error)}); loading it as a normal page.`,
    );
    if (mode === 'push') window.location.assign(url.href);
    else window.location.reload();
  }
}

/** Back/forward: another page is loaded in place; within the page (anchors, the drawer's entry) only the scroll moves. */
export async function onPopState(ctx: RuntimeContext, rawState: unknown): Promise<void> {
  const url = new URL(window.location.href);
  const state = rawState as HistoryState | null;
  const shown = ctx.navigation.shownUrl;
  if (!samePage(url, shown)) return navigate(ctx, url, 'pop', state?.scrollY);
  if (url.hash !== shown.hash) {
    ctx.navigation.shownUrl = url;
    scrollAfterNavigation(url, url.hash ? undefined : state?.scrollY);
    reportLocation();
  }
}

interface ShowRequest {
  readonly url: URL;
  readonly mode: NavigationMode;
  readonly scrollY?: number | undefined;
  /** False once a newer navigation has started: this one then changes nothing. */
  readonly isCurrent: () => boolean;
}

/** Loads and shows the page; resolves false when a newer navigation took over. */
async function showPage(ctx: RuntimeContext, request: ShowRequest): Promise<boolean> {
  const route = ctx.routeOf(request.url.pathname);
  if (route === undefined) throw new Error(`it is outside the site (${ctx.settings.baseUrl})`);
  if (ctx.settings.fullPageRoutes.includes(route)) {
    // The search page has no page data: going there is a normal page load, and not worth a warning.
    if (request.mode === 'push') window.location.assign(request.url.href);
    else window.location.reload();
    return false;
  }
  const previous = ctx.store.get().page;
  const progress = route === previous.route ? undefined : startProgressBar();
  try {
    const page = await loadPageData(ctx, route, request.mode === 'refresh');
    if (inOtherSidebar(ctx, page)) {
      // Its sidebar's files are not the ones this page booted with: a normal page load brings them.
      if (request.mode === 'push') window.location.assign(request.url.href);
      else window.location.reload();
      return false;
    }
    const sidebar = await sidebarForPage(ctx, page);
    if (!request.isCurrent()) return false;
    if (request.mode === 'push') ctx.pushHistory(request.url);
    // The head first: a crash while rendering then leaves the error boundary's 'Page Error' title in place.
    updateHead(previous, page);
    ctx.commit({ page, sidebar });
    if (request.mode !== 'refresh') scrollAfterNavigation(request.url, request.scrollY);
    return true;
  } finally {
    progress?.done();
  }
}

/** Whether the page shows another sidebar than the one this page booted with (a site with several sidebars). */
function inOtherSidebar(ctx: RuntimeContext, page: PageModel): boolean {
  const booted = ctx.settings.sidebarId;
  return booted !== undefined && page.kind === 'doc' && (page.sidebarId ?? '') !== booted;
}

/** To the saved position (back/forward), else the element named by the hash, else the top (SPEC §2). */
function scrollAfterNavigation(url: URL, savedY: number | undefined): void {
  if (savedY !== undefined) {
    window.scrollTo(0, savedY);
    return;
  }
  const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
}
