/**
 * The notes file of the build cache (src/node/pipeline/noteCacheFile.ts): entries and their HTML read back, whatever
 * their size; a build appends only what it adds to the last build's files, which stay whole until the new index
 * replaces the old; the files are compacted once mostly dropped; a small entries file is read in one piece, a large
 * one a span at a time while entries are taken in order;
 * damage is caught, in the index as it is read, in an entry as it is taken, in a note's HTML as it is read.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createNoteCacheWriter, type NoteCacheLines, readNoteCache } from '../../src/node/pipeline/noteCacheFile.js';
import { makeTempDir } from '../helpers/cli.js';

const header = { format: 'test-format/1', key: 'key-1' };

type Notes = ReadonlyMap<string, readonly [entry: string, html: string]>;

function writeNotes(file: string, notes: Notes, base?: NoteCacheLines): void {
  const writer = createNoteCacheWriter(file, header, base);
  for (const [filePath, [entry, html]] of notes) writer.add(filePath, entry, html);
  writer.commit();
}

function open(file: string, warnings: string[] = []): NoteCacheLines {
  const read = readNoteCache(file, header, (message) => warnings.push(message));
  assert.ok(read, warnings.join('\n'));
  return read;
}

/** Every note of the file, entry and HTML, as text. */
function readAll(file: string): Map<string, readonly [string, string]> {
  const read = open(file);
  const index = JSON.parse(fs.readFileSync(file, 'utf8').split('\n')[1]!) as { notes: [string][] };
  const all = new Map<string, readonly [string, string]>();
  for (const [filePath] of index.notes) {
    const taken = read.take(filePath)!;
    all.set(filePath, [taken.entry.toString('utf8'), read.readHtml(taken.stored).toString('utf8')]);
  }
  read.close();
  return all;
}

/** The entries' file and the HTML's file of the cache in `dir` (there is one of each), as paths. */
function dataFiles(dir: string): { entries: string; html: string } {
  const names = fs.readdirSync(dir).filter((name) => name.endsWith('.data'));
  const html = names.filter((name) => name.endsWith('-html.data'));
  const entries = names.filter((name) => !name.endsWith('-html.data'));
  assert.equal(entries.length, 1, names.join(', '));
  assert.equal(html.length, 1, names.join(', '));
  return { entries: path.join(dir, entries[0]!), html: path.join(dir, html[0]!) };
}

/** How many times `run` reads from a file (fs.readSync). */
function countReads(run: () => void): number {
  const readSync = fs.readSync;
  let reads = 0;
  fs.readSync = ((...args: Parameters<typeof fs.readSync>) => {
    reads++;
    return readSync(...args);
  }) as typeof fs.readSync;
  try {
    run();
  } finally {
    fs.readSync = readSync;
  }
  return reads;
}

