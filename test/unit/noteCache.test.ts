/** The notes `wiki dev` keeps between two builds: reused only while their Markdown and every link's target hold. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createNoteContentCache } from '../../src/node/pipeline/noteCache.js';
import type { Note } from '../../src/node/notes/note.js';
import type { NoteParser } from '../../src/node/notes/parseNotes.js';
import { resolveVirtualNotes } from '../helpers/virtualNotes.js';

/** The notes of a docs folder (path -> Markdown) with the parser a build of it would use. */
function buildOf(files: Record<string, string>): { docs: Note[]; parser: NoteParser } {
  const { notes, parser } = resolveVirtualNotes(files);
  return { docs: notes, parser };
}

const note = (docs: readonly Note[]) => docs.find((doc) => doc.sourcePath === 'web/a.md')!;
const a = 'See [b](b.md) and [c](c.md).';

describe('the dev note cache', () => {
  it('hands back the same content for the same Markdown and links, without rendering again', () => {
    const cache = createNoteContentCache();
    const first = buildOf({ 'web/a.md': a, 'web/b.md': '# B' });
    const rendered = cache.render(note(first.docs), first.parser);
    const next = buildOf({ 'web/a.md': a, 'web/b.md': '# B', 'web/d.md': '# D' });
    assert.equal(cache.render(note(next.docs), next.parser), rendered);
  });

  it('renders again when a note appears that a link pointed to in vain, and when one goes', () => {
    const cache = createNoteContentCache();
    const before = buildOf({ 'web/a.md': a, 'web/b.md': '# B' });
    assert.match(
      cache.render(note(before.docs), before.parser).html,
      /<a href="c\.md">c<\/a>/,
      'broken: left as written',
    );
    const added = buildOf({ 'web/a.md': a, 'web/b.md': '# B', 'web/c.md': '# C' });
    assert.match(cache.render(note(added.docs), added.parser).html, /<a href="\/web\/c">c<\/a>/);
    const removed = buildOf({ 'web/a.md': a, 'web/c.md': '# C' });
    const html = cache.render(note(removed.docs), removed.parser).html;
    assert.match(html, /<a href="b\.md">b<\/a>/);
    assert.ok(
      cache.render(note(removed.docs), removed.parser).links.some((link) => link.resolved.broken),
      'the link record says broken, for the link check',
    );
  });

  it('renders again when the Markdown or the lines above it (front matter) change', () => {
    const cache = createNoteContentCache();
    const first = buildOf({ 'web/a.md': a, 'web/b.md': '# B' });
    const rendered = cache.render(note(first.docs), first.parser);
    const edited = buildOf({ 'web/a.md': `${a}\n\nMore.`, 'web/b.md': '# B' });
    assert.match(cache.render(note(edited.docs), edited.parser).html, /More\./);
    const withFrontMatter = buildOf({ 'web/a.md': `---\ntags: [x]\n---\n${a}\n\nMore.`, 'web/b.md': '# B' });
    const moved = cache.render(note(withFrontMatter.docs), withFrontMatter.parser);
    assert.notEqual(moved, rendered);
    assert.deepEqual(
      moved.links.map((link) => link.line),
      [4, 4],
      'link lines count the front matter',
    );
  });

  it('forgets the notes a build no longer has', () => {
    const cache = createNoteContentCache();
    const first = buildOf({ 'web/a.md': a, 'web/b.md': '# B' });
    const rendered = cache.render(note(first.docs), first.parser);
    cache.keepOnly(first.docs.filter((doc) => doc.sourcePath !== 'web/a.md'));
    assert.notEqual(cache.render(note(first.docs), first.parser), rendered);
  });
});
