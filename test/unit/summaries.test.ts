import assert from 'node:assert/strict';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { createBuildContext } from '../../src/node/context.js';
import { loadOutline } from '../../src/node/pipeline/pipeline.js';
import type { SiteOutline } from '../../src/node/pipeline/site.js';
import { validateConfig } from '../../src/node/config/loadConfig.js';
import { DiagnosticList } from '../../src/node/diagnostics.js';
import { renderNote } from '../../src/node/markdown/renderNote.js';
import { createNoteParser, summariseNote } from '../../src/node/notes/parseNotes.js';
import { resolveNotes } from '../../src/node/resolve/routes.js';
import { asSourcePath } from '../../src/shared/paths.js';

// A note's title is read from the start of its body alone (`wiki build` renders notes only as pages are written):
// it must be what the whole note's parse says, on every note of the real corpus and on the cases that reach further.
const corpus = path.resolve(import.meta.dirname, '../../../shared/corpora/knowledge');

/** The title as the full parse gives it: a level-1 heading that is the body's first block. */
function titleFromFullParse(outline: SiteOutline, index: number): string | undefined {
  const doc = outline.notes[index]!;
  const { headings } = renderNote(outline.parser.md, { sourcePath: doc.sourcePath, body: doc.body, lineOffset: doc.lineOffset, resolveLink: outline.parser.resolveLink });
  const first = headings[0];
  return first?.isFirstBlock && first.level === 1 ? first.text.trim() : undefined;
}

describe('note summaries (titles without rendering the note)', () => {
  let outline: SiteOutline;
  before(async () => {
    const config = validateConfig({ title: 'Everything I know', url: 'https://wiki.example.com' }, 'test');
    outline = await loadOutline(createBuildContext({ config, siteDir: corpus, docsDir: corpus }));
    await outline.bundles;
  });

  it('finds the leading heading of every corpus note as the full parse does', () => {
    const differing = outline.summaries.flatMap((summary, index) => {
      const expected = titleFromFullParse(outline, index);
      // compatibleTitle may shorten it ("# C#" is titled "C"), so the heading's text starts with the title.
      const titleDiffers = expected !== undefined && summary.frontMatter.title === undefined && !expected.startsWith(summary.title);
      return summary.contentHasTitle !== (expected !== undefined) || titleDiffers ? [summary.sourcePath] : [];
    });
    assert.deepEqual(differing, []);
    assert.ok(outline.summaries.filter((summary) => summary.contentHasTitle).length > 900, 'most corpus notes open with their title');
  });

  const cases: [name: string, body: string, title: string | undefined][] = [
    ['an ATX heading', '# Vite\n\nA bundler.', 'Vite'],
    ['a setext heading', 'Vite\n===\n\nA bundler.', 'Vite'],
    ['reference definitions before the heading', '[a]: https://a.example\n\n[b]: https://b.example\n\n# Vite\n\nText.', 'Vite'],
    ['a reference link defined at the end', '# [Vite][v] notes\n\nText.\n\n[v]: https://vitejs.dev', 'Vite notes'],
    ['an undefined reference', '# [Vite][v] notes\n\nText.', '[Vite][v] notes'],
    ['a comment first', '<!-- draft -->\n\n# Vite', undefined],
    ['a paragraph first', 'Intro.\n\n# Vite', undefined],
    ['a level-2 heading first', '## Vite\n\nText.', undefined],
    ['an empty body', '', undefined],
  ];
  for (const [name, body, title] of cases) {
    it(`reads the title of ${name}`, () => {
      const notes = [{ sourcePath: asSourcePath('web/note.md'), filePath: '/virtual/docs/web/note.md', text: body }];
      const { notes: docs } = resolveNotes({ notes, diagnostics: new DiagnosticList(), displayPath: (file) => file, includeDrafts: false, trailingSlash: undefined, onDuplicateRoutes: 'warn' });
      const parser = createNoteParser({ routes: [], docsDir: '/virtual/docs', staticFiles: new Set(), extraRoutes: new Set(), baseUrl: '/' });
      const summary = summariseNote(docs[0]!, parser);
      assert.equal(summary.contentHasTitle, title !== undefined);
      assert.equal(summary.title, title ?? 'note');
    });
  }
});
