/**
 * The note a broken link most likely meant (src/node/resolve/likelyNotes.ts): a near name in the folder a path names,
 * else the one note of that name elsewhere (a moved note); for a wikilink's bare name, the nearest name anywhere.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { indexLikelyNotes } from '../../src/node/resolve/likelyNotes.js';

const notes = indexLikelyNotes([
  'web/vite.md',
  'web/webpack.md',
  'tools/git.md',
  'archive/old/rollup.md',
  'features/backlinks.md',
  'a/same.md',
  'b/same.md',
]);

describe('likely notes', () => {
  it('guess a near name in the folder a missing path names', () => {
    assert.equal(notes.atPath('web/vit.md'), 'web/vite.md');
    assert.equal(notes.atPath('web/Webpack.md'), 'web/webpack.md');
  });

  it('guess a moved note by its name, when one note has it', () => {
    assert.equal(notes.atPath('web/rollup.md'), 'archive/old/rollup.md');
    assert.equal(notes.atPath('c/same.md'), undefined, 'two notes have that name');
  });

  it('guess nothing far from every name', () => {
    assert.equal(notes.atPath('web/kubernetes.md'), undefined);
    assert.equal(notes.byName('kubernetes'), undefined);
  });

  it("guess a wikilink's bare name from the nearest name anywhere, with or without its extension", () => {
    assert.equal(notes.byName('backlink'), 'features/backlinks.md');
    assert.equal(notes.byName('Backlinks.md'), 'features/backlinks.md');
    assert.equal(notes.byName('sam'), undefined, 'the nearest name is two notes');
  });
});
