import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createMarkdownRenderer, renderNote } from '../../src/node/markdown/renderNote.js';
import { collectSiteLinks, linkedRoute } from '../../src/node/resolve/backlinks.js';
import { buildGraphFile } from '../../src/node/resolve/graph.js';
import { extractLinkContext, MAX_CONTEXT_CHARS, toPlainText } from '../../src/node/resolve/linkContext.js';
import { createLinkResolver } from '../../src/node/resolve/links.js';
import { scanMarkdownLinks } from '../../src/node/resolve/linkScan.js';
import { neighbourhood } from '../../src/shared/graph.js';
import { asRoute, asSourcePath, type SourcePath } from '../../src/shared/paths.js';
import { fixturesDir } from '../helpers/cli.js';

// The backlinks stage: links read from each note's Markdown, resolved by the renderer's resolver, one per linking note.
const md = createMarkdownRenderer();
const docsDir = path.join(fixturesDir, 'link-assets/docs');
const routes = [
  ['a.md', '/a'],
  ['b.md', '/b'],
  ['c/index.md', '/c/'],
  ['c/d.md', '/c/d'],
] as const;
const resolveLink = createLinkResolver({
  routes: routes.map(([source, route]) => [source, asRoute(route)] as const),
  docsDir,
  staticFiles: new Set(),
  extraRoutes: new Set(['/search']),
  baseUrl: '/',
});

/** The backlinks of /b when a.md's Markdown is `body` (b.md and the others link nowhere). */
function backlinksOfB(body: string, options: { resolveWikilink?: (inner: string) => SourcePath | undefined } = {}) {
  const notes = routes.map(([sourcePath, route]) => ({
    sourcePath: asSourcePath(sourcePath),
    route: asRoute(route),
    title: `Note ${sourcePath}`,
    body: sourcePath === 'a.md' ? body : '',
  }));
  const { resolveWikilink } = options;
  return collectSiteLinks(notes, {
    md,
    resolveLink,
    baseUrl: '/',
    ...(resolveWikilink && { resolveWikilink: (inner: string) => resolveWikilink(inner) }),
  }).backlinks.get(asRoute('/b'));
}

const cases: readonly { name: string; body: string; context?: string; none?: true }[] = [
  { name: 'an inline link', body: 'See [B](b.md) for more.', context: 'See B for more.' },
  { name: 'a link with an anchor', body: 'See [the part](b.md#part).', context: 'See the part.' },
  { name: 'a route link', body: 'See [B](/b).', context: 'See B.' },
  { name: 'a reference link', body: 'See [B][ref].\n\n[ref]: ./b.md', context: 'See B.' },
  { name: 'a shortcut reference', body: 'See [B].\n\n[b]: b.md "Title"', context: 'See B.' },
  { name: 'an angle-bracket destination', body: 'See [B](<b.md>).', context: 'See B.' },
  { name: 'a fenced code block', body: '```md\n[B](b.md)\n```', none: true },
  { name: 'a tilde fence', body: '~~~\n[B](b.md)\n~~~\nText.', none: true },
  { name: 'inline code', body: 'Write `[B](b.md)` to link.', none: true },
  { name: 'an HTML comment', body: '<!-- [B](b.md) -->', none: true },
  { name: 'an image', body: '![B](b.md)', none: true },
  { name: 'an escaped bracket', body: '\\[B](b.md)', none: true },
  { name: 'a broken link', body: '[B](missing.md)', none: true },
  { name: 'an external link', body: '[B](https://example.com/b)', none: true },
  { name: 'an undefined reference', body: 'See [B][nowhere].', none: true },
  {
    name: 'the sentence of the link, not its neighbours',
    body: 'First sentence here. The **second** links [B](b.md) _here_! Third one.',
    context: 'The second links B here!',
  },
  { name: 'a list item', body: '- one\n- two [B](b.md)\n- three', context: 'two B' },
  { name: 'a heading', body: '## About [B](b.md) {#about}\n\nText.', context: 'About B' },
  {
    name: 'a paragraph over lines',
    body: 'This line\ngoes on to [B](b.md)\nand ends.',
    context: 'This line goes on to B and ends.',
  },
  { name: 'a link after code', body: 'Run `npm i` then read [B](b.md).', context: 'Run npm i then read B.' },
];

