/**
 * Search hits in DocSearch's shape (what its modal renders and the /search page lists), built from any provider.
 * DocSearch inserts `_snippetResult` values, and for stored recent searches the raw hierarchy, as HTML: so every
 * text we put in a hit is escaped, with `<mark>` as the only markup. Hosted engines return records as they were
 * stored, markup included (a note that shows `<img onerror=...>` in a code block is that text in the index), so every
 * provider's hits pass through `sanitizeHit` (provider.ts) before anything renders them.
 */
import type { DocSearchHit } from '@docsearch/react';
import { decodeEntities, escapeHtml } from '../../shared/html.js';
import { HIERARCHY_LEVELS, type HierarchyLevel } from '../../shared/docsearch.js';

export type { DocSearchHit, HierarchyLevel };
// For the providers: imported from here, the levels stay in this module's chunk rather than make a chunk of their own.
export { HIERARCHY_LEVELS };
export type HitType = HierarchyLevel | 'content';
export type PlainHierarchy = { lvl0: string; lvl1: string } & Partial<
  Record<Exclude<HierarchyLevel, 'lvl0' | 'lvl1'>, string | null>
>;

/** One page of results and the total: what every provider returns. */
export interface SearchResults {
  readonly nbHits: number;
  readonly hits: DocSearchHit[];
}

export interface SearchRequest {
  readonly query: string;
  readonly page: number;
  readonly hitsPerPage: number;
}

export interface SearchProvider {
  search(request: SearchRequest): Promise<SearchResults>;
  /** Starts loading what the first query needs (index files, client code). */
  preload?(): void;
}

/**
 * An engine's highlighted text as HTML: the `<mark>` and `</mark>` we ask engines to insert are kept (balanced, never
 * nested), and everything else is text, escaped. Engines return values as stored: raw text, or HTML-escaped by a
 * crawler, so entities are decoded first (escaping once, never twice).
 */
export function sanitizeHighlight(html: string): string {
  let out = '';
  let open = false;
  for (const part of html.split(/(<\/?mark>)/)) {
    if (part === '<mark>' || part === '</mark>') {
      if (open !== (part === '<mark>')) out += part;
      open = part === '<mark>';
    } else {
      out += escapeHtml(decodeEntities(part));
    }
  }
  return open ? `${out}</mark>` : out;
}

/** Escapes text and marks the words that start with one of the terms. */
export function highlightTerms(text: string, terms: readonly string[]): string {
  const words = terms.filter((term) => term.length > 0).map((term) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (words.length === 0) return escapeHtml(text);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.join('|')})[\\p{L}\\p{N}]*`, 'giu');
  let out = '';
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    out += `${escapeHtml(text.slice(last, match.index))}<mark>${escapeHtml(match[0])}</mark>`;
    last = match.index + match[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

export interface HitInput {
  readonly url: string;
  readonly type: HitType;
  readonly hierarchy: PlainHierarchy;
  /** Highlighted HTML (escaped, `<mark>` only) of the hierarchy levels and the content, when the engine gave it. */
  readonly highlighted?: Partial<Record<HierarchyLevel, string>>;
  readonly contentHtml?: string | null;
  /** Snippets (the same HTML, cut around the match), when the engine gave them apart; else the highlights. */
  readonly snippets?: Partial<Record<HierarchyLevel, string>>;
  readonly contentSnippetHtml?: string | undefined;
  /** The record's id; default: the URL. */
  readonly objectID?: string | undefined;
}

/** A DocSearch hit from plain texts: escaped hierarchy, highlight and snippet results for every level. */
export function createHit(input: HitInput): DocSearchHit {
  const hierarchy = {} as Record<HierarchyLevel, string | null>;
  const highlight = {} as Record<HierarchyLevel, AttributeResult>;
  const snippet = {} as Record<HierarchyLevel, AttributeResult>;
  for (const level of HIERARCHY_LEVELS) {
    const text = input.hierarchy[level] ?? null;
    // lvl0 is rendered as React text (the group title); the others as HTML.
    hierarchy[level] = text === null ? null : level === 'lvl0' ? text : escapeHtml(text);
    highlight[level] = attributeResult(input.highlighted?.[level] ?? (text === null ? '' : escapeHtml(text)));
    snippet[level] = input.snippets?.[level] === undefined ? highlight[level] : attributeResult(input.snippets[level]);
  }
  const content = input.contentHtml ?? null;
  const [urlWithoutAnchor, anchor] = input.url.split('#') as [string, string | undefined];
  const contentResult = attributeResult(content ?? '');
  const contentSnippet =
    input.contentSnippetHtml === undefined ? contentResult : attributeResult(input.contentSnippetHtml);
  return {
    objectID: input.objectID ?? input.url,
    content: content === null ? null : content.replace(/<\/?mark>/g, ''),
    url: input.url,
    url_without_anchor: urlWithoutAnchor,
    type: input.type,
    anchor: anchor ?? null,
    hierarchy: hierarchy as DocSearchHit['hierarchy'],
    _highlightResult: { content: contentResult, hierarchy: highlight, hierarchy_camel: [highlight] },
    _snippetResult: { content: contentSnippet, hierarchy: snippet, hierarchy_camel: [snippet] },
  };
}

interface AttributeResult {
  value: string;
  matchLevel: 'full' | 'none';
  matchedWords: string[];
}

function attributeResult(value: string): AttributeResult {
  return { value, matchLevel: value.includes('<mark>') ? 'full' : 'none', matchedWords: [] };
}

const HIT_TYPES: ReadonlySet<string> = new Set<HitType>([...HIERARCHY_LEVELS, 'content']);

/**
 * Any provider's hit, rebuilt from its known fields as a hit that is safe to render: hierarchy and content are
 * escaped text, highlights and snippets go through `sanitizeHighlight`, and a URL that is not http(s) or relative
 * (`javascript:`, `data:`) becomes `#`. Fields are read as untrusted: a value that is not a string counts as absent.
 */
