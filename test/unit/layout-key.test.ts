/**
 * The layout key (src/node/pipeline/layoutKey.ts): what the page hashes carried over from build to build stand on.
 * It changes with every field of the layout stage's input, a field it does not know of included, and not with what
 * an edit of one note's text changes but its pages' models do not read (where its body lies, the digest of the body).
 * And the carry: none without the links' change, the routes whose backlinks the changed links touch.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { NoteSummary } from '../../src/node/notes/note.js';
import { layoutKey, pageCarry } from '../../src/node/pipeline/layoutKey.js';
import type { Note } from '../../src/node/notes/note.js';
import type { LayoutInput } from '../../src/node/pipeline/pipeline.js';
import { asRoute } from '../../src/shared/paths.js';

const summary = {
  sourcePath: 'a.md',
  filePath: '/site/docs/a.md',
  id: 'a',
  route: asRoute('/a'),
  dirName: '.',
  isIndex: false,
  frontMatter: {},
  lineOffset: 0,
  bodyStart: 0,
  released: { length: 10, sourceHash: 'one', wikilinks: false, embeds: false },
  title: 'A',
  contentHasTitle: true,
  description: 'About a.',
} as unknown as NoteSummary;

const input: LayoutInput = {
  summaries: [summary],
  categories: new Map([['.', { label: 'Root' }]]),
  draftIds: new Set(['draft']),
  translations: {},
  configPath: '/site/wiki.config.ts',
  inlineTags: () => ['one'],
};

describe('layoutKey', () => {
  const key = layoutKey(input);

  it('changes with each field of the layout input, Maps and Sets and fields it does not name included', () => {
    const changed: [string, LayoutInput][] = [
      ['a title', { ...input, summaries: [{ ...summary, title: 'B' }] }],
      ['front matter', { ...input, summaries: [{ ...summary, frontMatter: { sidebar_position: 2 } }] }],
      ['a category', { ...input, categories: new Map([['.', { label: 'Top' }]]) }],
      ['the drafts', { ...input, draftIds: new Set(['other']) }],
      ['a translation', { ...input, translations: { 'theme.x': 'y' } }],
      ['the graph route', { ...input, graphRoute: asRoute('/graph') }],
      ['an inline tag', { ...input, inlineTags: () => ['two'] }],
      ['a field added later', { ...input, ...{ newField: [1] } } as LayoutInput],
    ];
    for (const [what, other] of changed) assert.notEqual(layoutKey(other), key, what);
  });

  it("does not change with where a note's body lies, its released digest, its dates or backlinks", () => {
    const edited = { ...summary, lineOffset: 3, bodyStart: 40, released: { ...summary.released!, sourceHash: 'two' } };
    assert.equal(layoutKey({ ...input, summaries: [edited] }), key);
    const dates = new Map([['a.md', { timestamp: 1 }]]) as unknown as LayoutInput['dates'];
    assert.equal(layoutKey({ ...input, dates, backlinks: new Map() }), key, 'each page hashes its date');
  });
});

describe('pageCarry', () => {
  const notes = [summary, { ...summary, route: asRoute('/b') }] as unknown as Note[];
  const change = { now: 'now', before: 'before', touched: new Set([1]) };

  it("names the routes of the notes whose backlinks the links' change touches", () => {
    const carry = pageCarry(input, notes, true, change);
    assert.deepEqual(carry && { ...carry, touched: [...carry.touched] }, {
      layoutKey: layoutKey(input),
      links: 'now',
      linksBefore: 'before',
      touched: ['/b'],
    });
  });

  it("is none without the links' change, unless the site reads no links", () => {
    assert.equal(pageCarry(input, notes, true, undefined), undefined);
    const carry = pageCarry(input, notes, false, undefined);
    assert.equal(carry?.links, carry?.linksBefore, 'no links read: the same as before');
    assert.equal(carry?.touched.size, 0);
  });
});
