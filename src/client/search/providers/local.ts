/**
 * The embedded provider: the site's own sharded index (index.json, then only the term shards and text bundles a
 * query needs) plus typo-tolerant title and heading search. Nothing leaves the site; plain fetches and JSON, so
 * it runs under the site's CSP as it is.
 */
import { type LocalIndexData, type SearchRuntime, tokenize } from '../../../shared/search.js';
import { createHit, type DocSearchHit, highlightTerms, type SearchProvider, type SearchResults } from '../hits.js';
import {
  createHeadingsSearch,
  describeSection,
  type HeadingsSearch,
  sectionHit,
  type SectionMatch,
} from './headings.js';
import { stemPrefixOf } from './stem.js';
import { type ChunkMatch, createTextSearch, excerptAround, type TextSearch } from './textSearch.js';
import { DEV_UPDATE_EVENT } from '../../islands/events.js';

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
  // `wiki dev` indexes the notes again after an edit: the next query fetches that index. (Not in Node: the tests.)
  if (typeof window !== 'undefined')
    window.addEventListener(DEV_UPDATE_EVENT, () => {
      engines = undefined;
      cache.clear();
    });
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
        hits: await Promise.all(shown.map((hit) => resolveHit(loaded, hit, markedTerms(trimmed)))),
      };
    },
  };
}

/** The words to mark in an excerpt: the query's terms and the start of their other numbers (battery, batteries). */
function markedTerms(query: string): string[] {
  const terms = tokenize(query);
  return [...new Set([...terms, ...terms.map(stemPrefixOf)])];
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

/**
 * Weights of a section's text match, relative to title matches (headings.ts TITLE_SCORES): the section's best chunk
 * against the best of the query, and its page's text over all sections against the best page's, so a page that is
 * about the query outranks a page that mentions it once.
 */
const TEXT_WEIGHT = 4;
const PAGE_TEXT_WEIGHT = 3;

/**
 * Title, heading and text matches ranked together, by section: a section's score adds its title match and its text
 * match. A section matched both ways is listed twice, its title hit then its text hit (with the excerpt).
 */
async function searchBoth(engines: Engines, query: string): Promise<LazyHit[]> {
  if (query === '') return [];
  const titles = engines.headings.search(query);
  const texts = query.length < MIN_FULL_TEXT_QUERY ? [] : await engines.text.search(query);
  const pageOf = (section: number) => (section >= 0 ? section : engines.data.headings[-1 - section]![0]);
  const pageText = new Map<number, number>();
  for (const match of texts)
    pageText.set(pageOf(match.section), (pageText.get(pageOf(match.section)) ?? 0) + match.score);
  const bestText = Math.max(0, ...texts.map((match) => match.score));
  const bestPage = Math.max(0, ...pageText.values());
  const textScore = (section: number, own: number) =>
    (bestText > 0 ? (TEXT_WEIGHT * own) / bestText : 0) +
    (bestPage > 0 ? (PAGE_TEXT_WEIGHT * (pageText.get(pageOf(section)) ?? 0)) / bestPage : 0);
  const sections = new Map<number, { score: number; title?: SectionMatch; text?: ChunkMatch }>();
  for (const text of texts) sections.set(text.section, { score: textScore(text.section, text.score), text });
  for (const title of titles) {
    const entry = sections.get(title.section) ?? { score: textScore(title.section, 0) };
    sections.set(title.section, { ...entry, score: entry.score + title.score, title });
  }
  return [...sections.values()]
    .sort((a, b) => b.score - a.score)
    .flatMap(({ title, text }) => [...(title ? [sectionHit(engines.data, title)] : []), ...(text ? [text] : [])]);
}

async function resolveHit(engines: Engines, hit: LazyHit, terms: readonly string[]): Promise<DocSearchHit> {
  if (!('chunk' in hit)) return hit;
  const text = await engines.chunkText(hit.chunk);
  const { url, hierarchy } = describeSection(engines.data, hit.section);
  return createHit({
    objectID: `chunk-${hit.chunk}`,
    url,
    type: 'content',
    hierarchy,
    contentHtml: highlightTerms(excerptAround(text, terms), terms),
  });
}
