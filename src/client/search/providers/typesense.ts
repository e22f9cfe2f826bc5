/**
 * Typesense, through its JS client (the mapping of typesense-docsearch-react). API subset: POST {host}/multi_search
 * with the key in the `x-typesense-api-key` query parameter (the SearchClient's default; the header works too) and `{ searches: [{ collection, q, query_by, filter_by, page, per_page,
 * highlight_full_fields, ... }] }`; the answer's `results[0].found` and `hits[].document` (flattened DocSearch fields:
 * `hierarchy.lvl0`..`hierarchy.lvl6`, content, url, type) with `highlight` / `highlights` marked with `<mark>`.
 */
import { SearchClient } from 'typesense';
import { typesenseNode } from '../../../shared/docsearch.js';
import type { SearchRuntime } from '../../../shared/search.js';
import { buildFacetFilters, toTypesenseFilter } from '../facets.js';
import {
  createHit,
  type DocSearchHit,
  HIERARCHY_LEVELS,
  type HitType,
  type HierarchyLevel,
  type PlainHierarchy,
  type SearchProvider,
  sanitizeHighlight,
} from '../hits.js';

const QUERY_BY = [...HIERARCHY_LEVELS.map((level) => `hierarchy.${level}`), 'content'].join(',');

interface TypesenseHit {
  document: Record<string, string | null | undefined>;
  highlight?: Record<string, { snippet?: string; value?: string } | undefined>;
  highlights?: { field: string; snippet?: string; value?: string }[];
}

export function createTypesenseProvider(runtime: SearchRuntime): SearchProvider {
  const client = new SearchClient({
    nodes: [typesenseNode(new URL(runtime.host))],
    apiKey: runtime.apiKey,
    connectionTimeoutSeconds: 5,
    numRetries: 0,
  });
  const filterBy = toTypesenseFilter(buildFacetFilters(runtime));
  return {
    async search({ query, page, hitsPerPage }) {
      const search = {
        collection: runtime.indexName,
        q: query,
        query_by: QUERY_BY,
        ...(filterBy && { filter_by: filterBy }),
        page: page + 1,
        per_page: hitsPerPage,
        highlight_full_fields: QUERY_BY,
        highlight_start_tag: '<mark>',
        highlight_end_tag: '</mark>',
        snippet_threshold: 8,
        highlight_affix_num_tokens: 12,
      };
      const response = await client.multiSearch.perform({ searches: [search] }, {});
      const result = response.results[0] as { found?: number; hits?: TypesenseHit[]; error?: string } | undefined;
      if (!result || result.error || !result.hits)
        throw new Error(`Typesense answered with an error: ${result?.error ?? 'no results'}`);
      return { nbHits: result.found ?? result.hits.length, hits: result.hits.map(toDocSearchHit) };
    },
  };
}

/** A Typesense hit (flattened DocSearch document) -> DocSearch hit with escaped, highlighted levels and snippet. */
export function toDocSearchHit(hit: TypesenseHit): DocSearchHit {
  const doc = hit.document;
  const marked = (field: string): string | undefined => {
    const found = hit.highlight?.[field] ?? hit.highlights?.find((h) => h.field === field);
    const html = found?.value ?? found?.snippet;
    return html ? sanitizeHighlight(html) : undefined;
  };
  const hierarchy = { lvl0: doc['hierarchy.lvl0'] ?? '', lvl1: doc['hierarchy.lvl1'] ?? '' } as PlainHierarchy;
  const highlighted: Partial<Record<HierarchyLevel, string>> = {};
  for (const level of HIERARCHY_LEVELS) {
    if (level !== 'lvl0' && level !== 'lvl1') hierarchy[level] = doc[`hierarchy.${level}`] ?? null;
    const html = marked(`hierarchy.${level}`);
    if (html) highlighted[level] = html;
  }
  const content = doc.content ? (marked('content') ?? sanitizeHighlight(doc.content)) : null;
  return createHit({
    objectID: doc.id ?? undefined,
    url: doc.url ?? '',
    type: (doc.type ?? 'content') as HitType,
    hierarchy,
    highlighted,
    contentHtml: content,
  });
}
