/**
 * Ranking of the embedded search (issue 25): punctuated names, abbreviations, exact words in text over loose title
 * matches, list excerpts with separators. Notes rendered by the real Markdown pipeline, indexed by the real builder,
 * searched by the browser's provider with its index files served from memory.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLocalProvider } from '../../src/client/search/providers/local.js';
import type { SearchProvider } from '../../src/client/search/hits.js';
import { createMarkdownRenderer, renderNote } from '../../src/node/markdown/renderNote.js';
import { buildLocalIndexFiles } from '../../src/node/search/indexFiles.js';
import type { RecordNote } from '../../src/node/search/records.js';
import type { SearchRuntime } from '../../src/shared/search.js';
import { asDocId, asRoute, asSourcePath } from '../../src/shared/paths.js';

const md = createMarkdownRenderer();

/** A note from Markdown; `title` is the page title (the reference rule cuts "# C#" to "C"). */
function note(route: string, body: string, title?: string): RecordNote {
  const rendered = renderNote(md, {
    sourcePath: asSourcePath(`${route.slice(1) || 'index'}.md`),
    body,
    lineOffset: 0,
    resolveLink: (href) => ({ href, external: true }),
  });
  const h1 = rendered.headings[0]?.level === 1 ? rendered.headings[0].text : undefined;
  return {
    id: asDocId(route.slice(1)),
    route: asRoute(route),
    title: title ?? h1 ?? route,
    html: rendered.html,
    headings: rendered.headings,
    contentHasTitle: h1 !== undefined,
  };
}

const filler = (n: number) => Array.from({ length: n }, (_, i) => `Word${i} sentence about other things.`).join(' ');

const notes = [
  note('/batteries', `# Batteries\n\n## Links\n\n- How battery costs fell\n- Solid-state cells\n`),
  note('/dark-matter', `# Dark matter\n\n${filler(5)}\n`),
  note(
    '/kubernetes',
    `# Kubernetes\n\nKubernetes runs containers. ${filler(3)}\n\n- [Kubernetes](https://k8s.io)\n  - [Kubernetes documentation](https://k8s.io/docs)\n  - Borg, Omega\n`,
  ),
  note('/cli', `# CLI\n\n## kubectl: run commands against Kubernetes clusters\n\nA tool.\n`),
  note('/csharp', `# C#\n\n.NET runtime and C# language. ${filler(2)}\n`, 'C'),
  note('/c', `# C\n\nThe C language. ${filler(2)}\n`),
  note('/netherlands', `# Netherlands\n\nA country with a net of canals. ${filler(2)}\n`),
  note('/nodejs', `# Node.js\n\nServer JavaScript. ${filler(2)}\n`),
  note('/machine-learning', `# Machine learning\n\nML models learn from data. ${filler(4)} ML tooling.\n`),
  note('/libraries', `# Libraries\n\n## ML\n\n- scikit\n\n## Web\n\n- ml-web tool\n`),
];

function serveIndex(): Map<string, string> {
  const files = new Map<string, string>();
  buildLocalIndexFiles(
    { pages: notes.map((n) => ({ route: n.route, breadcrumbs: [] })), urlPrefix: '/', indexDir: 'search/' },
    notes,
    (relPath, text) => files.set(relPath, text),
  );
  return files;
}

describe('ranking of the embedded search', () => {
  let provider: SearchProvider;
  const realFetch = globalThis.fetch;
  before(() => {
    const files = serveIndex();
    globalThis.fetch = (async (url: string) => {
      const text = files.get(String(url).replace(/^\//, ''));
      return { ok: text !== undefined, status: text === undefined ? 404 : 200, text: async () => text ?? '' };
    }) as unknown as typeof fetch;
    provider = createLocalProvider({ indexUrl: '/search/' } as SearchRuntime);
  });
  after(() => {
    globalThis.fetch = realFetch;
  });

  const firstPages = async (query: string, count = 1) => {
    const { hits } = await provider.search({ query, page: 0, hitsPerPage: 20 });
    return [...new Set(hits.map((hit) => hit.url.split('#')[0]))].slice(0, count);
  };

  const firsts: Array<[string, string, string]> = [
    ['C#', '/csharp', 'a punctuated name keeps its punctuation'],
    ['.NET', '/csharp', 'a leading dot is part of the name (not "net" of Netherlands)'],
    ['node.js', '/nodejs', 'a dotted name'],
    ['ml', '/machine-learning', 'an abbreviation of a title beats a heading named "ML"'],
    ['battery', '/batteries', 'the other number of a word in the title and text beats a typo-close title'],
    ['kube', '/kubernetes', 'a title that starts with the query beats a long heading that mentions it'],
    ['kubernetis', '/kubernetes', 'a typo still finds the title'],
  ];
  for (const [query, route, why] of firsts)
    test(`${JSON.stringify(query)} ranks ${route} first: ${why}`, async () =>
      assert.deepEqual(await firstPages(query), [route]));

  test('the C# record keeps the heading\'s "#" while the page title is "C"', async () => {
    const { hits } = await provider.search({ query: 'C#', page: 0, hitsPerPage: 5 });
    assert.equal(hits[0]?.hierarchy.lvl1, 'C#');
  });

  test('every hit of a result list has its own objectID', async () => {
    for (const query of ['kubernetes', 'ml', 'battery']) {
      const { hits } = await provider.search({ query, page: 0, hitsPerPage: 20 });
      const ids = hits.map((hit) => hit.objectID);
      assert.equal(new Set(ids).size, ids.length, ids.join(' '));
    }
  });

  test('a link list excerpt separates its items', async () => {
    const { hits } = await provider.search({ query: 'omega', page: 0, hitsPerPage: 5 });
    const excerpt = hits.find((hit) => hit.type === 'content')?.content ?? '';
    assert.match(excerpt, /Kubernetes · Kubernetes documentation · Borg, Omega/);
  });
});
