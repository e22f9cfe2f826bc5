/**
 * In-page navigation, the always-loaded part: intercepts link clicks and history moves and hands them to the
 * navigation chunk (lazy, fetched on the first sign of intent), which loads the next page's data and swaps the view.
 * If anything fails, a warning is logged and the browser loads the page normally (SPEC §4, §8).
 */
import { DRAWER_HISTORY_KEY } from '../shared/runtime.js';
import type { SidebarCategory } from '../shared/types.js';
import type { RuntimeContext } from './context.js';
import { closestLink, routeOfLink } from './links.js';

type NavigationChunk = typeof import('./navigation.js');

export interface Router {
  /** Shows the page at `url` in place (falls back to a normal page load). */
  navigate(url: string | URL): Promise<void>;
  /** Loads the current page's data again and re-renders it, keeping the scroll position. */
  refresh(): Promise<void>;
  /** Loads the navigation chunk ahead of a likely click. */
  warm(): Promise<NavigationChunk>;
  loadSidebarItems(category: SidebarCategory): Promise<void>;
}

/** Remembers the position of the page being left, then adds the new entry (replacing the mobile drawer's own entry). */
export function pushHistoryEntry(url: URL): void {
  const state = window.history.state as Record<string, unknown> | null;
  if (state?.[DRAWER_HISTORY_KEY]) {
    window.history.replaceState({}, '', url.href);
    return;
  }
  window.history.replaceState({ ...state, scrollY: window.scrollY }, '');
  window.history.pushState({}, '', url.href);
}

export function installRouter(ctx: RuntimeContext): Router {
  let chunk: Promise<NavigationChunk> | undefined;
  const warm = () =>
    (chunk ??= import('./navigation.js').catch((error: unknown) => {
      chunk = undefined;
      throw error;
    }));
  // A failed chunk load falls back like a failed data load: a normal page load.
  const run = (task: (navigation: NavigationChunk) => Promise<void>, url: URL | string, reload: boolean) =>
    warm().then(task, (error: unknown) => {
      console.warn(`Could not load the navigation code (${String(error)}); loading ${String(url)} as a normal page.`);
      if (reload) window.location.reload();
      else window.location.assign(url);
    });

  document.addEventListener('click', (event) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const anchor = closestLink(event.target);
    const link = anchor && routeOfLink(anchor, ctx.settings);
    if (!link) return;
    const { pathname, search } = window.location;
    const samePage = link.url.pathname === pathname && link.url.search === search;
    if (samePage && link.url.hash !== '') return; // an anchor on this page: the browser scrolls to it
    event.preventDefault();
    if (samePage) window.scrollTo(0, 0);
    else void run((navigation) => navigation.navigate(ctx, link.url, 'push'), link.url, false);
  });
  window.addEventListener('popstate', (event) => {
    void run((navigation) => navigation.onPopState(ctx, event.state), window.location.href, true);
  });
  // Positions are restored by the router once the new content is in; the browser's own restoring would jump first.
  window.history.scrollRestoration = 'manual';
  window.addEventListener('pagehide', () => (window.history.scrollRestoration = 'auto')); // a reload restores it

  return {
    navigate: (url) =>
      run((navigation) => navigation.navigate(ctx, new URL(url, window.location.href), 'push'), url, false),
    refresh: () =>
      run(
        (navigation) => navigation.navigate(ctx, new URL(window.location.href), 'refresh'),
        window.location.href,
        true,
      ),
    warm,
    loadSidebarItems: (category) => warm().then((navigation) => navigation.loadSidebarItems(ctx, category)),
  };
}
