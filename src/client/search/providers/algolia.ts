/**
 * Algolia, through DocSearch's own client (`algoliasearch/lite`, the package the modal bundles). API subset:
 * POST {host}/1/indexes/*\/queries with `x-algolia-application-id` and `x-algolia-api-key` headers and
 * `{ requests: [{ indexName, query, page, hitsPerPage, facetFilters, attributesToSnippet, highlightPreTag, ... }] }`;
 * the answer's `results[0].hits` (DocSearch records with `_highlightResult` / `_snippetResult`) and `nbHits`.
 */
import { liteClient } from 'algoliasearch/lite';
import type { SearchRuntime } from '../../../shared/search.js';
import { buildFacetFilters } from '../facets.js';
import { type DocSearchHit, HIERARCHY_LEVELS, type SearchProvider } from '../hits.js';

/** The hosts option of a configured `host` ("http://127.0.0.1:8108" or "https://proxy.example.com"); empty: Algolia's. */
export function algoliaHosts(
  host: string,
): { hosts: { url: string; protocol: 'http' | 'https'; accept: 'read' }[] } | undefined {
  if (!host) return undefined;
  const parsed = new URL(host);
  return { hosts: [{ url: parsed.host, protocol: parsed.protocol === 'http:' ? 'http' : 'https', accept: 'read' }] };
}

export function createAlgoliaProvider(runtime: SearchRuntime): SearchProvider {
  const client = liteClient(runtime.appId, runtime.apiKey, algoliaHosts(runtime.host));
  const facetFilters = buildFacetFilters(runtime) as string[];
  return {
    async search({ query, page, hitsPerPage }) {
      const { results } = await client.search<DocSearchHit>({
        requests: [
          {
            indexName: runtime.indexName,
            query,
            page,
            hitsPerPage,
            facetFilters,
            attributesToRetrieve: [...HIERARCHY_LEVELS.map((level) => `hierarchy.${level}`), 'content', 'type', 'url'],
            attributesToSnippet: [...HIERARCHY_LEVELS.slice(1).map((level) => `hierarchy.${level}:10`), 'content:24'],
            snippetEllipsisText: '…',
            highlightPreTag: '<mark>',
            highlightPostTag: '</mark>',
          },
        ],
      });
      const result = results[0] as { hits?: DocSearchHit[]; nbHits?: number } | undefined;
      if (!result?.hits) throw new Error('Algolia answered without hits');
      // The records as stored, markup included: loadProvider (provider.ts) sanitises every hit before it renders.
      return { nbHits: result.nbHits ?? result.hits.length, hits: result.hits };
    },
  };
}
