/**
 * The notes file of the build cache (src/node/pipeline/noteCacheFile.ts): what is written one note at a time reads
 * back entry by entry, from the file, whatever the size of an entry (one larger than a read chunk, lines across chunk
 * boundaries); a damaged file is ignored with a warning.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createNoteCacheWriter, readNoteCache } from '../../src/node/pipeline/noteCacheFile.js';
import { makeTempDir } from '../helpers/cli.js';

const header = { format: 'test-format/1', key: 'key-1' };

function writeEntries(file: string, entries: ReadonlyMap<string, string>): void {
  const writer = createNoteCacheWriter(file, header);
  for (const [filePath, json] of entries) writer.add(filePath, json);
  writer.commit();
}

describe('notes cache file', () => {
  it('reads back every entry, from the file, across chunk boundaries and past the length of a chunk', () => {
    const file = path.join(makeTempDir(), 'cache/notes.json');
    const entries = new Map<string, string>();
    for (let n = 0; n < 40; n++) {
      entries.set(`topic/é-${n}.md`, JSON.stringify({ html: `<p>${'x'.repeat(n * 23_457)} ✓ ${n}</p>` }));
    }
    entries.set('large/whole.md', JSON.stringify({ html: 'y'.repeat(9 << 20) }));
    writeEntries(file, entries);
    assert.ok(fs.statSync(file).size > 24 << 20, 'the file spans several read chunks');
    const warnings: string[] = [];
    const read = readNoteCache(file, header, (message) => warnings.push(message));
    assert.ok(read, warnings.join('\n'));
    assert.equal(read.size, entries.size);
    for (const [filePath, json] of entries) assert.equal(read.take(filePath)?.toString('utf8'), json, filePath);
    assert.equal(read.take('topic/é-3.md'), undefined, 'an entry is taken once');
    read.close();
    read.close();
    assert.deepEqual(warnings, []);
  });

  it('is no cache under another key, and a damaged file is ignored with a warning', () => {
    const file = path.join(makeTempDir(), 'cache/notes.json');
    writeEntries(file, new Map([['a.md', '{"html":"<p>a</p>"}']]));
    const warnings: string[] = [];
    const warn = (message: string) => warnings.push(message);
    assert.equal(readNoteCache(file, { ...header, key: 'key-2' }, warn), undefined);
    assert.deepEqual(warnings, []);
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, text.replace('<p>a</p>', '<p>b</p>'));
    assert.equal(readNoteCache(file, header, warn), undefined);
    fs.writeFileSync(file, text.slice(0, 10));
    assert.equal(readNoteCache(file, header, warn), undefined);
    assert.equal(warnings.length, 2, warnings.join('\n'));
    assert.match(warnings[0]!, /checksum/);
  });
});
