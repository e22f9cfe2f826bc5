/** Search records (DocSearch shape, one per section, every note in full) and the pure helpers around them. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildFacetFilters, toTypesenseFilter } from '../../src/client/search/facets.js';
import { createHeadingsSearch, sectionHit } from '../../src/client/search/providers/headings.js';
import { highlightTerms, sanitizeHighlight } from '../../src/client/search/hits.js';
import { toSiteUrl } from '../../src/client/search/urls.js';
import { createMarkdownRenderer, renderNote } from '../../src/node/markdown/renderNote.js';
import { createTextSearch, excerptAround } from '../../src/client/search/providers/textSearch.js';
import { buildLocalIndexFiles, type NoteBatch } from '../../src/node/search/indexFiles.js';
import { buildLocalIndex, INDEX_FILE, TEXT_BUNDLE_SIZE } from '../../src/node/search/localIndex.js';
import { buildSearchRecords, type RecordNote } from '../../src/node/search/records.js';
import { chunkParagraphs, htmlToParagraphs } from '../../src/node/search/text.js';
import { decodeEntities } from '../../src/shared/html.js';
import { asDocId, asRoute, asSourcePath } from '../../src/shared/paths.js';
import { wordsMissingFromRecords } from '../helpers/recordWords.js';

const md = createMarkdownRenderer();

/** A note rendered by the real Markdown pipeline, as records see it. */
function renderDoc(options: { id: string; route: string; title: string; body: string }): RecordNote {
  const rendered = renderNote(md, {
    sourcePath: asSourcePath(`${options.id}.md`),
    body: options.body,
    lineOffset: 0,
    resolveLink: (href) => ({ href, external: true }),
  });
  return {
    id: asDocId(options.id),
    route: asRoute(options.route),
    title: options.title,
    html: rendered.html,
    headings: rendered.headings,
    contentHasTitle: rendered.headings[0]?.level === 1,
  };
}

const note = renderDoc({
  id: 'web/vite',
  route: '/web/vite',
  title: 'Vite',
  body: '# Vite\n\nFast dev server.\n\n## Config\n\nUse `vite.config.ts` &amp; <b>plugins</b>.\n\n### Plugins\n\n- one\n- two\n\n## Links\n\n[a](https://a.example)\n',
});
const pages = [
  { route: asRoute('/web/vite'), breadcrumbs: [{ label: 'Web', href: asRoute('/web/') }, { label: 'Vite' }] },
];

describe('buildSearchRecords', () => {
  const records = buildSearchRecords({ docs: [note], pages, urlPrefix: '/' });

  test('one heading record (lvlN, content null) and content records per section, in page order', () => {
    assert.deepEqual(
      records.map((r) => [r.type, r.url, r.content]),
      [
        ['lvl1', '/web/vite', null],
        ['content', '/web/vite', 'Fast dev server.'],
        ['lvl2', '/web/vite#config', null],
        ['content', '/web/vite#config', 'Use vite.config.ts & plugins.'],
        ['lvl3', '/web/vite#plugins', null],
        ['content', '/web/vite#plugins', 'one\ntwo'],
        ['lvl2', '/web/vite#links', null],
        ['content', '/web/vite#links', 'a'],
      ],
    );
  });

  test('hierarchy: lvl0 is the top breadcrumb, lvl1 the title, deeper levels reset at each heading', () => {
    assert.deepEqual(records[4]!.hierarchy, {
      lvl0: 'Web',
      lvl1: 'Vite',
      lvl2: 'Config',
      lvl3: 'Plugins',
      lvl4: null,
      lvl5: null,
      lvl6: null,
    });
    assert.deepEqual(records[6]!.hierarchy, {
      lvl0: 'Web',
      lvl1: 'Vite',
      lvl2: 'Links',
      lvl3: null,
      lvl4: null,
      lvl5: null,
      lvl6: null,
    });
  });

  test('DocSearch fields and contextual facets; absolute URLs for hosted engines', () => {
    const hosted = buildSearchRecords({ docs: [note], pages, urlPrefix: 'https://wiki.example.com/' });
    assert.equal(hosted[2]!.url, 'https://wiki.example.com/web/vite#config');
    assert.equal(hosted[2]!.url_without_anchor, 'https://wiki.example.com/web/vite');
    assert.equal(hosted[2]!.anchor, 'config');
    assert.equal(new Set(hosted.map((r) => r.objectID)).size, hosted.length);
    assert.ok(hosted.every((r) => r.language === 'en' && r.docusaurus_tag === 'docs-default-current'));
  });

  test('every word of a long note is in its records: deep sections, long paragraphs, lists, tables, code', () => {
    const paragraph = (n: number) => Array.from({ length: 40 }, (_, w) => `word${n}x${w}`).join(' ');
    const section = (n: number) =>
      `${'#'.repeat(2 + (n % 5))} Heading ${n} zeta${n}\n\n${paragraph(n)}\n\n- item${n} alpha\n- item${n} beta\n\n| col${n} | val${n} |\n| --- | --- |\n| cell${n} | x${n} |\n\n\`\`\`\ncode${n} line\n\`\`\`\n`;
    const body = `# Long\n\n${Array.from({ length: 120 }, (_, n) => section(n)).join('\n')}\n${Array.from({ length: 5 }, () => paragraph(999)).join(' ')}\n`;
    const doc = renderDoc({ id: 'long', route: '/long', title: 'Long', body });
    const big = buildSearchRecords({ docs: [doc], pages: [], urlPrefix: '/' });
    assert.deepEqual(wordsMissingFromRecords(doc.html, big).slice(0, 10), []);
    assert.ok(
      big.some((r) => r.hierarchy.lvl6 === 'Heading 4 zeta4'),
      'a level-6 section has its own records',
    );
    assert.ok(
      big.every((r) => (r.content ?? '').length <= 1500),
      'records stay small',
    );
    // The check can fail: without one section's records, the words of its text are missing (its heading is still in
    // the hierarchy of the sections under it).
    const lost = big.filter((r) => r.anchor !== 'heading-7-zeta7');
    assert.ok(lost.length < big.length);
    const missing = wordsMissingFromRecords(doc.html, lost);
    assert.deepEqual(
      ['word7x0', 'word7x39', 'item7', 'cell7', 'code7'].filter((word) => !missing.includes(word)),
      [],
    );
    assert.ok(!missing.includes('word8x0'), 'only that section');
  });
});

