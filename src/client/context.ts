/**
 * The browser runtime's state, created once in main.tsx and passed explicitly to every part (no module singletons).
 * Lazy chunks receive what the entry already has (React's flushSync, the page-data loader) through it: a module
 * imported by both would become a shared chunk that every first load fetches.
 */
import type { Route } from '../shared/paths.js';
import type { RecentMap } from '../shared/recentMap.js';
import type { RuntimeSettings } from '../shared/runtime.js';
import type { PageModel, SidebarItem } from '../shared/types.js';

/** What the React root renders: the page and the sidebar tree as loaded so far. */
export interface ViewState {
  readonly page: PageModel;
  readonly sidebar: readonly SidebarItem[];
  /** A navigation to another page still loading or failed, while this page stays (see navigation.ts). */
  readonly pending?: PendingNavigation;
}

/** The page navigation's state (SPEC §4): loading (the loader after 200 ms), or failed with a Retry. */
export type PendingNavigation =
  | { readonly state: 'loading' }
  | { readonly state: 'failed'; readonly path: string; readonly message: string; readonly retry: () => void };

/** A minimal external store for `useSyncExternalStore`: the router swaps the view by setting it. */
export interface ViewStore {
  get(): ViewState;
  set(next: ViewState): void;
  subscribe(listener: () => void): () => void;
}

export interface RuntimeContext {
  readonly store: ViewStore;
  readonly settings: RuntimeSettings;
  /** Page data by URL, loaded or loading, of the pages last used (a failed load is dropped so it can be retried). */
  readonly pageData: RecentMap<string, Promise<PageModel>>;
  /** Data URLs prefetched with `<link rel=prefetch>` by this page: the HTTP cache has them fresh. */
  readonly prefetched: Set<string>;
  /** Loads a top-level sidebar category by index, once (the loader the page's own sidebar was loaded with). */
  readonly loadSidebarBranch: (index: number) => Promise<SidebarItem>;
  readonly navigation: NavigationState;
  /** The route a URL path names, or undefined outside the site. */
  readonly routeOf: (pathname: string) => Route | undefined;
  /** The URL of a route's page data file. */
  readonly dataUrlOf: (route: Route) => string;
  /** Adds a history entry for `url`, remembering the scroll position of the page being left. */
  readonly pushHistory: (url: URL) => void;
  /** Shows a new view and returns once the DOM has it. */
  readonly commit: (next: ViewState) => void;
}

/** In-page navigation: the latest one wins, the page shown and who wants to know when it changes. */
export interface NavigationState {
  id: number;
  /** The address of the page on screen (the address bar may be ahead of it during back/forward). */
  shownUrl: URL;
  readonly pageListeners: Array<() => void>;
}

/** A store holding one value; listeners run after each change. */
export function createViewStore(initial: ViewState): ViewStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next) {
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
