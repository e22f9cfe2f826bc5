/**
 * What the build hands the browser runtime: the JSON boot script of every page and the names both sides agree on.
 * Only settings live here; the page's content is read from the DOM, never shipped twice.
 */
import type { SearchRuntime } from './search.js';
import type { PageModel, ThemeSettings } from './types.js';

/** Settings of the browser runtime, written once per page into the boot script (`runtime`). */
export interface RuntimeSettings {
  /** The site's base URL, e.g. "/" or "/wiki/". */
  readonly baseUrl: string;
  /** Folder of one JSON per top-level sidebar category, `${sidebarBranchUrl}${index}.json`, so a navigation loads one branch, not the tree. */
  readonly sidebarBranchUrl: string;
  /** The top-level items with every category's items left out: what each page's sidebar is assembled from. */
  readonly sidebarSkeletonUrl: string;
  /** Folder of the per-route page data files (see pageDataPath). */
  readonly dataUrl: string;
  /** Routes that have no page data (the search page): links to them load the page normally. */
  readonly fullPageRoutes: readonly string[];
  /**
   * The sidebar whose files these are ('' for a page in none), on a site with several: a page whose `sidebarId`
   * differs is loaded as a whole page, with its own sidebar's files.
   */
  readonly sidebarId?: string;
  /** Google Analytics (gtag) settings; absent when no tracking id is configured, and then nothing is loaded. */
  readonly analytics?: { readonly trackingID: string; readonly anonymizeIP: boolean };
  /** The link graph file (shared/graph.ts), fetched only when a reader opens a graph; absent without the graph. */
  readonly graphUrl?: string;
  /** Search settings (provider, public keys, index URLs, search page); see shared/search.ts. */
  readonly search?: SearchRuntime;
}

/** The JSON of `<script id="__wiki-boot">`. The page's `contentHtml` is empty: the browser reads it from the DOM. */
export interface BootData {
  readonly page: PageModel;
  readonly site: ThemeSettings;
  /**
   * The top-level categories (by index) whose branch files, with the skeleton, rebuild the sidebar the page was
   * rendered with (see assemblePageSidebar); absent on pages without a sidebar. Shipping the pruned tree in every
   * page instead cost 15 KB a page on the real corpus.
   */
  readonly sidebarBranches?: readonly number[];
  readonly runtime: RuntimeSettings;
}

/** The `history.state` key of the entry the mobile drawer pushes, so browser back closes it instead of leaving the page. */
export const DRAWER_HISTORY_KEY = '__wikiDrawer';

/** The docs plugin and its versions (one version, "current", labelled Next): names for `docs-preferred-version-{pluginId}`. */
export const DOCS_PLUGIN_ID = 'default';
export const DOCS_VERSION_NAMES: readonly string[] = ['current'];

/** The storage key of the reader's preferred docs version. */
export function preferredVersionKey(pluginId: string): string {
  return `docs-preferred-version-${pluginId}`;
}
