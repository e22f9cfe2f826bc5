import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createSiteWriter, joinContents, sweepInTwo, sweepUnwritten } from '../../src/node/siteWriter.js';
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

  it('brings a prefilled folder up to date without writing into a file it shares with the live site', () => {
    const root = makeTempDir();
    const [live, spare] = ['live', 'spare'].map((name) => path.join(root, name)) as [string, string];
    const put = (dir: string, relPath: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, relPath)), { recursive: true });
      fs.writeFileSync(path.join(dir, relPath), text);
    };
    // The spare shares some files with the live site by hard links, as a build that reused them leaves them.
    for (const relPath of ['same.html', 'changed.html', 'pieces.html']) {
      put(live, relPath, `live ${relPath}`);
      fs.mkdirSync(spare, { recursive: true });
      fs.linkSync(path.join(live, relPath), path.join(spare, relPath));
    }
    put(live, 'relinked.html', 'live relinked');
    put(spare, 'relinked.html', 'older relinked');
    put(spare, 'stale/gone.html', 'a page since removed');
    put(spare, 'now-a-folder', 'a page where a folder now is');
    fs.mkdirSync(path.join(spare, 'now-a-file/child'), { recursive: true });
    put(root, 'static.png', 'image bytes');
    put(spare, 'static.png', 'image bytes');
    const staticInode = fs.statSync(path.join(spare, 'static.png')).ino;
    const inode = (relPath: string) => fs.statSync(path.join(spare, relPath)).ino;
    const sameInode = inode('same.html');

    const writer = createSiteWriter(spare, { reuseFrom: live, prefilled: true });
    writer.link(path.join(live, 'same.html'), 'same.html');
    writer.write(['changed.html', 'new bytes']);
    writer.write(['pieces.html', ['new ', Buffer.from('pieces')]]);
    writer.link(path.join(live, 'relinked.html'), 'relinked.html');
    writer.write(['now-a-folder/page.html', 'inside']);
    writer.write(['now-a-file', 'a file']);
    writer.copy(path.join(root, 'static.png'), 'static.png');
    sweepUnwritten(spare, (relPath) => writer.written.has(relPath));

    for (const relPath of ['same.html', 'changed.html', 'pieces.html']) {
      assert.equal(fs.readFileSync(path.join(live, relPath), 'utf8'), `live ${relPath}`, `live ${relPath} untouched`);
    }
    assert.equal(inode('same.html'), sameInode, 'a file already linked is kept');
    assert.equal(inode('relinked.html'), fs.statSync(path.join(live, 'relinked.html')).ino);
    assert.equal(inode('static.png'), staticInode, 'a copy with the same bytes is kept');
    assert.equal(fs.readFileSync(path.join(spare, 'changed.html'), 'utf8'), 'new bytes');
    assert.equal(fs.readFileSync(path.join(spare, 'pieces.html'), 'utf8'), 'new pieces');
    const files = fs
      .readdirSync(spare, { recursive: true, encoding: 'utf8' })
      .map((file) => file.split(path.sep).join('/'))
      .sort();
    assert.deepEqual(files, [
      'changed.html',
      'now-a-file',
      'now-a-folder',
      'now-a-folder/page.html',
      'pieces.html',
      'relinked.html',
      'same.html',
      'static.png',
    ]);
  });

  it('sweeps in two parts (a folder another thread writes, later) as in one, listing the files in the same order', () => {
    const files = ['a.html', 'search.html', 'search/index.json', 'search/text/0.json', 'search/old.json', 'z/b.html'];
    const stale = new Set(['search/old.json', 'z/gone.html', 'search/text/9.json']);
    const fill = () => {
      const dir = makeTempDir();
      for (const relPath of [...files, ...stale]) {
        fs.mkdirSync(path.dirname(path.join(dir, relPath)), { recursive: true });
        fs.writeFileSync(path.join(dir, relPath), relPath);
      }
      return dir;
    };
    const listing = (dir: string) =>
      fs
        .readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .map((file) => file.split(path.sep).join('/'))
        .sort();
    const isWritten = (relPath: string) => !stale.has(relPath);
    const once = fill();
    const listedOnce = sweepUnwritten(once, isWritten);
    const twice = fill();
    const sweeping = sweepInTwo(twice, 'search', isWritten);
    assert.ok(fs.existsSync(path.join(twice, 'search/old.json')), 'the later folder is left alone at first');
    assert.ok(!fs.existsSync(path.join(twice, 'z/gone.html')));
    assert.deepEqual(sweeping.rest(), listedOnce);
    assert.deepEqual(listedOnce, ['a.html', 'search/index.json', 'search/text/0.json', 'search.html', 'z/b.html']);
    assert.deepEqual(listing(twice), listing(once));
  });

  it('keeps a file the prefilled folder holds only while it is the same file, as big and as old as recorded', () => {
    const root = makeTempDir();
    const [live, spare] = ['live', 'spare'].map((name) => path.join(root, name)) as [string, string];
    for (const dir of [live, spare]) fs.mkdirSync(dir, { recursive: true });
    for (const name of ['shared.html', 'edited.html', 'copied.html']) {
      fs.writeFileSync(path.join(live, name), `live ${name}`);
      if (name === 'copied.html') fs.copyFileSync(path.join(live, name), path.join(spare, name));
      else fs.linkSync(path.join(live, name), path.join(spare, name));
    }
    const recorded = (name: string) => {
      const { ino, dev, size, mtimeMs } = fs.statSync(path.join(live, name));
      return { ino, dev, size, mtimeMs };
    };
    const stamps = new Map(['shared.html', 'edited.html', 'copied.html'].map((name) => [name, recorded(name)]));
    // Changed in place after it was recorded: the live site's file and the spare's are one, so both changed.
    fs.appendFileSync(path.join(live, 'edited.html'), ' edited by hand');

    const writer = createSiteWriter(spare, { reuseFrom: live, prefilled: true });
    assert.equal(writer.holds('shared.html', stamps.get('shared.html')!), true);
    assert.equal(writer.holds('edited.html', stamps.get('edited.html')!), false, 'changed since it was recorded');
    assert.equal(writer.holds('copied.html', stamps.get('copied.html')!), false, 'another file with the same bytes');
    assert.equal(writer.holds('missing.html', stamps.get('shared.html')!), false);
    assert.deepEqual([...writer.written], ['shared.html'], 'only the file it holds is kept from the sweep');
    assert.equal(
      createSiteWriter(spare, { reuseFrom: live }).holds('shared.html', stamps.get('shared.html')!),
      false,
      'a folder that is not prefilled holds nothing',
    );
  });
});
