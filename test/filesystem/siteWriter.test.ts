import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createSiteWriter, joinContents } from '../../src/node/siteWriter.js';
import { makeTempDir } from '../helpers/cli.js';

describe('site writer', () => {
  it('writes a file given in pieces (text and shared bytes) as their concatenation, byte for byte', () => {
    const dir = makeTempDir();
    const writer = createSiteWriter(dir);
    const shared = Buffer.from('<nav>Café ✓</nav>');
    const pieces = ['<p>naïve 🎉 ', shared.subarray(0, 6), shared.subarray(6), ' done</p>\n'];
    writer.write(['a/page.html', pieces]);
    // A second page reuses the writer's encoding buffer: the first file must be complete already.
    writer.write(['b/page.html', ['x'.repeat(70_000), shared, 'é'.repeat(40_000)]]);
    const expected = Buffer.concat([Buffer.from('<p>naïve 🎉 '), shared, Buffer.from(' done</p>\n')]);
    assert.deepEqual(fs.readFileSync(path.join(dir, 'a/page.html')), expected);
    assert.deepEqual(joinContents(pieces), expected);
    assert.equal(
      fs.readFileSync(path.join(dir, 'b/page.html'), 'utf8'),
      `${'x'.repeat(70_000)}<nav>Café ✓</nav>${'é'.repeat(40_000)}`,
    );
  });

  it('keeps plain text and bytes as they are', () => {
    const dir = makeTempDir();
    createSiteWriter(dir).write(['note.txt', 'plain ü']);
    assert.equal(fs.readFileSync(path.join(dir, 'note.txt'), 'utf8'), 'plain ü');
    assert.equal(joinContents('plain ü'), 'plain ü');
  });
});
