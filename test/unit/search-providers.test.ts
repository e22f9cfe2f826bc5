/**
 * Contract tests of the hosted providers against a fake engine on 127.0.0.1: the fake checks each request the way
 * the real API would (path, method, key headers, body fields) and answers in the real API's shape.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createAlgoliaProvider } from '../../src/client/search/providers/algolia.js';
import { createTypesenseProvider } from '../../src/client/search/providers/typesense.js';
import { loadProvider } from '../../src/client/search/provider.js';
import { pushRecords } from '../../src/node/search/push.js';
import type { SearchRecord } from '../../src/node/search/records.js';
import type { SearchRuntime } from '../../src/shared/search.js';
import { hostileAlgoliaHit, hostileTypesenseHit, markupBesidesHighlights } from '../helpers/hostileMarkup.js';

interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}
type Answer = (request: Recorded) => { status: number; body: unknown; type?: string };

/** A loopback server that records requests and answers with `answer`. */
async function startFake(answer: Answer): Promise<{ url: string; requests: Recorded[]; server: Server }> {
  const requests: Recorded[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const recorded = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(recorded);
    const { status, body, type = 'application/json' } = answer(recorded);
    res.writeHead(status, { 'Content-Type': type }).end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, server };
}

const CONTEXT_FACETS = ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']];

function runtimeFor(provider: 'algolia' | 'typesense', host: string): SearchRuntime {
  return {
    provider,
    host,
    appId: 'APPID',
    apiKey: 'public-search-key',
    indexName: 'wiki',
    searchPagePath: '/search',
    stylesheetUrl: '',
    indexUrl: '',
    facetFilters: ['type:content'],
    contextualSearch: true,
    locale: 'en',
    docsTags: ['default', 'docs-default-current'],
    missingResultsUrl: '',
  };
}

const record: SearchRecord = {
  objectID: 'web/vite#config-0',
  type: 'content',
  content: 'Vite <config> & plugins',
  url: 'https://wiki.example.com/web/vite#config',
  url_without_anchor: 'https://wiki.example.com/web/vite',
  anchor: 'config',
  hierarchy: { lvl0: 'Web', lvl1: 'Vite', lvl2: 'Config', lvl3: null, lvl4: null, lvl5: null, lvl6: null },
  language: 'en',
  docusaurus_tag: 'docs-default-current',
  weight: { pageRank: 0, level: 0, position: 1 },
};

describe('Algolia provider (loopback fake of /1/indexes/*/queries)', () => {
  let fake: Awaited<ReturnType<typeof startFake>>;
  let status = 200;
  before(async () => {
    fake = await startFake((req) => {
      if (status !== 200) return { status, body: { message: 'Internal error', status } };
      if (req.method !== 'POST' || !req.path.startsWith('/1/indexes/*/queries'))
        return { status: 404, body: { message: 'Not found' } };
      if (
        req.headers['x-algolia-application-id'] !== 'APPID' ||
        req.headers['x-algolia-api-key'] !== 'public-search-key'
      )
        return { status: 403, body: { message: 'Invalid Application-ID or API key' } };
      const { requests } = JSON.parse(req.body) as { requests: Array<{ query: string }> };
      const hit = {
        ...record,
        _highlightResult: {},
        _snippetResult: { content: { value: 'Vite &lt;config&gt; &amp; <mark>plugins</mark>', matchLevel: 'full' } },
      };
      return {
        status: 200,
        body: {
          results: [
            {
              hits: [hit],
              nbHits: 42,
              page: 0,
              nbPages: 3,
              hitsPerPage: 20,
              query: requests[0]!.query,
              params: '',
              processingTimeMS: 1,
              exhaustiveNbHits: true,
            },
          ],
        },
      };
    });
  });
  after(() => fake.server.close());

  test('sends the query, the index, paging and the contextual facet filters with the public key', async () => {
    const provider = createAlgoliaProvider(runtimeFor('algolia', fake.url));
    const results = await provider.search({ query: 'plugins', page: 2, hitsPerPage: 20 });
    assert.equal(results.nbHits, 42);
    assert.equal(results.hits[0]!.url, record.url);
    const sent = JSON.parse(fake.requests.at(-1)!.body) as { requests: Array<Record<string, unknown>> };
    assert.equal(sent.requests.length, 1);
    assert.deepEqual(
      { ...sent.requests[0], attributesToRetrieve: undefined, attributesToSnippet: undefined },
      {
        indexName: 'wiki',
        query: 'plugins',
        page: 2,
        hitsPerPage: 20,
        facetFilters: [...CONTEXT_FACETS, 'type:content'],
        attributesToRetrieve: undefined,
        attributesToSnippet: undefined,
        snippetEllipsisText: '…',
        highlightPreTag: '<mark>',
        highlightPostTag: '</mark>',
      },
    );
  });

  test('a failing backend rejects the search (the modal shows its error screen)', async () => {
    status = 500;
    try {
      await assert.rejects(
        createAlgoliaProvider(runtimeFor('algolia', fake.url)).search({ query: 'x', page: 0, hitsPerPage: 20 }),
      );
    } finally {
      status = 200;
    }
  });

  test('search-push sets DocSearch settings, clears the index and uploads every record in batches', async () => {
    const push = await startFake((req) => ({
      status: req.headers['x-algolia-api-key'] === 'admin-key' ? 200 : 403,
      body: { taskID: 1 },
    }));
    try {
      const records = Array.from({ length: 1001 }, (_, i) => ({ ...record, objectID: `r${i}` }));
      const summary = await pushRecords(
        { provider: 'algolia', appId: 'APPID', indexName: 'my index', host: push.url, adminKey: 'admin-key' },
        records,
      );
      assert.equal(summary.records, 1001);
      assert.deepEqual(
        push.requests.map((r) => `${r.method} ${r.path}`),
        [
          'PUT /1/indexes/my%20index/settings',
          'POST /1/indexes/my%20index/clear',
          'POST /1/indexes/my%20index/batch',
          'POST /1/indexes/my%20index/batch',
        ],
      );
      const settings = JSON.parse(push.requests[0]!.body) as { attributesForFaceting: string[] };
      assert.ok(
        settings.attributesForFaceting.includes('language') &&
          settings.attributesForFaceting.includes('docusaurus_tag'),
      );
      const batches = push.requests
        .slice(2)
        .map((r) => JSON.parse(r.body) as { requests: Array<{ action: string; body: SearchRecord }> });
      assert.deepEqual(
        batches.map((b) => b.requests.length),
        [1000, 1],
      );
      assert.equal(batches[0]!.requests[0]!.action, 'addObject');
      assert.deepEqual(batches[0]!.requests[0]!.body, records[0]);
    } finally {
      push.server.close();
    }
  });
});

