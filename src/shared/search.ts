/**
 * Search types shared by the build (which writes them into every page's boot data) and the browser search runtime,
 * and the one way both cut text into terms (tokenize, scanTerms): the index and the queries must agree.
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
  /** Embedded index: its folder (index.json, terms/{n}.txt, text/{n}.txt). */
  readonly indexUrl: string;
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

/**
 * `search/index.json`, the entry file of the embedded index: every page title and heading (for the typo-tolerant
 * title search and for showing hits), the table of text chunks and where each term shard starts.
 */
export interface LocalIndexData {
  /** [title, url, lvl0] per page. */
  readonly pages: ReadonlyArray<readonly [string, string, string]>;
  /** [page index, level 2..6, text, anchor, parent heading index or -1] per heading. */
  readonly headings: ReadonlyArray<readonly [number, number, string, string, number]>;
  /** Per text chunk: its section, a page index p (>= 0) or a heading index h written as -1 - h. */
  readonly chunkSections: readonly number[];
  /** Per text chunk: its number of terms (for ranking). */
  readonly chunkLengths: readonly number[];
  /** First term of each shard `terms/{n}.txt` (shards hold sorted, contiguous term ranges). */
  readonly shardStarts: readonly string[];
  /** Chunk texts are stored this many to a file: chunk c is item c % size of `text/{floor(c / size)}.json`. */
  readonly textBundleSize: number;
}

/** Longest term indexed: longer "words" are hashes, URLs or base64. */
export const MAX_TERM_LENGTH = 40;

/** The terms of a text, as both the build and the browser cut them: lower-cased runs of letters and digits. */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  scanTerms(text, (lower, start, end) => terms.push(lower.slice(start, end)));
  return terms;
}

/** ASCII letters and digits after lower-casing: 1 at their char code. */
const ASCII_TERM_CHAR = new Uint8Array(128).map((_, code) =>
  Number((code >= 48 && code <= 57) || (code >= 97 && code <= 122)),
);
/** Any other letter or digit, tested where it starts (sticky; with `u` a surrogate pair is one character). */
const TERM_CHAR_AT = /[\p{L}\p{N}]/uy;

/**
 * Calls `visit` with each term of a text as a range of the text lower-cased (the runs of `[\p{L}\p{N}]` no longer than
 * MAX_TERM_LENGTH), so the index can find a term's id without making a string of every occurrence. A loop over char
 * codes rather than that regex: on the real corpus (8 M characters, 1.2 M terms) matching the regex took ~0.24 s and
 * this loop ~0.07 s, only the non-ASCII characters going through a regex.
 */
export function scanTerms(text: string, visit: (lower: string, start: number, end: number) => void): void {
  const lower = text.toLowerCase();
  let start = -1;
  for (let index = 0; index <= lower.length; index++) {
    const code = index < lower.length ? lower.charCodeAt(index) : 32;
    const inTerm = code < 128 ? ASCII_TERM_CHAR[code] === 1 : isTermCharAt(lower, index);
    if (inTerm && start < 0) start = index;
    else if (!inTerm && start >= 0) {
      if (index - start <= MAX_TERM_LENGTH) visit(lower, start, index);
      start = -1;
    }
    if (isHighSurrogate(code) && isLowSurrogate(lower.charCodeAt(index + 1))) index++; // a pair is one code point
  }
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

function isTermCharAt(text: string, index: number): boolean {
  TERM_CHAR_AT.lastIndex = index;
  return TERM_CHAR_AT.test(text);
}
