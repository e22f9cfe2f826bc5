/**
 * Algolia upload over its REST API (the subset the contract test's fake checks):
 *   PUT  /1/indexes/{index}/settings  facets, searchable attributes, DocSearch's ranking and distinct-by-url
 *   POST /1/indexes/{index}/clear     drop the previous records
 *   POST /1/indexes/{index}/batch     { requests: [{ action: 'addObject', body: record }] }, 1,000 records per call
 * with X-Algolia-Application-Id and X-Algolia-API-Key headers; any non-2xx answer stops the push with its message.
 */
import type { PushTarget } from './push.js';
import type { SearchRecord } from './records.js';

const BATCH_SIZE = 1000;

/** DocSearch's index settings (as its crawler's config sets them). */
export const ALGOLIA_SETTINGS = {
  attributesForFaceting: ['type', 'language', 'docusaurus_tag'],
  searchableAttributes: [
    'unordered(hierarchy.lvl0)',
    'unordered(hierarchy.lvl1)',
    'unordered(hierarchy.lvl2)',
    'unordered(hierarchy.lvl3)',
    'unordered(hierarchy.lvl4)',
    'unordered(hierarchy.lvl5)',
    'unordered(hierarchy.lvl6)',
    'content',
  ],
  attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
  attributesToSnippet: ['content:10'],
  customRanking: ['desc(weight.pageRank)', 'desc(weight.level)', 'asc(weight.position)'],
  distinct: true,
  attributeForDistinct: 'url',
  highlightPreTag: '<mark>',
  highlightPostTag: '</mark>',
};

export async function pushToAlgolia(target: PushTarget, records: readonly SearchRecord[]): Promise<void> {
  const base = `${(target.host || `https://${target.appId}.algolia.net`).replace(/\/$/, '')}/1/indexes/${encodeURIComponent(target.indexName)}`;
  const call = (method: string, path: string, body: unknown) => callAlgolia(target, method, `${base}${path}`, body);
  await call('PUT', '/settings', ALGOLIA_SETTINGS);
  await call('POST', '/clear', {});
  for (let start = 0; start < records.length; start += BATCH_SIZE) {
    await call('POST', '/batch', {
      requests: records.slice(start, start + BATCH_SIZE).map((body) => ({ action: 'addObject', body })),
    });
  }
}

async function callAlgolia(target: PushTarget, method: string, url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method,
    headers: {
      'X-Algolia-Application-Id': target.appId,
      'X-Algolia-API-Key': target.adminKey,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`Algolia refused ${method} ${new URL(url).pathname}: ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : {};
}