export function sanitizeHit(hit: DocSearchHit): DocSearchHit {
  const raw = hit as unknown as UntrustedHit;
  const hierarchy: PlainHierarchy = {
    lvl0: textOf(raw.hierarchy?.lvl0) ?? '',
    lvl1: textOf(raw.hierarchy?.lvl1) ?? '',
  };
  const highlighted: Partial<Record<HierarchyLevel, string>> = {};
  const snippets: Partial<Record<HierarchyLevel, string>> = {};
  for (const level of HIERARCHY_LEVELS) {
    if (level !== 'lvl0' && level !== 'lvl1') hierarchy[level] = textOf(raw.hierarchy?.[level]) ?? null;
    const highlight = markedOf(raw._highlightResult?.hierarchy?.[level]?.value);
    const snippet = markedOf(raw._snippetResult?.hierarchy?.[level]?.value);
    if (highlight !== undefined) highlighted[level] = highlight;
    if (snippet !== undefined) snippets[level] = snippet;
  }
  const content = textOf(raw.content);
  return createHit({
    objectID: typeof raw.objectID === 'string' ? raw.objectID : undefined,
    url: safeUrl(typeof raw.url === 'string' ? raw.url : ''),
    type: typeof raw.type === 'string' && HIT_TYPES.has(raw.type) ? (raw.type as HitType) : 'content',
    hierarchy,
    highlighted,
    snippets,
    contentHtml: content === undefined ? null : (markedOf(raw._highlightResult?.content?.value) ?? escapeHtml(content)),
    contentSnippetHtml: content === undefined ? undefined : markedOf(raw._snippetResult?.content?.value),
  });
}

interface UntrustedResults {
  readonly content?: { readonly value?: unknown };
  readonly hierarchy?: Partial<Record<HierarchyLevel, { readonly value?: unknown } | undefined>>;
}

interface UntrustedHit {
  readonly objectID?: unknown;
  readonly url?: unknown;
  readonly type?: unknown;
  readonly content?: unknown;
  readonly hierarchy?: Partial<Record<HierarchyLevel, unknown>>;
  readonly _highlightResult?: UntrustedResults;
  readonly _snippetResult?: UntrustedResults;
}

/** A stored text as plain text (a crawler may have HTML-escaped it). */
function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? decodeEntities(value) : undefined;
}

function markedOf(value: unknown): string | undefined {
  return typeof value === 'string' ? sanitizeHighlight(value) : undefined;
}

/** The URL if it leads to a page (http, https, or relative to this site); else `#`. */
export function safeUrl(url: string): string {
  // The URL parser drops the tabs, newlines and leading spaces a browser ignores, so `java\tscript:` is seen as it runs.
  try {
    const { protocol } = new URL(url, 'https://site.invalid/');
    return protocol === 'http:' || protocol === 'https:' ? url : '#';
  } catch {
    return '#';
  }
}
