/** Picks the configured provider (each in its own lazily loaded chunk) and makes its result URLs site links. */
import type { SearchRuntime } from '../../shared/search.js';
import type { SearchProvider } from './hits.js';
import { toSiteUrl } from './urls.js';

/** The provider of the site's search settings; its code is fetched on first use. */
export async function loadProvider(runtime: SearchRuntime): Promise<SearchProvider> {
  const provider = await importProvider(runtime);
  return {
    preload: () => provider.preload?.(),
    async search(request) {
      const results = await provider.search(request);
      const hits = results.hits.map((hit) => ({ ...hit, url: toSiteUrl(hit.url, runtime, location.origin) }));
      return { ...results, hits };
    },
  };
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
