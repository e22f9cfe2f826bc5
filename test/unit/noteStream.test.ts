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
    body: 'x',
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

function streamOf(rendered: string[], searched: string[]) {
  const render = (note: Note): NoteContent => {
    rendered.push(note.sourcePath);
    return { html: `<p>${note.sourcePath}</p>`.padEnd(HTML_CHARS, ' '), headings: [], links: [], htmlIds: [] };
  };
  const search = { add: (doc: RecordNote) => void searched.push(`${doc.route.slice(1)}.md`) };
  return createNoteStream(outlineOf(NOTES), context, search, new Map(), render);
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
});
