/**
 * Typesense upload with its JS client (the subset the contract test's fake checks):
 *   DELETE /collections/{name}                      drop the previous collection (a 404 is fine)
 *   POST   /collections                             the DocSearch schema below (flattened hierarchy fields)
 *   POST   /collections/{name}/documents/import?action=create   JSON lines, one record each
 * with the X-TYPESENSE-API-KEY header. A line answered with success false stops the push with its error.
 */
import { HIERARCHY_LEVELS, typesenseNode } from '../../shared/docsearch.js';
import type { PushTarget } from './push.js';
import type { SearchRecord } from './records.js';
import { importModule } from '../engineHooks.js';

/** typesense-docsearch-scraper's collection schema: flattened `hierarchy.lvlN` fields, facets for contextual search. */
export function typesenseSchema(name: string) {
  return {
    name,
    fields: [
      ...HIERARCHY_LEVELS.map((level) => ({
        name: `hierarchy.${level}`,
        type: 'string' as const,
        optional: true,
        facet: level === 'lvl0',
      })),
      { name: 'content', type: 'string' as const, optional: true },
      { name: 'url', type: 'string' as const },
      { name: 'url_without_anchor', type: 'string' as const, facet: true },
      { name: 'anchor', type: 'string' as const, optional: true },
      { name: 'type', type: 'string' as const, facet: true },
      { name: 'language', type: 'string' as const, facet: true },
      { name: 'docusaurus_tag', type: 'string' as const, facet: true },
      { name: 'item_priority', type: 'int64' as const },
    ],
    default_sorting_field: 'item_priority',
  };
}

/** A record as a Typesense document: hierarchy flattened, nulls left out, DocSearch's weight as one priority. */
export function toTypesenseDocument(record: SearchRecord): Record<string, string | number> {
  const document: Record<string, string | number> = {
    id: record.objectID,
    url: record.url,
    url_without_anchor: record.url_without_anchor,
    type: record.type,
    language: record.language,
    docusaurus_tag: record.docusaurus_tag,
    item_priority: record.weight.level * 10_000 - record.weight.position,
  };
  for (const level of HIERARCHY_LEVELS) {
    const value = record.hierarchy[level];
    if (value) document[`hierarchy.${level}`] = value;
  }
  if (record.content) document.content = record.content;
  if (record.anchor) document.anchor = record.anchor;
  return document;
}

export async function pushToTypesense(target: PushTarget, records: readonly SearchRecord[]): Promise<void> {
  // Loaded here, not at the top: the client is slow to load, which every other command (build) would pay.
  const { Client } = (await importModule('typesense')) as typeof import('typesense');
  const client = new Client({
    nodes: [typesenseNode(new URL(target.host))],
    apiKey: target.adminKey,
    connectionTimeoutSeconds: 60,
    numRetries: 0,
    logLevel: 'silent',
  });
  try {
    await client.collections(target.indexName).delete();
  } catch (error) {
    if ((error as { httpStatus?: number }).httpStatus !== 404) throw error;
  }
  await client.collections().create(typesenseSchema(target.indexName));
  const results = await client
    .collections(target.indexName)
    .documents()
    .import(records.map(toTypesenseDocument), { action: 'create' });
  const failed = results.filter((result) => !result.success);
  if (failed.length > 0)
    throw new Error(
      `Typesense refused ${failed.length} of ${records.length} records, e.g.: ${failed[0]?.error ?? 'unknown error'}`,
    );
}