describe('collectSiteLinks', () => {
  for (const testCase of cases) {
    it(`${testCase.none ? 'ignores' : 'counts'} ${testCase.name}`, () => {
      const backlinks = backlinksOfB(testCase.body);
      if (testCase.none) return assert.equal(backlinks, undefined);
      assert.deepEqual(backlinks, [{ title: 'Note a.md', href: '/a', context: testCase.context }]);
    });
  }

  it('merges every link of one note to the same note into one backlink, with the first context', () => {
    const backlinks = backlinksOfB('Once [B](b.md). Twice [B again](./b.md#x). Thrice [B](/b).');
    assert.deepEqual(
      backlinks?.map((link) => link.context),
      ['Once B.'],
    );
  });

  it('ignores a note linking to itself, with or without an anchor', () => {
    const notes = [
      { sourcePath: asSourcePath('a.md'), route: asRoute('/a'), title: 'A', body: '[me](a.md) [top](#top)' },
    ];
    const links = collectSiteLinks(notes, { md, resolveLink, baseUrl: '/' });
    assert.equal(links.backlinks.size, 0);
    assert.deepEqual(links.edges, []);
  });

  it('lists the linking notes in title order, and the edges once each', () => {
    const notes = routes.map(([sourcePath, route], index) => ({
      sourcePath: asSourcePath(sourcePath),
      route: asRoute(route),
      title: sourcePath,
      body: index === 1 ? '' : `[B](${index === 0 ? '' : '/'}b.md) and [again](/b)`,
    }));
    const links = collectSiteLinks(notes, { md, resolveLink, baseUrl: '/' });
    assert.deepEqual(
      links.backlinks.get(asRoute('/b'))?.map((link) => link.href),
      ['/a', '/c/d', '/c/'],
    );
    assert.deepEqual(links.edges, [
      [0, 1],
      [2, 1],
      [3, 1],
    ]);
  });

  it('keeps one list for two notes with one route (a duplicate route), whichever of them a link finds', () => {
    const note = (sourcePath: string, route: string, title: string, body: string) => ({
      sourcePath: asSourcePath(sourcePath),
      route: asRoute(route),
      title,
      body,
    });
    const notes = [
      note('a.md', '/a', 'Zed', 'See [[b]].'), // the wikilink finds b.md, the first note at /b
      note('b.md', '/b', 'B', ''),
      note('c/d.md', '/c/d', 'Alpha', 'See [B](/b).'), // the route finds the last note at /b
      note('c/b-again.md', '/b', 'B again', ''),
    ];
    const links = collectSiteLinks(notes, {
      md,
      resolveLink,
      baseUrl: '/',
      resolveWikilink: (inner) => (inner === 'b' ? asSourcePath('b.md') : undefined),
    });
    assert.deepEqual([...links.backlinks.keys()], ['/b']);
    assert.deepEqual(
      links.backlinks.get(asRoute('/b'))?.map((link) => link.title),
      ['Alpha', 'Zed'],
    );
    assert.deepEqual(links.edges, [
      [0, 1],
      [2, 3],
    ]);
  });

  it('counts wikilinks through the wikilink resolver hook, and not without it', () => {
    const body = 'A [[b|wiki link]] here.';
    assert.equal(backlinksOfB(body), undefined);
    const resolved = backlinksOfB(body, {
      resolveWikilink: (inner) => (inner.startsWith('b') ? asSourcePath('b.md') : undefined),
    });
    assert.deepEqual(
      resolved?.map((link) => link.context),
      ['A wiki link here.'],
    );
  });

  it('finds exactly the links the renderer resolves to notes', () => {
    const body = [
      '# Title',
      '',
      'A [b](b.md), a [c](c/index.md#x), [ext](https://x.org), `[no](b.md)`, [d][D].',
      '',
      '```',
      '[no](c/d.md)',
      '```',
      '',
      '| [d](c/d.md) | [search](/search) |',
      '',
      '[D]: <c/d.md>',
    ].join('\n');
    const source = asSourcePath('a.md');
    const rendered = renderNote(md, { sourcePath: source, body, lineOffset: 0, resolveLink })
      .links.map((link) => linkedRoute(link.resolved, '/'))
      .filter((route) => route !== undefined && route !== '/search');
    const scanned = scanMarkdownLinks(body, md).map((link) => linkedRoute(resolveLink(link.target, source), '/'));
    assert.deepEqual(new Set(scanned.filter((route) => route !== '/search')), new Set(rendered));
  });
});

describe('extractLinkContext', () => {
  it(`cuts a long sentence to about ${MAX_CONTEXT_CHARS} characters around the link`, () => {
    const words = (count: number, word: string) => Array.from({ length: count }, () => word).join(' ');
    const body = `${words(60, 'before')} [target](b.md) ${words(60, 'after')}.`;
    const start = body.indexOf('[target]');
    const context = extractLinkContext(body, start, start + '[target](b.md)'.length);
    assert.ok(context.length <= MAX_CONTEXT_CHARS + 2, `${context.length} characters`);
    assert.match(context, /^…before .* target after .*…$/);
  });

  it('reads Markdown as plain text', () => {
    assert.equal(
      toPlainText('> **Bold** and _it_ with [[Note#Part|alias]] and <b>html</b> `code`'),
      'Bold and it with alias and html code',
    );
  });
});

describe('the link graph', () => {
  it('writes nodes and flat links under a name that changes with them', () => {
    const notes = [
      { route: asRoute('/a'), title: 'A' },
      { route: asRoute('/b'), title: 'B' },
    ];
    const one = buildGraphFile(notes, [[0, 1]]);
    const two = buildGraphFile(notes, [[1, 0]]);
    assert.deepEqual(JSON.parse(one.json), {
      nodes: [
        ['/a', 'A'],
        ['/b', 'B'],
      ],
      links: [0, 1],
    });
    assert.match(one.path, /^assets\/graph-[0-9a-f]{10}\.json$/);
    assert.notEqual(one.path, two.path);
  });

  it('takes the neighbourhood of a note to the depth asked, links in and out', () => {
    // 0 -> 1 -> 2 -> 3, and 4 -> 0
    const data = {
      nodes: [0, 1, 2, 3, 4].map((n) => [asRoute(`/${n}`), `${n}`] as const),
      links: [0, 1, 1, 2, 2, 3, 4, 0],
    };
    assert.deepEqual(neighbourhood(data, 0, 1).nodes.sort(), [0, 1, 4]);
    assert.deepEqual(neighbourhood(data, 0, 2).nodes.sort(), [0, 1, 2, 4]);
    assert.deepEqual(neighbourhood(data, 0, 2).links, [
      [0, 1],
      [1, 2],
      [4, 0],
    ]);
  });
});
