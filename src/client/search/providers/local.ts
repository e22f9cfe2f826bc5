/**
 * The embedded provider: the site's own sharded index (index.json, then only the term shards and text bundles a
 * query needs) plus typo-tolerant title and heading search. Nothing leaves the site; plain fetches and JSON, so
 * it runs under the site's CSP as it is.
 */
import { type LocalIndexData, type SearchRuntime, tokenize } from '../../../shared/search.js';
import { createHit, type DocSearchHit, highlightTerms, type SearchProvider, type SearchResults } from '../hits.js';
import { createHeadingsSearch, describeSection, type HeadingsSearch } from './headings.js';
import { type ChunkMatch, createTextSearch, excerptAround, type TextSearch } from './textSearch.js';

interface Engines {
  readonly data: LocalIndexData;
  readonly headings: HeadingsSearch;
  readonly text: TextSearch;
  /** A chunk's text (its bundle file is fetched once). */
  readonly chunkText: (chunk: number) => Promise<string>;
}

/** A query's hits: title and heading hits are ready; text matches load their chunk when shown. */
type LazyHit = DocSearchHit | ChunkMatch;

/** One letter matches a large share of all words: titles and headings answer it, the full text waits for more. */
const MIN_FULL_TEXT_QUERY = 2;

export function createLocalProvider(runtime: SearchRuntime): SearchProvider {
  let engines: Promise<Engines> | undefined;
  const cache = new Map<string, Promise<LazyHit[]>>();
  const load = () =>
    (engines ??= loadEngines(runtime.indexUrl).catch((error: unknown) => {
      engines = undefined; // a later query retries (the network may be back)
      throw error;
    }));
  const list = (query: string) => {
    let hits = cache.get(query);
    if (!hits) {
      hits = load().then((loaded) => searchBoth(loaded, query));
      hits.catch(() => cache.delete(query));
      cache.set(query, hits);
    }
    return hits;
  };
  return {
    preload: () => void load().catch(() => undefined),
    async search({ query, page, hitsPerPage }): Promise<SearchResults> {
      const trimmed = query.trim();
      const all = await list(trimmed);
      const loaded = await load();
      const shown = all.slice(page * hitsPerPage, (page + 1) * hitsPerPage);
      return {
        nbHits: all.length,
        hits: await Promise.all(shown.map((hit) => resolveHit(loaded, hit, tokenize(trimmed)))),
      };
    },
  };
}

async function loadEngines(indexUrl: string): Promise<Engines> {
  const fetchText = async (path: string) => {
    const response = await fetch(`${indexUrl}${path}`);
    if (!response.ok) throw new Error(`Could not load the search index: ${response.status} for ${indexUrl}${path}`);
    return response.text();
  };
  const data = JSON.parse(await fetchText('index.json')) as LocalIndexData;
  const bundles = new Map<number, Promise<string[]>>();
  const chunkText = async (chunk: number) => {
    const n = Math.floor(chunk / data.textBundleSize);
    let bundle = bundles.get(n);
    if (!bundle) {
      bundle = fetchText(`text/${n}.json`).then((text) => JSON.parse(text) as string[]);
      bundle.catch(() => bundles.delete(n));
      bundles.set(n, bundle);
    }
    return (await bundle)[chunk % data.textBundleSize] ?? '';
  };
  return { data, headings: createHeadingsSearch(data), text: createTextSearch(data, fetchText), chunkText };
}

/** Title and heading matches first (DocSearch ranks heading records first too), then text sections. */
async function searchBoth(engines: Engines, query: string): Promise<LazyHit[]> {
  if (query === '') return [];
  const headingHits = engines.headings.search(query);
  if (query.length < MIN_FULL_TEXT_QUERY) return headingHits;
  return [...headingHits, ...(await engines.text.search(query))];
}

async function resolveHit(engines: Engines, hit: LazyHit, terms: readonly string[]): Promise<DocSearchHit> {
  if (!('chunk' in hit)) return hit;
  const text = await engines.chunkText(hit.chunk);
  const { url, hierarchy } = describeSection(engines.data, hit.section);
  return createHit({ url, type: 'content', hierarchy, contentHtml: highlightTerms(excerptAround(text, terms), terms) });
}
