/**
 * Prefetching of page data (SPEC §2, §7, §9): on intent (hover, focus, touch) for any site link, and, sparingly, for
 * the previous/next links once they scroll into view, in idle time. Never on 2g or with save-data. A `<link
 * rel=prefetch>` where supported, else a GET with credentials into the page-data cache; success is an HTTP 200.
 */
import type { Route } from '../shared/paths.js';
import type { RuntimeContext } from './context.js';
import { closestLink, routeOfLink } from './links.js';
import type { Router } from './router.js';

/** Links prefetched when merely in view: only the previous/next cards, the likeliest next reads. */
const IN_VIEW_SELECTOR = 'a.pagination-nav__link';

interface NetworkInformation {
  readonly saveData?: boolean;
  readonly effectiveType?: string;
}

/** False on a 2g connection or with the data saver on. */
export function canPrefetch(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return !connection || (!connection.saveData && !/2g/.test(connection.effectiveType ?? ''));
}

/** Runs a task when the browser is idle (Safari has no requestIdleCallback: a short timeout instead). */
function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 3000 });
  else setTimeout(task, 300);
}

/** Prefetches one route's data unless already done, current, or the connection is slow; returns whether it is a site link. */
function createPrefetcher(ctx: RuntimeContext, router: Router): (target: EventTarget | null) => boolean {
  const requested = ctx.prefetched;
  const supportsLink = document.createElement('link').relList.supports?.('prefetch') ?? false;
  const prefetch = (route: Route) => {
    const url = ctx.dataUrlOf(route);
    if (!canPrefetch() || route === ctx.store.get().page.route || requested.has(url) || ctx.pageData.has(url)) return;
    requested.add(url);
    const forget = () => requested.delete(url);
    if (!supportsLink) {
      router
        .warm()
        .then((navigation) => navigation.loadPageData(ctx, route))
        .catch(forget);
      return;
    }
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = url;
    link.onerror = forget;
    document.head.append(link);
  };
  return (target) => {
    const anchor = closestLink(target);
    const link = anchor && routeOfLink(anchor, ctx.settings);
    if (link) prefetch(link.route);
    return link !== undefined;
  };
}

/** Watches the previous/next links (again after each navigation) and prefetches them, in idle time, once in view. */
function watchLinksInView(ctx: RuntimeContext, prefetchLink: (target: EventTarget | null) => boolean): void {
  let observer: IntersectionObserver | undefined;
  const observe = () => {
    observer?.disconnect();
    if (!('IntersectionObserver' in window) || !canPrefetch()) return;
    const watching = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        watching.unobserve(entry.target);
        whenIdle(() => prefetchLink(entry.target));
      }
    });
    observer = watching;
    for (const anchor of document.querySelectorAll(IN_VIEW_SELECTOR)) watching.observe(anchor);
  };
  whenIdle(observe);
  ctx.navigation.pageListeners.push(observe);
}

export function installPrefetch(ctx: RuntimeContext, router: Router): void {
  const prefetchLink = createPrefetcher(ctx, router);
  // Intent also fetches the navigation code, so the click that usually follows has nothing left to wait for.
  const onIntent = (event: Event) => {
    if (prefetchLink(event.target) && canPrefetch()) router.warm().catch(() => undefined);
  };
  for (const type of ['pointerover', 'focusin', 'touchstart'])
    document.addEventListener(type, onIntent, { passive: true });
  watchLinksInView(ctx, prefetchLink);
}
