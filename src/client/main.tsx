/**
 * The browser entry: hydrates the server-rendered page and starts the reader runtime (navigation, prefetch, colour
 * mode, storage upkeep; analytics and search load lazily). Everything here is on every page's critical path (a note's
 * budget is 70 KB of gzipped JavaScript), so anything optional is a lazy chunk. `react-dom` is Preact's compat layer
 * here (src/node/theme/sitePackages.ts).
 */
import './effectTiming.js'; // first: before anything renders
import type { ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { hydrateRoot } from 'react-dom/client';
import { pageDataUrl, routeFromPathname } from '../shared/paths.js';
import { RecentMap } from '../shared/recentMap.js';
import { DOCS_PLUGIN_ID, DOCS_VERSION_NAMES, preferredVersionKey } from '../shared/runtime.js';
import { readStorage, removeStorage } from '../theme/utils/storage.js';
import type { PageModel, SidebarItem } from '../shared/types.js';
import type { ThemeHooks } from '../theme/App/index.js';
import { translate } from '../theme/Translate/index.js';
import { readBootData } from './boot.js';
import { createSidebarBranchLoader, loadBootSidebar } from './bootSidebar.js';
import { syncColorMode } from './colorMode.js';
import { createViewStore, type RuntimeContext } from './context.js';
import { enhanceContent, enhanceReplacedContent } from './islands/index.js';
import { installGraph } from './graph/index.js';
import { installPrefetch } from './prefetch.js';
import { installPreviews } from './previews/index.js';
import { Root } from './Root.js';
import { installRouter, pushHistoryEntry, type Router } from './router.js';
import { installSearch } from './search/index.js';

declare global {
  interface Window {
    /** The running runtime (`wiki dev` calls refresh after an edit). */
    __wiki?: Pick<Router, 'navigate' | 'refresh'>;
    /** Set as this module starts: the wrong-base-URL banner's sign that the runtime's code loaded (BaseUrlBanner). */
    __wikiLoaded?: true;
  }
}

/** A saved docs version that no longer exists is deleted (SPEC §4). */
function dropUnknownPreferredVersion(): void {
  const key = preferredVersionKey(DOCS_PLUGIN_ID);
  const saved = readStorage(key);
  if (saved !== null && !DOCS_VERSION_NAMES.includes(saved)) removeStorage(key);
}

/** Pages whose data is kept in memory: back and forth among recent pages needs no request. */
const PAGE_DATA_KEPT = 64;

window.__wikiLoaded = true;
const boot = readBootData();
dropUnknownPreferredVersion();
syncColorMode(boot.site.colorMode);
enhanceReplacedContent();
// Search: shortcuts, the lazy modal's hooks and the /search page (src/client/search/index.ts; its code stays lazy).
// Installed before the sidebar loads, so a shortcut pressed as the page appears is not lost.
const messages = boot.site.translations ?? {};
const searchHooks: Pick<ThemeHooks, 'openSearch' | 'preloadSearch'> = installSearch(boot, (declaration, values) =>
  translate(declaration, values, messages),
);

const analytics = boot.runtime.analytics;
if (analytics) {
  import('./analytics.js')
    .then(({ installAnalytics }) => installAnalytics(analytics))
    .catch((error: unknown) => console.warn('Could not load analytics:', error));
}

const loadSidebarBranch = createSidebarBranchLoader(boot.runtime.sidebarBranchUrl);
// Without its sidebar the page cannot hydrate: it stays the server-rendered page, with links that load pages.
const sidebar = await loadBootSidebar(boot, loadSidebarBranch).catch((error: unknown) =>
  console.warn('Could not load the sidebar; the page stays static:', error),
);
if (sidebar) startRuntime(sidebar);
else enhanceContent(document.getElementById('__wiki')!); // a static page's tabs and diagrams still work

/** Hydrates the page and installs the router and prefetching (they change what React shows). */
function startRuntime(sidebar: readonly SidebarItem[]): void {
  const store = createViewStore({ page: boot.page, sidebar });
  const pageData = new RecentMap<string, Promise<PageModel>>(PAGE_DATA_KEPT);
  // The first page's data is the boot data with the content read from the DOM: back to it needs no request.
  pageData.set(pageDataUrl(boot.runtime.dataUrl, boot.page.route), Promise.resolve(boot.page));
  const ctx: RuntimeContext = {
    store,
    settings: boot.runtime,
    pageData,
    prefetched: new Set(),
    loadSidebarBranch,
    navigation: { id: 0, shownUrl: new URL(window.location.href), pageListeners: [] },
    routeOf: (pathname) => routeFromPathname(pathname, boot.runtime.baseUrl),
    dataUrlOf: (route) => pageDataUrl(boot.runtime.dataUrl, route),
    pushHistory: pushHistoryEntry,
    commit: (next) => flushSync(() => store.set(next)),
  };
  const router = installRouter(ctx);
  installPrefetch(ctx, router);
  installPreviews(ctx, (route) => router.warm().then((navigation) => navigation.loadPageData(ctx, route)));
  installGraph(boot.runtime, () => ctx.store.get().page.route, boot.page.kind);
  const hooks: ThemeHooks = {
    loadSidebarItems: (category) => router.loadSidebarItems(category),
    reloadPage: () => router.refresh(),
    ...searchHooks,
  };
  const hydrate = (pageComponent?: ComponentType) =>
    hydrateRoot(
      document.getElementById('__wiki')!,
      <Root store={ctx.store} site={boot.site} hooks={hooks} pageComponent={pageComponent} />,
    );
  // A custom page hydrates once its module (a lazy chunk) is in; links to custom pages are normal page loads.
  if (boot.page.kind === 'custom') {
    const { route } = boot.page;
    void import('./customPages.js').then((pages) => pages.hydrateCustomPage(route, hydrate));
  } else {
    hydrate();
  }
  window.__wiki = { navigate: router.navigate, refresh: router.refresh };
}
