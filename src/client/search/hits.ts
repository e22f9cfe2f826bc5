/**
 * Search hits in DocSearch's shape (what its modal renders and the /search page lists), built from any provider.
 * DocSearch inserts `_snippetResult` values, and for stored recent searches the raw hierarchy, as HTML: so every
 * text we put in a hit is escaped, with `<mark>` as the only markup.
 */
import type { DocSearchHit } from '@docsearch/react';

export type { DocSearchHit };
export type Level = 'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6';
export type HitType = Level | 'content';
export type PlainHierarchy = { lvl0: string; lvl1: string } & Partial<Record<Exclude<Level, 'lvl0' | 'lvl1'>, string | null>>;

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

const LEVELS: readonly Level[] = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];
const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function decodeBasicEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[name]!);
}

/** Keeps `<mark>` and `</mark>` from an engine's highlighted text and escapes everything else. */
export function sanitizeHighlight(html: string): string {
  return html
    .split(/(<\/?mark>)/)
    .map((part) => (part === '<mark>' || part === '</mark>' ? part : escapeHtml(decodeBasicEntities(part.replace(/<[^>]*>/g, '')))))
    .join('');
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
  readonly highlighted?: Partial<Record<Level, string>>;
  readonly contentHtml?: string | null;
}

/** A DocSearch hit from plain texts: escaped hierarchy, highlight and snippet results for every level. */
export function createHit(input: HitInput): DocSearchHit {
  const hierarchy = {} as Record<Level, string | null>;
  const highlight = {} as Record<Level, { value: string; matchLevel: 'full' | 'none'; matchedWords: string[] }>;
  for (const level of LEVELS) {
    const text = input.hierarchy[level] ?? null;
    // lvl0 is rendered as React text (the group title); the others as HTML.
    hierarchy[level] = text === null ? null : level === 'lvl0' ? text : escapeHtml(text);
    const value = input.highlighted?.[level] ?? (text === null ? '' : escapeHtml(text));
    highlight[level] = { value, matchLevel: value.includes('<mark>') ? 'full' : 'none', matchedWords: [] };
  }
  const content = input.contentHtml ?? null;
  const [urlWithoutAnchor, anchor] = input.url.split('#') as [string, string | undefined];
  const contentResult = { value: content ?? '', matchLevel: content?.includes('<mark>') ? ('full' as const) : ('none' as const), matchedWords: [] };
  return {
    objectID: input.url,
    content: content === null ? null : content.replace(/<\/?mark>/g, ''),
    url: input.url,
    url_without_anchor: urlWithoutAnchor,
    type: input.type,
    anchor: anchor ?? null,
    hierarchy: hierarchy as DocSearchHit['hierarchy'],
    _highlightResult: { content: contentResult, hierarchy: highlight, hierarchy_camel: [highlight] },
    _snippetResult: { content: contentResult, hierarchy: highlight, hierarchy_camel: [highlight] },
  };
}
