/**
 * The embedded index spliced from the last build's (spliceIndex.ts) is the index a full build makes, file for file:
 * random notes, then random edits (text, headings, titles, notes emptied or grown past a text bundle), the two compared.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TEXT_BUNDLE_SIZE } from '../../src/node/search/localIndex.js';
import { type IndexedNote, spliceLocalIndexFiles } from '../../src/node/search/spliceIndex.js';
import { decodePostings, readPostings, splicePostings } from '../../src/node/search/splicePostings.js';
import { fullIndex, INDEX_DIR, pagesOf, randomBody, type Source, toRecordNote } from '../helpers/searchNotes.js';
import { seededRandom } from '../helpers/seededRandom.js';

/** The splice of `old` for `sources`, the notes at `changed` sent whole: the files written and kept. */
function splicedIndex(
  old: ReadonlyMap<string, string>,
  sources: readonly Source[],
  changed: ReadonlySet<number>,
): Map<string, string> {
  const files = new Map<string, string>();
  const notes: IndexedNote[] = sources.map((source, index) =>
    changed.has(index) ? toRecordNote(source) : { route: source.route, unchanged: true },
  );
  spliceLocalIndexFiles({ pages: pagesOf(sources), urlPrefix: '/', indexDir: INDEX_DIR }, notes, {
    read: (relPath) => {
      const text = old.get(relPath);
      if (text === undefined) throw new Error(`no old file ${relPath}`);
      return text;
    },
    write: (relPath, text) => files.set(relPath, text),
    keep: (relPath) => files.set(relPath, old.get(relPath)!),
  });
  return files;
}

function edit(source: Source, random: () => number): Source {
  const roll = random();
  if (roll < 0.15) return { ...source, body: '' };
  if (roll < 0.3) return { ...source, title: `${source.title} renamed` };
  if (roll < 0.45) return { ...source, body: `${source.body}\n\n${'zebra quartz café '.repeat(200)}` };
  if (roll < 0.6) return { ...source, body: `${source.body}\n\n## Added ${Math.floor(random() * 100)}\n\nnew words` };
  return { ...source, body: randomBody(random) };
}

describe('spliceLocalIndexFiles', () => {
  test('gives the files of a full build after random edits', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const random = seededRandom(seed);
      const count = 5 + Math.floor(random() * 30);
      let sources: Source[] = Array.from({ length: count }, (_, index) => ({
        route: `/notes/n${index}`,
        title: `Note ${index}`,
        body: randomBody(random),
      }));
      let files = fullIndex(sources);
      for (let round = 0; round < 3; round++) {
        const changed = new Set<number>();
        const edits = 1 + Math.floor(random() * 3);
        for (let n = 0; n < edits; n++) changed.add(Math.floor(random() * sources.length));
        sources = sources.map((source, index) => (changed.has(index) ? edit(source, random) : source));
        const spliced = splicedIndex(files, sources, changed);
        files = fullIndex(sources);
        assert.deepEqual(
          [...spliced.keys()].sort(),
          [...files.keys()].sort(),
          `seed ${seed}, round ${round}: the same files`,
        );
        for (const [relPath, text] of files)
          assert.equal(spliced.get(relPath), text, `seed ${seed}, round ${round}: ${relPath}`);
      }
    }
  });

  test('keeps the text bundles before the first change, and after it when no note grew or shrank', () => {
    const sources: Source[] = Array.from({ length: 40 }, (_, index) => ({
      route: `/notes/n${index}`,
      title: `Note ${index}`,
      body: `Words of note ${index}.\n\nA second paragraph of note ${index}.`,
    }));
    const old = fullIndex(sources);
    const bundles = [...old.keys()].filter((relPath) => relPath.startsWith(`${INDEX_DIR}text/`)).length;
    assert.ok(bundles > 3, `${bundles} text bundles`);
    const changedAt = 20;
    const next = sources.map((source, index) =>
      index === changedAt ? { ...source, body: source.body.replace('Words', 'Other words') } : source,
    );
    const written: string[] = [];
    spliceLocalIndexFiles({ pages: pagesOf(next), urlPrefix: '/', indexDir: INDEX_DIR }, notesOf(next, changedAt), {
      read: (relPath) => old.get(relPath)!,
      write: (relPath) => written.push(relPath),
      keep: () => undefined,
    });
    // One chunk per note here: the changed note's chunk is in bundle changedAt / TEXT_BUNDLE_SIZE, alone rewritten.
    assert.deepEqual(
      written.filter((relPath) => relPath.startsWith(`${INDEX_DIR}text/`)),
      [`${INDEX_DIR}text/${Math.floor(changedAt / TEXT_BUNDLE_SIZE)}.json`],
    );
  });

  test('refuses an old index of another page count', () => {
    const sources: Source[] = [1, 2, 3].map((n) => ({ route: `/n${n}`, title: `N${n}`, body: `Note ${n}.` }));
    const old = fullIndex(sources);
    const fewer = sources.slice(0, 2);
    assert.throws(
      () =>
        spliceLocalIndexFiles({ pages: pagesOf(fewer), urlPrefix: '/', indexDir: INDEX_DIR }, notesOf(fewer, -1), {
          read: (relPath) => old.get(relPath)!,
          write: () => undefined,
          keep: () => undefined,
        }),
      /the last index has 3 pages where this build has 2/,
    );
  });
});

describe("the last index's term lines", () => {
  const read = (text: string) => readPostings(1, () => ({ relPath: 'search/terms/0.txt', text }));

  test('are read with the first and last chunk each names, and decoded', () => {
    const postings = read('alpha\t3,1,4,2\nbeta\t0,7\ngamma\t12,1,1,1,100,3');
    assert.deepEqual(postings.lines, ['alpha\t3,1,4,2', 'beta\t0,7', 'gamma\t12,1,1,1,100,3']);
    assert.deepEqual([...postings.firstChunk.slice(0, 3)], [3, 0, 12]);
    assert.deepEqual([...postings.lastChunk.slice(0, 3)], [7, 0, 113]);
    assert.deepEqual(decodePostings('gamma\t12,1,1,1,100,3', 6), [12, 1, 13, 1, 113, 3]);
  });

  test('that name a chunk past the last index are refused when rewritten, even past the changed pages', () => {
    // Three old chunks, the middle one a changed page's: the line's pairs after it keep their deltas and are copied.
    const changes = { moved: new Int32Array([0, -1, 1]), firstMoved: 1, lastMoved: 2, added: new Map() };
    const splice = (line: string) => splicePostings(read(line), changes, () => undefined);
    assert.doesNotThrow(() => splice('alpha\t0,1,2,1'));
    assert.throws(() => splice('alpha\t0,1,2,1,4,1'), /a posting names chunk 6, past the last index's 3/);
  });

  test('that are not pairs of whole numbers are refused, naming the file', () => {
    for (const line of [
      'alpha\t3,1,4',
      'alpha\t3,,4,2',
      'alpha\t3,1x,4,2',
      'alpha\t3,1,',
      'alpha\t',
      'alpha',
      'alpha\t9999999999,1',
    ])
      assert.throws(() => read(line), /a line of search\/terms\/0\.txt is not a term's postings/, JSON.stringify(line));
  });
});

/** Every note unchanged but the one at `changedAt`, sent whole. */
function notesOf(sources: readonly Source[], changedAt: number): IndexedNote[] {
  return sources.map((source, index) =>
    index === changedAt ? toRecordNote(source) : { route: source.route, unchanged: true },
  );
}
