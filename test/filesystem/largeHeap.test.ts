import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { childHeapLimitMb, holdsNotes, notesNeedingLargerHeap } from '../../src/node/pipeline/largeHeap.js';
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

test('a build moves to a child Node with a larger heap by its count of notes, as its heap limit allows', () => {
  const gib = 2 ** 30;
  // V8's default limit on a machine of 16 GB or more: 50,000 notes build in the process, 100,000 in a child.
  assert.ok(notesNeedingLargerHeap(4 * gib) > 50_000);
  assert.ok(notesNeedingLargerHeap(4 * gib) <= 100_000);
  // A smaller machine's smaller limit sends fewer notes to the child; no limit builds nothing in the process.
  assert.ok(notesNeedingLargerHeap(2 * gib) < notesNeedingLargerHeap(4 * gib));
  assert.equal(notesNeedingLargerHeap(0), 1);
});

test("the child's heap limit is three quarters of the memory the build may use, a container's limit included", () => {
  const gib = 2 ** 30;
  assert.equal(childHeapLimitMb(16 * gib, undefined), 12 * 1024);
  // Node 20 reports 2^64 without a cgroup limit, later versions 0: the machine's memory counts then.
  assert.equal(childHeapLimitMb(16 * gib, 2 ** 64), 12 * 1024);
  assert.equal(childHeapLimitMb(16 * gib, 0), 12 * 1024);
  // A container limited to 4 GiB on a 16 GiB host: the child must stay under the container's limit.
  assert.equal(childHeapLimitMb(16 * gib, 4 * gib), 3 * 1024);
});
