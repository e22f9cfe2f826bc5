/**
 * Picks the configured provider (each in its own lazily loaded chunk), makes its result URLs site links, and sanitises
 * every hit: the one place all providers' hits pass before the modal or the search page renders them.
 */
import type { SearchRuntime } from '../../shared/search.js';
import { type DocSearchHit, sanitizeHit, type SearchProvider } from './hits.js';
import { toSiteUrl } from './urls.js';

/** The provider of the site's search settings; its code is fetched on first use. `origin`: the site's (tests set it). */
export async function loadProvider(runtime: SearchRuntime, origin = location.origin): Promise<SearchProvider> {
  const provider = await importProvider(runtime);
  return {
    preload: () => provider.preload?.(),
    async search(request) {
      const results = await provider.search(request);
      const hits = results.hits.map((hit) => sanitizeHit({ ...hit, url: siteUrlOf(hit.url, runtime, origin) }));
      return { ...results, hits: withUniqueIds(hits) };
    },
  };
}

/**
 * The hits with distinct objectIDs: the modal keys its rows by them, and two rows with one key (a heading hit and a
 * content hit of one section, both keyed by their URL) kept the rows of earlier keystrokes on screen.
 */
export function withUniqueIds(hits: readonly DocSearchHit[]): DocSearchHit[] {
  const seen = new Map<string, number>();
  return hits.map((hit) => {
    const count = seen.get(hit.objectID) ?? 0;
    seen.set(hit.objectID, count + 1);
    return count === 0 ? hit : { ...hit, objectID: `${hit.objectID}~${count}` };
  });
}

/** A hit's URL as a site link; `#` for one that is not even a URL (the hit still shows). */
function siteUrlOf(url: unknown, runtime: SearchRuntime, origin: string): string {
  try {
    return typeof url === 'string' ? toSiteUrl(url, runtime, origin) : '#';
  } catch {
    return '#';
  }
}

async function importProvider(runtime: SearchRuntime): Promise<SearchProvider> {
  switch (runtime.provider) {
    case 'algolia':
      return (await import('./providers/algolia.js')).createAlgoliaProvider(runtime);
    case 'typesense':
      return (await import('./providers/typesense.js')).createTypesenseProvider(runtime);
    default:
      return (await import('./providers/local.js')).createLocalProvider(runtime);
  }
}