describe('text helpers', () => {
  const cases: Array<[string, string[]]> = [
    ['<p>a &amp; b &lt;c&gt; &#39;d&#x27;</p>', ["a & b <c> 'd'"]],
    ['<ul><li>one</li><li>two <code>x</code></li></ul>', ['one', 'two x']],
    ['<pre><code>line1\nline2</code></pre><!-- hidden -->', ['line1', 'line2']],
    ['<h2 id="x">T<a class="hash-link">\u200B</a></h2><p>t</p>', ['T', 't']],
    ['<p> a  b\tc\u00a0d \u200B e\u200Bf\r\n \n g </p>', ['a b c d e f', 'g']],
  ];
  for (const [html, expected] of cases)
    test(`htmlToParagraphs ${JSON.stringify(html)}`, () => assert.deepEqual(htmlToParagraphs(html), expected));

  test('decodeEntities leaves unknown entities', () => assert.equal(decodeEntities('&foo; &#65;'), '&foo; A'));
  test('chunkParagraphs packs paragraphs and cuts long ones at spaces', () => {
    assert.deepEqual(chunkParagraphs(['aaa', 'bbb', 'ccc'], 7), ['aaa\nbbb', 'ccc']);
    assert.deepEqual(chunkParagraphs(['aaaa bbbb cccc'], 9), ['aaaa bbbb', 'cccc']);
  });
});

