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

/**
 * The terms of a text, as both the build and the browser cut them: lower-cased runs of letters and digits, joined into
 * one term where a name is punctuated (`node.js`, `.net`, `c#`, `c++`). With `parts`, the runs inside such a term are
 * terms too (`node`, `js`): the index holds both, a query asks for what it typed.
 */
export function tokenize(text: string, options: ScanOptions = {}): string[] {
  const terms: string[] = [];
  scanTerms(text, (lower, start, end) => terms.push(lower.slice(start, end)), options);
  return terms;
}

export interface ScanOptions {
  /** Also hand out the letter-and-digit runs inside a punctuated term (the index does; queries do not). */
  readonly parts?: boolean;
}

/** ASCII letters and digits after lower-casing: 1 at their char code. */
const ASCII_TERM_CHAR = new Uint8Array(128).map((_, code) =>
  Number((code >= 48 && code <= 57) || (code >= 97 && code <= 122)),
);
/** Any other letter or digit, tested where it starts (sticky; with `u` a surrogate pair is one character). */
const TERM_CHAR_AT = /[\p{L}\p{N}]/uy;
const DOT = 46;
const PLUS = 43;
const HASH = 35;

/**
 * Calls `visit` with each term of a text as a range of the text lower-cased (the runs of `[\p{L}\p{N}]` no longer than
 * MAX_TERM_LENGTH), so the index can find a term's id without making a string of every occurrence. A loop over char
 * codes rather than that regex: on the real corpus (8 M characters, 1.2 M terms) matching the regex took ~0.24 s and
 * this loop ~0.07 s, only the non-ASCII characters going through a regex.
 * Punctuated names stay one term: a dot between a run and a letter joins them (`node.js`), a dot before a word that
 * follows no letter leads it (`.net`), and `+`/`#` ending a word end the term (`c++`, `c#`; `a+b` is two terms).
 */
export function scanTerms(
  text: string,
  visit: (lower: string, start: number, end: number) => void,
  options: ScanOptions = {},
): void {
  const lower = text.toLowerCase();
  let start = -1;
  let compound = -1;
  for (let index = 0; index <= lower.length; index++) {
    const code = index < lower.length ? lower.charCodeAt(index) : 32;
    const inTerm = isTermCode(lower, index, code);
    if (inTerm && start < 0) {
      start = index;
      if (compound < 0) compound = startsAfterLeadingDot(lower, index, code) ? index - 1 : index;
    } else if (!inTerm && start >= 0) {
      start = -1;
      if (code === DOT && isAsciiLetter(lower.charCodeAt(index + 1))) continue; // node.js: the term goes on
      let end = index;
      while (lower.charCodeAt(end) === PLUS || lower.charCodeAt(end) === HASH) end++;
      if (end > index && isTermCode(lower, end, lower.charCodeAt(end))) end = index; // a+b: no suffix
      // A term too long to index still gives its parts (a long dotted name: `x.` and a hash).
      emitTerm(lower, compound, end, visit, options.parts === true || end - compound > MAX_TERM_LENGTH);
      compound = -1;
      index = end > index ? end - 1 : index;
      continue;
    }
    if (isHighSurrogate(code) && isLowSurrogate(lower.charCodeAt(index + 1))) index++; // a pair is one code point
  }
}

function emitTerm(
  lower: string,
  start: number,
  end: number,
  visit: (lower: string, start: number, end: number) => void,
  parts: boolean,
): void {
  if (end - start <= MAX_TERM_LENGTH) visit(lower, start, end);
  if (!parts) return;
  let runStart = -1;
  let joined = false;
  for (let index = start; index <= end; index++) {
    const code = index < end ? lower.charCodeAt(index) : 32;
    const inTerm = index < end && isTermCode(lower, index, code);
    if (inTerm && runStart < 0) runStart = index;
    else if (!inTerm && runStart >= 0) {
      // A plain word (no dot, no suffix) was handed out above already.
      if ((joined || runStart !== start || index !== end) && index - runStart <= MAX_TERM_LENGTH)
        visit(lower, runStart, index);
      joined = true;
      runStart = -1;
    }
    if (isHighSurrogate(code) && isLowSurrogate(lower.charCodeAt(index + 1))) index++;
  }
}

function isTermCode(lower: string, index: number, code: number): boolean {
  if (index >= lower.length) return false;
  return code < 128 ? ASCII_TERM_CHAR[code] === 1 : isTermCharAt(lower, index);
}

const isAsciiLetter = (code: number) => code >= 97 && code <= 122;

/** `.net`: a dot that starts the text or follows no letter or digit, before a letter. */
function startsAfterLeadingDot(lower: string, index: number, code: number): boolean {
  if (index === 0 || lower.charCodeAt(index - 1) !== DOT || !isAsciiLetter(code)) return false;
  return index === 1 || !isTermCode(lower, index - 2, lower.charCodeAt(index - 2));
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

function isTermCharAt(text: string, index: number): boolean {
  TERM_CHAR_AT.lastIndex = index;
  return TERM_CHAR_AT.test(text);
}
