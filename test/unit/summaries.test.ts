import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createNoteParser, summariseNote } from '../../src/node/notes/parseNotes.js';
import { resolveVirtualNotes, VIRTUAL_DOCS } from '../helpers/virtualNotes.js';

// A note's title is read from the start of its body alone (`wiki build` renders notes only as pages are written): the
// cases that reach further than a first line. test/corpus/summaries.test.ts checks it on every note of the real corpus.
describe('note summaries (titles without rendering the note)', () => {
  const cases: [name: string, body: string, title: string | undefined][] = [
    ['an ATX heading', '# Vite\n\nA bundler.', 'Vite'],
    ['a setext heading', 'Vite\n===\n\nA bundler.', 'Vite'],
    [
      'reference definitions before the heading',
      '[a]: https://a.example\n\n[b]: https://b.example\n\n# Vite\n\nText.',
      'Vite',
    ],
    ['a reference link defined at the end', '# [Vite][v] notes\n\nText.\n\n[v]: https://vitejs.dev', 'Vite notes'],
    ['an undefined reference', '# [Vite][v] notes\n\nText.', '[Vite][v] notes'],
    ['a comment first (Docusaurus reads the heading after it)', '<!-- draft -->\n\n# Vite', 'Vite'],
    ['a paragraph first', 'Intro.\n\n# Vite', undefined],
    ['a level-2 heading first', '## Vite\n\nText.', undefined],
    ['an empty body', '', undefined],
  ];
  for (const [name, body, title] of cases) {
    it(`reads the title of ${name}`, () => {
      const { notes: docs } = resolveVirtualNotes({ 'web/note.md': body });
      const parser = createNoteParser({
        routes: [],
        docsDir: VIRTUAL_DOCS,
        staticFiles: new Set(),
        extraRoutes: new Set(),
        baseUrl: '/',
      });
      const summary = summariseNote(docs[0]!, parser);
      assert.equal(summary.contentHasTitle, title !== undefined);
      assert.equal(summary.title, title ?? 'note');
    });
  }
});