describe('embedded index', () => {
  const records = buildSearchRecords({ docs: [note], pages, urlPrefix: '/' });
  const index = buildLocalIndex(records);
  const text = createTextSearch(index.data, async (file) => {
    const shard = /^terms\/(\d+)\.txt$/.exec(file);
    if (!shard) throw new Error(`unexpected fetch ${file}`);
    return index.shards[Number(shard[1])]!;
  });

  test('titles, headings (with parents) and one chunk per content record, mapped to its section', () => {
    assert.deepEqual(index.data.pages, [['Vite', '/web/vite', 'Web']]);
    assert.deepEqual(index.data.headings, [
      [0, 2, 'Config', 'config', -1],
      [0, 3, 'Plugins', 'plugins', 0],
      [0, 2, 'Links', 'links', -1],
    ]);
    assert.deepEqual(index.data.chunkSections, [0, -1, -2, -3]);
    assert.deepEqual(index.texts, ['Fast dev server.', 'Use vite.config.ts & plugins.', 'one\ntwo', 'a']);
    assert.deepEqual(index.data.shardStarts, [index.shards[0]!.split('\t')[0]]);
  });

  const cases: Array<[string, number[]]> = [
    ['plugins', [-1, -2]], // the text of Config, and Plugins through its heading
    ['plug', [-1, -2]], // prefix
    ['vite config', [-1, -2]], // every term must match: page title + headings (Plugins is under Config) + text
    ['vite links two', []],
    ['two', [-2]],
    ['absent', []],
  ];
  for (const [query, sections] of cases) {
    test(`text search ${JSON.stringify(query)}`, async () =>
      assert.deepEqual((await text.search(query)).map((m) => m.section).sort(), sections.sort()));
  }

  test('the title list finds a title with a one-letter typo and headings by prefix', () => {
    const search = createHeadingsSearch(index.data);
    const first = (query: string) => sectionHit(index.data, search.search(query)[0]!);
    assert.equal(first('Vote').url, '/web/vite');
    assert.equal(first('confi').url, '/web/vite#config');
    assert.deepEqual(first('plugns').hierarchy, {
      lvl0: 'Web',
      lvl1: 'Vite',
      lvl2: 'Config',
      lvl3: 'Plugins',
      lvl4: null,
      lvl5: null,
      lvl6: null,
    });
  });

  test('the worker input (a batch of notes cloned into the worker) gives the same index files as the notes themselves', () => {
    // Sections enough for several text bundles: the worker writes each bundle as soon as it fills.
    const sections = Array.from(
      { length: 3 * TEXT_BUNDLE_SIZE },
      (_, n) => `## Stop ${n}\n\nStation ${n} of the line.\n`,
    ).join('\n');
    const other = renderDoc({
      id: 'travel/japan',
      route: '/travel/japan',
      title: 'Japan — 日本',
      body: `# Japan — 日本\n\nTōkyō, 東京 and “Kyoto”.\n\n## Food\n\nRamen 🍜.\n\n${sections}`,
    });
    const docs = [note, other];
    const batch = structuredClone({ notes: docs }) satisfies NoteBatch; // as the worker gets them
    const files = new Map<string, string>();
    buildLocalIndexFiles({ pages, urlPrefix: '/', indexDir: 'search/' }, batch.notes, (relPath, text) =>
      files.set(relPath, text),
    );
    const direct = buildLocalIndex(buildSearchRecords({ docs, pages, urlPrefix: '/' }));
    assert.equal(files.get(`search/${INDEX_FILE}`), JSON.stringify(direct.data));
    assert.equal(files.get('search/terms/0.txt'), direct.shards[0]);
    const bundles = [...files.keys()].filter((file) => file.startsWith('search/text/')).length;
    assert.ok(bundles >= 3, `${bundles} text bundles`);
    for (let n = 0; n < bundles; n++)
      assert.deepEqual(
        JSON.parse(files.get(`search/text/${n}.json`)!),
        direct.texts.slice(n * TEXT_BUNDLE_SIZE, (n + 1) * TEXT_BUNDLE_SIZE),
      );
    assert.equal(bundles, Math.ceil(direct.texts.length / TEXT_BUNDLE_SIZE));
    assert.ok(direct.texts.includes('Tōkyō, 東京 and “Kyoto”.'));
  });

  test('excerpts cut around the first matching word', () => {
    const long = `${'alpha '.repeat(60)}needle ${'omega '.repeat(60)}`.trim();
    const excerpt = excerptAround(long, ['needle']);
    assert.match(excerpt, /^….*needle.*…$/);
    assert.ok(excerpt.length <= 204);
    assert.equal(excerptAround('short text', ['text']), 'short text');
  });
});

describe('client helpers', () => {
  test('contextual search adds the locale and docs version tags before the configured filters (SPEC §5)', () => {
    const runtime = {
      contextualSearch: true,
      locale: 'en',
      docsTags: ['default', 'docs-default-current'],
      facetFilters: ['type:content'],
    };
    assert.deepEqual(buildFacetFilters(runtime), [
      'language:en',
      ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'],
      'type:content',
    ]);
    assert.deepEqual(buildFacetFilters({ ...runtime, contextualSearch: false }), ['type:content']);
  });

  const typesense: Array<[Parameters<typeof toTypesenseFilter>[0], string]> = [
    [['language:en'], 'language:=`en`'],
    [[['a:1', 'a:2'], 'b:x y'], 'a:=[`1`,`2`] && b:=`x y`'],
    [[['a:1', 'b:2']], '(a:=`1` || b:=`2`)'],
    [[], ''],
  ];
  for (const [filters, expected] of typesense)
    test(`toTypesenseFilter ${JSON.stringify(filters)}`, () => assert.equal(toTypesenseFilter(filters), expected));

  test('highlights are escaped with <mark> as the only markup', () => {
    assert.equal(
      sanitizeHighlight('a <mark>b</mark> <img src=x onerror=alert(1)>&lt;c&gt;'),
      'a <mark>b</mark> &lt;img src=x onerror=alert(1)&gt;&lt;c&gt;',
    );
    assert.equal(
      highlightTerms('Rust <libs> & rusty', ['rust']),
      '<mark>Rust</mark> &lt;libs&gt; &amp; <mark>rusty</mark>',
    );
  });

  test('result URLs become site paths, unless external; replaceSearchResultPathname applies', () => {
    assert.equal(
      toSiteUrl('https://wiki.example.com/web/vite#config', {}, 'http://127.0.0.1:3000'),
      '/web/vite#config',
    );
    assert.equal(
      toSiteUrl('https://other.example/x', { externalUrlRegex: 'other\\.example' }, 'http://h'),
      'https://other.example/x',
    );
    assert.equal(toSiteUrl('/docs/a', { replaceSearchResultPathname: { from: '^/docs/', to: '/' } }, 'http://h'), '/a');
  });
});
