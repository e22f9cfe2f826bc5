import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { holdsNotes } from '../../src/node/pipeline/largeHeap.js';
import { makeTempDir } from '../helpers/cli.js';

test('holdsNotes counts the notes the scan would read in nested folders, up to the count asked', () => {
  const docs = makeTempDir();
  fs.mkdirSync(path.join(docs, 'a/b'), { recursive: true });
  fs.mkdirSync(path.join(docs, 'node_modules/pkg'), { recursive: true });
  const files = [
    'one.md',
    'a/two.mdx',
    'a/b/three.md',
    'a/b/image.png',
    'a/b/notes.md.bak',
    'a/_partial.md',
    '.hidden.md',
    'node_modules/pkg/README.md',
  ];
  for (const file of files) fs.writeFileSync(path.join(docs, file), '# x\n');
  fs.symlinkSync(docs, path.join(docs, 'a/loop')); // not followed
  assert.equal(holdsNotes(docs, 3), true);
  assert.equal(holdsNotes(docs, 4), false);
  assert.equal(holdsNotes(path.join(docs, 'missing'), 1), false);
});