describe('Typesense provider (loopback fake of /multi_search and /collections)', () => {
  test('multi_search gets q, query_by, filter_by from the contextual facets, paging and the key header', async () => {
    const fake = await startFake((req) => {
      if (req.method !== 'POST' || !req.path.startsWith('/multi_search'))
        return { status: 404, body: { message: 'Not Found' } };
      // The real API takes the key as a header or as a query parameter (the SearchClient's default).
      const key =
        req.headers['x-typesense-api-key'] ?? new URL(req.path, 'http://x').searchParams.get('x-typesense-api-key');
      if (key !== 'public-search-key')
        return { status: 401, body: { message: 'Forbidden - a valid `x-typesense-api-key` header must be sent.' } };
      const document = {
        id: '1',
        'hierarchy.lvl0': 'Web',
        'hierarchy.lvl1': 'Vite',
        'hierarchy.lvl2': 'Config',
        content: 'Vite <config> & plugins',
        url: 'https://wiki.example.com/web/vite#config',
        type: 'content',
      };
      return {
        status: 200,
        body: {
          results: [
            {
              found: 7,
              out_of: 100,
              page: 2,
              hits: [
                {
                  document,
                  highlight: { content: { snippet: 'Vite &lt;config&gt; &amp; <mark>plugins</mark>' } },
                  highlights: [],
                },
              ],
            },
          ],
        },
      };
    });
    try {
      const results = await createTypesenseProvider(runtimeFor('typesense', fake.url)).search({
        query: 'plugins',
        page: 1,
        hitsPerPage: 20,
      });
      assert.equal(results.nbHits, 7);
      const hit = results.hits[0]!;
      assert.equal(hit.url, 'https://wiki.example.com/web/vite#config');
      assert.equal(hit.hierarchy.lvl2, 'Config');
      assert.equal(hit._snippetResult.content.value, 'Vite &lt;config&gt; &amp; <mark>plugins</mark>');
      const { searches } = JSON.parse(fake.requests[0]!.body) as { searches: Array<Record<string, unknown>> };
      assert.equal(searches[0]!.collection, 'wiki');
      assert.equal(searches[0]!.q, 'plugins');
      assert.equal(searches[0]!.page, 2);
      assert.equal(searches[0]!.per_page, 20);
      assert.match(String(searches[0]!.query_by), /^hierarchy\.lvl0,.*,content$/);
      assert.equal(
        searches[0]!.filter_by,
        'language:=`en` && docusaurus_tag:=[`default`,`docs-default-current`] && type:=`content`',
      );
    } finally {
      fake.server.close();
    }
  });

  test('search-push replaces the collection and imports every record as a JSON line', async () => {
    const fake = await startFake((req) => {
      if (req.headers['x-typesense-api-key'] !== 'admin-key') return { status: 401, body: { message: 'Forbidden' } };
      if (req.method === 'DELETE' && req.path === '/collections/wiki')
        return { status: 404, body: { message: 'Not Found' } };
      if (req.method === 'POST' && req.path === '/collections')
        return { status: 201, body: JSON.parse(req.body) as unknown };
      if (req.method === 'POST' && req.path.startsWith('/collections/wiki/documents/import')) {
        // The real API answers the import as JSON lines in text/plain.
        return {
          status: 200,
          type: 'text/plain; charset=utf-8',
          body: req.body
            .split('\n')
            .map(() => '{"success":true}')
            .join('\n'),
        };
      }
      return { status: 404, body: { message: 'Not Found' } };
    });
    try {
      await pushRecords(
        { provider: 'typesense', appId: '', indexName: 'wiki', host: fake.url, adminKey: 'admin-key' },
        [record, { ...record, objectID: 'b', content: null, type: 'lvl2' }],
      );
      assert.deepEqual(
        fake.requests.map((r) => `${r.method} ${r.path.split('?')[0]}`),
        ['DELETE /collections/wiki', 'POST /collections', 'POST /collections/wiki/documents/import'],
      );
      assert.match(fake.requests[2]!.path, /action=create/);
      const schema = JSON.parse(fake.requests[1]!.body) as { fields: Array<{ name: string; facet?: boolean }> };
      assert.ok(
        schema.fields.some((f) => f.name === 'language' && f.facet) &&
          schema.fields.some((f) => f.name === 'docusaurus_tag' && f.facet),
      );
      const lines = fake.requests[2]!.body.split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
      assert.equal(lines.length, 2);
      assert.equal(lines[0]!['hierarchy.lvl1'], 'Vite');
      assert.equal(lines[0]!.docusaurus_tag, 'docs-default-current');
      assert.equal('content' in lines[1]!, false);
    } finally {
      fake.server.close();
    }
  });
});