describe('notes cache file', () => {
  it('reads back every entry and its HTML, whatever their size; an entry is taken once', () => {
    const file = path.join(makeTempDir(), 'cache/notes.json');
    const notes = new Map<string, readonly [string, string]>();
    for (let n = 0; n < 40; n++)
      notes.set(`topic/é-${n}.md`, [JSON.stringify({ n }), JSON.stringify(`<p>${'x'.repeat(n * 23_457)} ✓ ${n}</p>`)]);
    notes.set('large/whole.md', ['{}', JSON.stringify('y'.repeat(9 << 20))]);
    writeNotes(file, notes);
    assert.deepEqual(readAll(file), notes);
    const read = open(file);
    assert.equal(read.size, notes.size);
    assert.ok(read.take('topic/é-3.md'));
    assert.equal(read.take('topic/é-3.md'), undefined, 'an entry is taken once');
    read.close();
    read.close();
  });

  it('appends only what a build adds, leaves the last cache whole until commit, and compacts once mostly dropped', () => {
    const dir = path.join(makeTempDir(), 'cache');
    const file = path.join(dir, 'notes.json');
    const notes = new Map<string, readonly [string, string]>();
    for (let n = 0; n < 50; n++) notes.set(`n-${n}.md`, [`{"n":${n}}`, JSON.stringify('z'.repeat(100_000))]);
    writeNotes(file, notes);
    const files = dataFiles(dir);
    const before = { entries: fs.readFileSync(files.entries), html: fs.readFileSync(files.html) };

    // One note changed, one dropped, the others kept where they are.
    const base = open(file);
    const writer = createNoteCacheWriter(file, header, base);
    for (const filePath of notes.keys()) {
      if (filePath === 'n-7.md') continue;
      const taken = base.take(filePath)!;
      if (filePath === 'n-3.md') writer.add(filePath, '{"n":"three"}', '"<p>changed</p>"');
      else writer.keep(filePath, taken.stored);
    }
    assert.equal(writer.count, 49);
    const indexBefore = fs.readFileSync(file);
    assert.deepEqual(fs.readFileSync(file), indexBefore);
    writer.commit();
    base.close();
    assert.deepEqual(dataFiles(dir), files, 'the same files, appended to');
    const after = { entries: fs.readFileSync(files.entries), html: fs.readFileSync(files.html) };
    for (const part of ['entries', 'html'] as const)
      assert.deepEqual(after[part].subarray(0, before[part].length), before[part], "the last build's bytes untouched");
    assert.equal(after.entries.length - before.entries.length, '{"n":"three"}'.length);
    assert.equal(after.html.length - before.html.length, '"<p>changed</p>"'.length);
    const expected = new Map(notes);
    expected.delete('n-7.md');
    expected.set('n-3.md', ['{"n":"three"}', '"<p>changed</p>"']);
    assert.deepEqual(new Map([...readAll(file)].sort()), new Map([...expected].sort()));

    // A failed build: what it appended is cut off again, and the index stays.
    const failing = createNoteCacheWriter(file, header, open(file));
    failing.add('n-1.md', '{}', JSON.stringify('w'.repeat(2 << 20)));
    failing.discard();
    assert.equal(fs.statSync(files.entries).size, after.entries.length);
    assert.equal(fs.statSync(files.html).size, after.html.length);
    assert.deepEqual(new Map([...readAll(file)].sort()), new Map([...expected].sort()));

    // Every note rendered again, twice: most of the files is then dropped parts, and they are written anew.
    for (const round of [1, 2]) {
      const again = new Map(
        [...expected].map(([filePath, [entry]]) => [
          filePath,
          [entry, JSON.stringify(`r${round}`.repeat(60_000))] as const,
        ]),
      );
      writeNotes(file, again, open(file));
      if (round === 2) {
        const compacted = dataFiles(dir);
        assert.notEqual(compacted.entries, files.entries, 'compacted into new files');
        assert.notEqual(compacted.html, files.html, 'compacted into new files');
        const live = (part: 0 | 1) => [...again.values()].reduce((sum, parts) => sum + parts[part].length, 0);
        assert.equal(fs.statSync(compacted.entries).size, live(0));
        assert.equal(fs.statSync(compacted.html).size, live(1));
        assert.deepEqual(new Map([...readAll(file)].sort()), new Map([...again].sort()));
      }
    }
  });

  it('reads entries taken in the order they were written a span at a time, and any order still', () => {
    const dir = path.join(makeTempDir(), 'cache');
    const file = path.join(dir, 'notes.json');
    const notes = new Map<string, readonly [string, string]>();
    // More entries than a file read whole may hold (64 MB): 900 of 80 KB.
    for (let n = 0; n < 900; n++) notes.set(`n-${n}.md`, [JSON.stringify({ n, text: 'x'.repeat(80_000) }), '""']);
    writeNotes(file, notes);
    const reads = countReads(() => {
      const read = open(file);
      for (const [filePath, [entry]] of notes) assert.equal(read.take(filePath)?.entry.toString(), entry);
      read.close();
    });
    assert.ok(reads < notes.size / 2, `${reads} reads for ${notes.size} entries taken in order`);
    const shuffled = [...notes].sort(([a], [b]) => a.length - b.length || (a < b ? 1 : -1));
    const read = open(file);
    for (const [filePath, [entry]] of shuffled) assert.equal(read.take(filePath)?.entry.toString(), entry);
    read.close();
  });

  it('reads back a cache of no notes, and a discard after commit keeps it', () => {
    const file = path.join(makeTempDir(), 'cache/notes.json');
    const writer = createNoteCacheWriter(file, header);
    writer.commit();
    writer.discard();
    const read = open(file);
    assert.equal(read.size, 0);
    read.close();
  });

  it('reads a small data file of entries alone (as the links cache writes) in one piece when opened, still checked', () => {
    const dir = path.join(makeTempDir(), 'cache');
    const file = path.join(dir, 'links.json');
    const notes = new Map<string, readonly [string, string]>();
    for (let n = 0; n < 50; n++) notes.set(`topic/links-${n}.md`, [JSON.stringify(['key', [[n, `context ${n}`]]]), '']);
    writeNotes(file, notes);
    const read = open(file);
    // Emptied once opened: every entry is still there, read with the rest before.
    const dataFile = dataFiles(dir).entries;
    const data = fs.readFileSync(dataFile, 'utf8');
    fs.truncateSync(dataFile, 0);
    for (const [filePath, [entry]] of notes) assert.equal(read.take(filePath)?.entry.toString('utf8'), entry);
    assert.equal(read.take('topic/links-1.md'), undefined, 'an entry is taken once');
    read.close();
    fs.writeFileSync(dataFile, data.replace('context 7"', 'context 8"'));
    const damaged = open(file);
    assert.ok(damaged.take('topic/links-6.md'));
    assert.throws(() => damaged.take('topic/links-7.md'), /its entry does not match its checksum/);
    damaged.close();
  });

  it('is no cache under another key; a damaged index is ignored with a warning, a damaged part throws as read', () => {
    const dir = path.join(makeTempDir(), 'cache');
    const file = path.join(dir, 'notes.json');
    writeNotes(file, new Map([['a.md', ['{"a":1}', '"<p>a</p>"']]]));
    const warnings: string[] = [];
    const warn = (message: string) => warnings.push(message);
    assert.equal(readNoteCache(file, { ...header, key: 'key-2' }, warn), undefined);
    assert.deepEqual(warnings, []);

    const index = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, index.replace('"a.md"', '"b.md"'));
    assert.equal(readNoteCache(file, header, warn), undefined);
    fs.writeFileSync(file, index.slice(0, 10));
    assert.equal(readNoteCache(file, header, warn), undefined);
    fs.writeFileSync(file, index);
    const { entries: dataFile, html: htmlFile } = dataFiles(dir);
    const data = fs.readFileSync(dataFile, 'utf8');
    const html = fs.readFileSync(htmlFile, 'utf8');
    fs.writeFileSync(dataFile, data.slice(0, 5));
    assert.equal(readNoteCache(file, header, warn), undefined);
    assert.equal(warnings.length, 3, warnings.join('\n'));
    assert.match(warnings[0]!, /checksum/);
    assert.match(warnings[2]!, /cut short/);

    fs.writeFileSync(dataFile, data.replace('"a":1', '"a":2'));
    assert.throws(() => open(file).take('a.md'), /its entry does not match its checksum/);
    fs.writeFileSync(dataFile, data);
    fs.writeFileSync(htmlFile, html.replace('<p>a', '<p>b'));
    const read = open(file);
    const taken = read.take('a.md')!;
    assert.equal(taken.entry.toString(), '{"a":1}');
    assert.throws(() => read.readHtml(taken.stored), /its HTML does not match its checksum/);
  });
});
