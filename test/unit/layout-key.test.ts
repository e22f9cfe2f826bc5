/**
 * The layout key (src/node/pipeline/layoutKey.ts): what the page hashes carried over from build to build stand on.
 * It changes with every field of the layout stage's input, a field it does not know of included, and not with what
 * an edit of one note's text changes but its pages' models do not read (where its body lies, the digest of the body).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { NoteSummary } from '../../src/node/notes/note.js';
import { layoutKey } from '../../src/node/pipeline/layoutKey.js';
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
  const key = layoutKey(input, 'links');

  it('is none without the notes links digest', () => {
    assert.equal(layoutKey(input, undefined), undefined);
  });

  it('changes with each field of the layout input, Maps and Sets and fields it does not name included', () => {
    const changed: [string, LayoutInput, string?][] = [
      ['a title', { ...input, summaries: [{ ...summary, title: 'B' }] }],
      ['front matter', { ...input, summaries: [{ ...summary, frontMatter: { sidebar_position: 2 } }] }],
      ['a category', { ...input, categories: new Map([['.', { label: 'Top' }]]) }],
      ['the drafts', { ...input, draftIds: new Set(['other']) }],
      ['a translation', { ...input, translations: { 'theme.x': 'y' } }],
      ['the graph route', { ...input, graphRoute: asRoute('/graph') }],
      ['an inline tag', { ...input, inlineTags: () => ['two'] }],
      ['a field added later', { ...input, ...{ newField: [1] } } as LayoutInput],
      ['the links', input, 'other links'],
    ];
    for (const [what, other, links = 'links'] of changed) assert.notEqual(layoutKey(other, links), key, what);
  });

  it("does not change with where a note's body lies, its released digest, its dates or backlinks", () => {
    const edited = { ...summary, lineOffset: 3, bodyStart: 40, released: { ...summary.released!, sourceHash: 'two' } };
    assert.equal(layoutKey({ ...input, summaries: [edited] }, 'links'), key);
    const dates = new Map([['a.md', { timestamp: 1 }]]) as unknown as LayoutInput['dates'];
    assert.equal(layoutKey({ ...input, dates, backlinks: new Map() }, 'links'), key, 'each page hashes its date');
  });
});
