/**
 * The navigation chunk (loaded lazily): fetch the page data (and the sidebar branch it needs), then switch the
 * address, head and view together, then scroll; back/forward the same way. Meanwhile the page shown stays usable, with
 * the progress bar and, after 200 ms, the centred loader (SPEC §4). When the data cannot be loaded or takes too long,
 * the failed state offers Retry; data that does not exist (404) is loaded as a normal page, which shows what the
 * server has there. It imports nothing the entry imports (see context.ts).
 */
import type { PageModel } from '../shared/types.js';
import type { PendingNavigation, RuntimeContext } from './context.js';
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

/** A navigation whose page is not shown after this long has failed: the reader gets Retry rather than a wait. */
export const NAVIGATION_TIMEOUT_MS = 10_000;

/** Shows the page at `url`; on failure, warns and shows the failed state (or loads the page normally, see above). */
export async function navigate(
  ctx: RuntimeContext,
  url: URL,
  mode: NavigationMode,
  scrollY?: number,
  fresh = false,
): Promise<void> {
  const nav = ctx.navigation;
  const id = ++nav.id;
  const isCurrent = () => id === nav.id;
  const route = ctx.routeOf(url.pathname);
  const changesPage = route !== undefined && route !== ctx.store.get().page.route;
  const progress = changesPage ? startProgressBar() : undefined;
  if (changesPage) setPending(ctx, { state: 'loading' });
  try {
    const loading = showPage(ctx, { url, mode, scrollY, fresh, isCurrent });
    loading.catch(() => {}); // after a timeout its failure is nobody's: the race has been lost already
    if (!(await withTimeout(loading, NAVIGATION_TIMEOUT_MS))) {
      if (isCurrent() && ctx.store.get().pending) setPending(ctx, undefined);
      return;
    }
    nav.shownUrl = new URL(window.location.href);
    reportLocation();
    for (const listener of nav.pageListeners) listener();
  } catch (error) {
    if (!isCurrent()) return;
    nav.id++; // the late answer of a timed-out load must not replace the page now
    const message = error instanceof Error ? error.message : String(error);
    if ((error as { code?: unknown }).code === 'MODULE_NOT_FOUND') {
      console.warn(`Could not show ${url.pathname} in place (${message}); loading it as a normal page.`);
      loadNormally(url, mode);
      return;
    }
    console.warn(`Could not show ${url.pathname} (${message}).`);
    const retry = () => void navigate(ctx, url, mode, scrollY, error instanceof NavigationTimeout);
    setPending(ctx, { state: 'failed', path: url.pathname, message, retry });
  } finally {
    progress?.done();
  }
}

/** Sets (or clears, with undefined) the navigation state the root shows over the page. */
function setPending(ctx: RuntimeContext, pending: PendingNavigation | undefined): void {
  const { page, sidebar } = ctx.store.get();
  ctx.store.set(pending ? { page, sidebar, pending } : { page, sidebar });
}

class NavigationTimeout extends Error {}

/** `promise`, or a rejection once `ms` have passed. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer = 0;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = window.setTimeout(() => reject(new NavigationTimeout(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => window.clearTimeout(timer));
}

/** The browser loads the page (a followed link) or loads the address again (back/forward, refresh). */
function loadNormally(url: URL, mode: NavigationMode): void {
  if (mode === 'push') window.location.assign(url.href);
  else window.location.reload();
}

/** Back/forward: another page is loaded in place; within the page (anchors, the drawer's entry) only the scroll moves. */
export async function onPopState(ctx: RuntimeContext, rawState: unknown): Promise<void> {
  const url = new URL(window.location.href);
  const state = rawState as HistoryState | null;
  const shown = ctx.navigation.shownUrl;
  if (!samePage(url, shown)) return navigate(ctx, url, 'pop', state?.scrollY);
  // Back to the page on screen (a back/forward still loading stops itself: see showPage): a failed one is dropped.
  if (ctx.store.get().pending?.state === 'failed') setPending(ctx, undefined);
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
  /** Load the data again even when it is loaded or loading (a Retry after a timeout). */
  readonly fresh: boolean;
  /** False once a newer navigation has started: this one then changes nothing. */
  readonly isCurrent: () => boolean;
}

/** Loads and shows the page; resolves false when a newer navigation took over or the page loads normally. */
async function showPage(ctx: RuntimeContext, request: ShowRequest): Promise<boolean> {
  const route = ctx.routeOf(request.url.pathname);
  if (route === undefined)
    console.warn(`Could not show ${request.url.pathname} in place (it is outside the site ${ctx.settings.baseUrl}).`);
  // The search page has no page data: going there is a normal page load, and not worth a warning.
  if (route === undefined || ctx.settings.fullPageRoutes.includes(route)) {
    loadNormally(request.url, request.mode);
    return false;
  }
  const previous = ctx.store.get().page;
  const page = await loadPageData(ctx, route, request.fresh || request.mode === 'refresh');
  if (!request.isCurrent()) return false;
  if (inOtherSidebar(ctx, page)) {
    // Its sidebar's files are not the ones this page booted with: a normal page load brings them.
    loadNormally(request.url, request.mode);
    return false;
  }
  const sidebar = await sidebarForPage(ctx, page);
  // A back/forward the reader has moved on from (the address is elsewhere now) shows nothing.
  const moved = request.mode === 'pop' && !samePage(new URL(window.location.href), request.url);
  if (!request.isCurrent() || moved) return false;
  if (request.mode === 'push') ctx.pushHistory(request.url);
  // The head first: a crash while rendering then leaves the error boundary's 'Page Error' title in place.
  updateHead(previous, page);
  ctx.commit({ page, sidebar });
  if (request.mode !== 'refresh') scrollAfterNavigation(request.url, request.scrollY);
  return true;
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
