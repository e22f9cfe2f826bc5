/**
 * `wiki build` walks the docs folder once: the scan takes each folder's entries from the up-to-date check's walk
 * (upToDate.ts stampInputs), which stamped them before the build read anything; a note listed there and removed
 * before the scan reads it stops the build with a message saying to run it again.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { validateConfig } from '../../src/node/config/loadConfig.js';
import { createBuildContext } from '../../src/node/context.js';
import { DiagnosticList } from '../../src/node/diagnostics.js';
import { scanNotes } from '../../src/node/notes/scan.js';
import { holdsNotes } from '../../src/node/pipeline/largeHeap.js';
import { stampInputs } from '../../src/node/pipeline/upToDate.js';
import { makeDocsSite, writeDocsNote } from '../helpers/docsSite.js';

function stampedSite(notes: Record<string, string>) {
  const site = makeDocsSite('wiki-scan-listing-', notes);
  const config = validateConfig({ title: 'Listing', url: 'https://listing.example.com' }, 'test');
  const context = createBuildContext({ config, siteDir: site, outDir: path.join(site, 'build') });
  const stamp = stampInputs(context, [], true);
  const scan = (listing?: (dir: string) => fs.Dirent[] | undefined) =>
    scanNotes({
      docsDir: context.docsDir,
      diagnostics: new DiagnosticList(),
      displayPath: (file) => path.relative(site, file),
      listing,
    });
  return { site, stamp, scan };
}

describe("the scan and the up-to-date check's listing", () => {
  it('the scan reads the folders as the stamps listed them, each once', () => {
    const { site, stamp, scan } = stampedSite({ 'a.md': '# A', 'sub/b.md': '# B' });
    writeDocsNote(site, 'sub/c.md', '# C'); // after the stamps: this build does not see it, the next one does
    const listed = scan(stamp.takeListing).notes.map((note) => String(note.sourcePath));
    assert.deepEqual(listed, ['a.md', 'sub/b.md']);
    assert.equal(stamp.takeListing(path.join(site, 'docs')), undefined, 'each listing is handed over once');
    assert.deepEqual(
      scan().notes.map((note) => String(note.sourcePath)),
      ['a.md', 'sub/b.md', 'sub/c.md'],
    );
  });

  it('takes the folders the note count read (largeHeap.ts), with the same stamps, and reads them no more', () => {
    const site = makeDocsSite('wiki-scan-listing-', { 'a.md': '# A', 'sub/b.md': '# B' });
    const config = validateConfig({ title: 'Listing', url: 'https://listing.example.com' }, 'test');
    const context = createBuildContext({ config, siteDir: site, outDir: path.join(site, 'build') });
    const counted = new Map<string, fs.Dirent[]>();
    assert.equal(
      holdsNotes(context.docsDir, 5, (dir, entries) => counted.set(dir, entries)),
      false,
    );
    assert.deepEqual([...counted.keys()].sort(), [path.join(site, 'docs'), path.join(site, 'docs/sub')]);
    const stamped = stampInputs(context, [], true, (dir) => counted.get(dir));
    assert.equal(stamped.digest([]), stampInputs(context, [], true).digest([]), 'the same stamps as a walk of its own');
    writeDocsNote(site, 'sub/c.md', '# C'); // after the count: not in the listing taken from it
    const names = stampInputs(context, [], true, (dir) => counted.get(dir))
      .takeListing(path.join(site, 'docs/sub'))
      ?.map((entry) => entry.name);
    assert.deepEqual(names, ['b.md']);
  });

  it('lists no folder outside the docs folder', () => {
    const { site, stamp } = stampedSite({ 'a.md': '# A' });
    assert.ok(stamp.takeListing(path.join(site, 'docs')));
    assert.equal(stamp.takeListing(site), undefined);
  });

  it('a listed note removed before it is read stops the scan, saying to build again', () => {
    const { site, stamp, scan } = stampedSite({ 'a.md': '# A', 'b.md': '# B' });
    fs.rmSync(path.join(site, 'docs/b.md'));
    assert.throws(
      () => scan(stamp.takeListing),
      /docs\/b\.md was removed while the site was being built\. Run the build again\./,
    );
  });
});
