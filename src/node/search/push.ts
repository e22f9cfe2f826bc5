/**
 * `wiki search-push`: builds the records of every note (absolute URLs, DocSearch shape) and uploads them to the
 * configured hosted engine with the admin key from WIKI_SEARCH_ADMIN_KEY (never from the config: it is secret).
 */
import type { SiteConfig } from '../config/schema.js';
import { pushToAlgolia } from './pushAlgolia.js';
import { pushToTypesense } from './pushTypesense.js';
import type { SearchRecord } from './records.js';

export const ADMIN_KEY_VARIABLE = 'WIKI_SEARCH_ADMIN_KEY';

export interface PushTarget {
  /** Algolia application id (Algolia only). */
  readonly appId: string;
  readonly indexName: string;
  /** Algolia: optional host override; Typesense: the node URL. */
  readonly host: string;
  readonly adminKey: string;
}

/** What the command reports: how many records went where. */
export interface PushSummary {
  readonly provider: 'algolia' | 'typesense';
  readonly indexName: string;
  readonly records: number;
}

/** Checks the settings a push needs and says which one is missing and how to set it. */
export function resolvePushTarget(
  config: SiteConfig,
  env: NodeJS.ProcessEnv,
): PushTarget & { provider: 'algolia' | 'typesense' } {
  const { search } = config;
  if (search.provider === 'local') {
    throw new Error(
      'search.provider is "local": the embedded index is built with the site, there is nothing to push.\n    Set search.provider to "algolia" or "typesense" in the config to use a hosted engine.',
    );
  }
  const missing = [
    !search.indexName && 'search.indexName',
    search.provider === 'algolia' && !search.appId && 'search.appId',
    search.provider === 'typesense' && !search.host && 'search.host',
  ].filter(Boolean);
  if (missing.length > 0)
    throw new Error(
      `The config has no ${missing.join(', ')} for ${search.provider}.\n    Set ${missing.join(' and ')} in the config's search settings.`,
    );
  const adminKey = env[ADMIN_KEY_VARIABLE] ?? '';
  if (!adminKey)
    throw new Error(
      `No admin key: ${ADMIN_KEY_VARIABLE} is not set.\n    Export the ${search.provider} admin (write) key as ${ADMIN_KEY_VARIABLE}; the config's apiKey is the public search-only key.`,
    );
  return { provider: search.provider, appId: search.appId, indexName: search.indexName, host: search.host, adminKey };
}

/** Uploads the records, replacing the index's contents. */
export async function pushRecords(
  target: PushTarget & { provider: 'algolia' | 'typesense' },
  records: readonly SearchRecord[],
): Promise<PushSummary> {
  if (target.provider === 'algolia') await pushToAlgolia(target, records);
  else await pushToTypesense(target, records);
  return { provider: target.provider, indexName: target.indexName, records: records.length };
}
