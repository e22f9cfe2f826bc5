/**
 * Search types shared by the build (which writes them into every page's boot data) and the browser search runtime.
 * Pure types: the build side imports them too.
 */

export type SearchProviderName = 'local' | 'algolia' | 'typesense';
export type FacetFilters = ReadonlyArray<string | readonly string[]>;

/** The `runtime.search` object of the boot data: what the browser needs to search (public values only). */
export interface SearchRuntime {
  readonly provider: SearchProviderName;
  /** The search page, base URL included: '/search'. */
  readonly searchPagePath: string;
  /** The modal's stylesheet (DocSearch's CSS with the theme's colours), loaded with the modal. */
  readonly stylesheetUrl: string;
  /** Embedded index: the Pagefind bundle folder and the title-and-heading list for misspelt queries. */
  readonly pagefindUrl: string;
  readonly headingsUrl: string;
  /** Hosted engines: public (search-only) credentials. */
  readonly appId: string;
  readonly apiKey: string;
  readonly indexName: string;
  /** Algolia: an optional host (proxy or test server); Typesense: the node URL, e.g. https://search.example.com:443. */
  readonly host: string;
  readonly facetFilters: FacetFilters;
  readonly contextualSearch: boolean;
  /** SPEC §5: with contextual search the facets include these (Docusaurus names). */
  readonly locale: string;
  readonly docsTags: readonly string[];
  readonly externalUrlRegex?: string;
  readonly replaceSearchResultPathname?: { readonly from: string; readonly to: string };
  /** Where 'Let us know.' points for a query without results ({query} is replaced); empty hides the link. */
  readonly missingResultsUrl: string;
}

/** The heading list of the embedded index: pages and their headings, compact (MiniSearch indexes it in the browser). */
export interface HeadingsIndexData {
  /** [title, url, lvl0] per page. */
  readonly pages: ReadonlyArray<readonly [string, string, string]>;
  /** [page index, level 2..6, text, anchor, parent heading index or -1] per heading. */
  readonly headings: ReadonlyArray<readonly [number, number, string, string, number]>;
}
