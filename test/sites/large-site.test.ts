import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { makeTempDir, runWiki, smallHeapNode } from '../helpers/cli.js';

/** A docs folder of `count` one-line notes, a hundred to a folder. */
function writeNotes(count: number): string {
  const docs = path.join(makeTempDir('wiki-large-'), 'docs');
  for (let n = 0; n < count; n++) {
    const folder = path.join(docs, `topic-${Math.floor(n / 100)}`);
    if (n % 100 === 0) fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, `note-${n}.md`), `# Note ${n}\n\nText of note ${n}.\n`);
  }
  return docs;
}

const heapLine = /notes or more: building in a Node with a [\d,]+ MB heap limit\./;

test('a docs folder too large for the heap builds in a child Node with a larger one, a small one in the same process', async () => {
  const { env, childAt } = smallHeapNode();
  const small = await runWiki(['build', '--docs', writeNotes(20), '--out', path.join(makeTempDir(), 'build')], { env });
  assert.equal(small.code, 0, small.stderr);
  assert.doesNotMatch(small.stdout, heapLine);

  const out = path.join(makeTempDir(), 'build');
  const docs = writeNotes(childAt);
  const large = await runWiki(['build', '--docs', docs, '--out', out], { env });
  assert.equal(large.code, 0, large.stderr);
  assert.equal(large.stdout.match(new RegExp(heapLine, 'g'))?.length, 1, large.stdout);
  assert.match(large.stdout, new RegExp(`${childAt} notes, \\d+ routes, 0 error`));
  const last = childAt - 1;
  assert.ok(fs.existsSync(path.join(out, `topic-${Math.floor(last / 100)}/note-${last}.html`)));

  // The child checks whether anything changed (the parent no longer does before it starts it).
  const again = await runWiki(['build', '--docs', docs, '--out', out], { env });
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stdout, /Nothing changed since the last build/);
  assert.match(again.stdout, new RegExp(`${childAt} notes, \\d+ routes, 0 error`));
});
