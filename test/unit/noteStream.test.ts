/** Stage 6's note stream: notes rendered ahead of their pages while esbuild bundles, within a bound. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DocPageModel } from '../../src/shared/types.js';
import type { BuildContext } from '../../src/node/context.js';
import type { Note, NoteContent } from '../../src/node/notes/note.js';
import { createNoteStream } from '../../src/node/pipeline/noteStream.js';
import type { SiteOutline } from '../../src/node/pipeline/site.js';
import type { RecordNote } from '../../src/node/search/records.js';

const NOTES = 12;
const HTML_CHARS = 300_000; // each note's HTML: four of them pass the stream's megabyte

/** An outline of NOTES notes with just what the stream reads; a stand-in for the parser, whose work `render` does. */
function outlineOf(count: number): SiteOutline {
  const notes = Array.from({ length: count }, (_, index) => ({
    sourcePath: `n${index}.md`,
    filePath: `/docs/n${index}.md`,
    route: `/n${index}`,
    body: 'x'.repeat(HTML_CHARS), // the last megabyte of Markdown is rendered together: these notes are past it
  }));
  return {
    notes,
    summaries: notes.map((note) => ({ ...note, headings: [] })),
    notePages: notes.map((note) => ({ route: note.route, head: [] }) as unknown as DocPageModel),
    parser: {},
  } as unknown as SiteOutline;
}

const context = {
  config: { tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 }, baseUrl: '/' },
  displayPath: (file: string) => file,
} as unknown as BuildContext;

/**
 * `withHtml`: the notes rendered anew, each with `htmlChars` of HTML; the others come back without HTML, as the build
 * cache gives a note back.
 */
function streamOf(
  rendered: string[],
  searched: string[],
  withHtml = (_note: Note) => true,
  { htmlChars = HTML_CHARS, lookAheadChars = 0 } = {},
) {
  const render = (note: Note): NoteContent => {
    rendered.push(note.sourcePath);
    const html = withHtml(note) ? `<p>${note.sourcePath}</p>`.padEnd(htmlChars, ' ') : '';
    return { html, headings: [], links: [], htmlIds: [] };
  };
  const search = { add: (doc: RecordNote) => void searched.push(`${doc.route.slice(1)}.md`) };
  return createNoteStream(outlineOf(NOTES), context, search, new Map(), render, lookAheadChars);
}

describe('the note stream', () => {
  it('stops rendering ahead once the notes waiting for their pages hold a megabyte of HTML', async () => {
    const rendered: string[] = [];
    const searched: string[] = [];
    const stream = streamOf(rendered, searched);
    // The bundles never settle here: only the bound ends the rendering ahead.
    await stream.renderAhead(new Promise(() => undefined));
    assert.deepEqual(rendered, ['n0.md', 'n1.md', 'n2.md', 'n3.md']);
    assert.deepEqual(searched, rendered, 'each note rendered goes to the search index');
  });

  it('renders the rest as their pages are pulled, each note once and in order', async () => {
    const rendered: string[] = [];
    const stream = streamOf(rendered, []);
    await stream.renderAhead(new Promise(() => undefined));
    const pages = [...stream.pages()];
    assert.equal(pages.length, NOTES);
    assert.deepEqual(
      pages.map((page) => page.route),
      rendered.map((file) => `/${file.replace(/\.md$/, '')}`),
    );
    assert.ok(pages.every((page, index) => page.contentHtml.startsWith(`<p>n${index}.md</p>`)));
  });

  it('hands the notes that hold no HTML to the search index before their pages, up to the next that does', () => {
    const rendered: string[] = [];
    const searched: string[] = [];
    const changed = new Set(['n3.md', 'n8.md']); // an edit: the other notes come back from the cache
    const stream = streamOf(rendered, searched, (note) => changed.has(note.sourcePath));
    const pages = stream.pages();
    pages.next();
    assert.deepEqual(
      searched,
      ['n0.md', 'n1.md', 'n2.md', 'n3.md'],
      'up to the first rendered note, with the first page',
    );
    for (let page = 1; page <= 4; page++) pages.next();
    assert.equal(searched.length, 9, "up to the next rendered note once the page after the first one's is pulled");
    assert.equal([...pages].length, NOTES - 5);
    assert.deepEqual(rendered, searched);
  });

  it("hands an edit's notes to the search index with the first page while its changed notes hold little HTML", () => {
    const rendered: string[] = [];
    const searched: string[] = [];
    const changed = new Set(['n3.md', 'n8.md']);
    const edited = (note: Note) => changed.has(note.sourcePath);
    const stream = streamOf(rendered, searched, edited, { htmlChars: 20_000, lookAheadChars: 100_000 });
    const pages = stream.pages();
    pages.next();
    assert.equal(searched.length, NOTES, 'every note, the changed ones too, before the second page is pulled');
    assert.equal([...pages].length, NOTES - 1);
    assert.deepEqual(rendered, searched);

    const fullBuild: string[] = []; // no look-ahead past a note that holds HTML, however little
    const small = streamOf([], fullBuild, edited, { htmlChars: 20_000 }).pages();
    small.next();
    assert.deepEqual(fullBuild, ['n0.md', 'n1.md', 'n2.md', 'n3.md']);
  });

  it('renders a note ahead of its page only while the note before it has its page (a full build)', () => {
    const rendered: string[] = [];
    const stream = streamOf(rendered, []);
    const pages = stream.pages();
    pages.next();
    pages.next();
    assert.deepEqual(rendered, ['n0.md', 'n1.md']);
  });
});