// Issue 21: with Algolia, a note that only showed `<img onerror=...>` in a code block ran it in the search modal.
describe('hostile markup in hosted records, through loadProvider (what the modal and the search page use)', () => {
  const answers = {
    algolia: () => ({
      status: 200,
      body: {
        results: [
          {
            hits: [hostileAlgoliaHit],
            nbHits: 1,
            page: 0,
            nbPages: 1,
            hitsPerPage: 20,
            query: 'x',
            params: '',
            processingTimeMS: 1,
          },
        ],
      },
    }),
    typesense: () => ({
      status: 200,
      body: { results: [{ found: 1, out_of: 1, page: 1, hits: [hostileTypesenseHit] }] },
    }),
  };

  for (const provider of ['algolia', 'typesense'] as const) {
    test(`${provider}: nothing executable survives, the highlights do`, async () => {
      const fake = await startFake(answers[provider]);
      try {
        // Every URL counts as external here, so the hit's javascript: URL reaches the sanitiser as it is.
        const runtime = { ...runtimeFor(provider, fake.url), externalUrlRegex: '.' };
        const { hits } = await (
          await loadProvider(runtime, 'https://wiki.example.com')
        ).search({ query: 'img', page: 0, hitsPerPage: 20 });
        assert.equal(hits.length, 1);
        const hit = hits[0]!;
        assert.deepEqual(markupBesidesHighlights(hit), []);
        assert.equal(hit.url, '#');
        assert.match(
          hit._snippetResult.content.value,
          /<mark>&lt;img src=x onerror=alert\(3\)&gt;<\/mark> in a code block$/,
        );
        assert.match(hit._snippetResult.hierarchy.lvl1.value, /^<mark>Title<\/mark> &lt;script&gt;/);
        assert.equal(hit.hierarchy.lvl0, '<img src=x onerror=alert(0)>', 'lvl0 stays plain text (rendered as text)');
      } finally {
        fake.server.close();
      }
    });
  }

  test('a javascript: URL of a site record becomes a harmless path', async () => {
    const fake = await startFake(answers.algolia);
    try {
      const { hits } = await (
        await loadProvider(runtimeFor('algolia', fake.url), 'https://wiki.example.com')
      ).search({ query: 'img', page: 0, hitsPerPage: 20 });
      assert.doesNotMatch(hits[0]!.url, /^\s*javascript:/i);
    } finally {
      fake.server.close();
    }
  });
});
