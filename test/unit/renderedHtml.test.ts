/**
 * A note's rendered HTML is kept as one flat string: `wiki dev` holds every note's, and the tree of pieces markdown-it
 * joins it from would take several times the text's size (src/node/flatString.ts).
 */
import assert from 'node:assert/strict';
import v8 from 'node:v8';
import vm from 'node:vm';
import { it } from 'node:test';
import { renderNoteContent } from '../../src/node/notes/parseNotes.js';
import { resolveVirtualNotes } from '../helpers/virtualNotes.js';

v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

it('holds a rendered note in about the bytes of its text', () => {
  // Many short blocks with marks: many pieces. An em dash makes V8 store the text at two bytes a character.
  const body = Array.from({ length: 20_000 }, (_u, i) => `Paragraph ${i} — with *some* **marked** words.\n`).join('\n');
  const { notes, parser } = resolveVirtualNotes({ 'long.md': body });
  collect();
  const before = process.memoryUsage().heapUsed;
  const content = renderNoteContent(notes[0]!, parser);
  collect();
  const held = process.memoryUsage().heapUsed - before;
  const text = content.html.length * 2;
  assert.ok(held < 1.5 * text, `${held} bytes held for ${text} bytes of HTML`);
});
