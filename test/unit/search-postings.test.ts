/**
 * The embedded index's term shards (search/terms/{n}.txt) from the compact postings (varints in chained blocks) must be
 * byte for byte what the list-based postings (a `number[]` of pairs per term) wrote: the reference below is that code.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildLocalIndex } from '../../src/node/search/localIndex.js';
import { PostingLists } from '../../src/node/search/postingLists.js';
import type { Hierarchy, RecordType, SearchRecord } from '../../src/node/search/records.js';
import { scanTerms } from '../../src/shared/search.js';

/** The shard size the list-based code cut at (localIndex.ts's SHARD_BYTES). */
const SHARD_BYTES = 48_000;

interface ReferenceIndex {
  shards: string[];
  shardStarts: string[];
  chunkLengths: number[];
  /** What the records exercise: the largest chunk delta and term frequency written. */
  maxDelta: number;
  maxFrequency: number;
}

/** The shards as the list-based postings wrote them: per term, [chunk, tf, chunk, tf...], delta-encoded at the end. */
function referenceIndex(records: readonly SearchRecord[]): ReferenceIndex {
  const lists = new Map<string, number[]>();
  const addText = (chunk: number, text: string): number => {
    let count = 0;
    scanTerms(
      text,
      (lower, start, end) => {
        count++;
        const term = lower.slice(start, end);
        const list = lists.get(term);
        if (!list) lists.set(term, [chunk, 1]);
        else if (list[list.length - 2] === chunk) list[list.length - 1]!++;
        else list.push(chunk, 1);
      },
      { parts: true },
    );
    return count;
  };
  const chunkLengths: number[] = [];
  for (const record of records)
    if (record.type === 'content' && record.content)
      chunkLengths.push(
        addText(chunkLengths.length, record.content) + addText(chunkLengths.length, hierarchyText(record.hierarchy)),
      );
  const shards: string[] = [];
  const shardStarts: string[] = [];
  let lines: string[] = [];
  let size = 0;
  let maxDelta = 0;
  let maxFrequency = 0;
  for (const term of [...lists.keys()].sort((a, b) => (a < b ? -1 : 1))) {
    if (lines.length === 0) shardStarts.push(term);
    const list = lists.get(term)!;
    for (let i = list.length - 2; i > 0; i -= 2) list[i]! -= list[i - 2]!;
    list.forEach((value, i) =>
      i % 2 === 0 ? (maxDelta = Math.max(maxDelta, value)) : (maxFrequency = Math.max(maxFrequency, value)),
    );
    const line = `${term}\t${list.join(',')}`;
    lines.push(line);
    size += line.length + 1;
    if (size >= SHARD_BYTES) {
      shards.push(lines.join('\n'));
      lines = [];
      size = 0;
    }
  }
  if (lines.length > 0) shards.push(lines.join('\n'));
  return { shards, shardStarts, chunkLengths, maxDelta, maxFrequency };
}

function hierarchyText(hierarchy: Hierarchy): string {
  return [hierarchy.lvl1, hierarchy.lvl2, hierarchy.lvl3, hierarchy.lvl4, hierarchy.lvl5, hierarchy.lvl6]
    .filter(Boolean)
    .join(' ');
}

function searchRecord(type: RecordType, hierarchy: Hierarchy, content: string | null): SearchRecord {
  const url = `/page-${hierarchy.lvl1}`;
  return {
    objectID: `${url}-${type}`,
    type,
    hierarchy: { ...hierarchy },
    content,
    url,
    url_without_anchor: url,
    anchor: type === 'lvl1' || type === 'content' ? null : `h-${type}`,
    language: 'en',
    docusaurus_tag: 'docs-default-current',
    weight: { pageRank: 0, level: 0, position: 0 },
  };
}

/** A deterministic pseudo-random source (a linear congruential generator), so a failure can be reproduced. */
function createRandom(seed: number): (below: number) => number {
  let state = seed >>> 0;
  return (below) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return Math.floor((state / 2 ** 32) * below);
  };
}

/** Words of every kind scanTerms hands out: punctuated names, non-ASCII letters, surrogate pairs, over-long runs. */
const SPECIAL_WORDS = [
  'node.js',
  'vite.config.ts',
  '.net',
  'c++',
  'c#',
  'a+b',
  'Tōkyō',
  '東京',
  'Straße',
  'İstanbul',
  'ǅemal',
  '𝒜𝒷𝒸',
  '𠀀𠀁',
  'naïve',
  'Ωμέγα',
  '🍜',
  '—',
  'x'.repeat(41),
  `${'long'.repeat(11)}.dotted.name`,
  '12345',
  '0xdeadbeef',
];

/**
 * Pages with headings at every level and chunks of varied text: a Zipf-like vocabulary (a few terms in most chunks,
 * most in a few), words repeated within a chunk (some hundreds of times), empty contents, contents without a term.
 */
function generateRecords(chunks: number, seed: number): SearchRecord[] {
  const random = createRandom(seed);
  const word = (): string => {
    const kind = random(10);
    if (kind === 0) return SPECIAL_WORDS[random(SPECIAL_WORDS.length)]!;
    if (kind < 4) return ['the', 'of', 'Index', 'wiki'][random(4)]!;
    return `w${Math.floor(5_000 ** (random(1_000) / 1_000))}`; // term w0 often, w4999 rarely
  };
  const records: SearchRecord[] = [];
  const hierarchy: Hierarchy = { lvl0: 'Docs', lvl1: '', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
  const levels = ['lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
  records.push(searchRecord('content', hierarchy, 'First: only in the first chunk, zzfirst.'));
  for (let chunk = 1, page = 0; chunk < chunks - 1; chunk++) {
    if (random(12) === 0) {
      page++;
      Object.assign(hierarchy, { lvl1: `Page ${page} ${word()}`, lvl2: null, lvl3: null, lvl4: null, lvl5: null });
      records.push(searchRecord('lvl1', hierarchy, null));
    } else if (random(6) === 0) {
      const level = random(levels.length);
      hierarchy[levels[level]!] = `${word()} ${word()}`;
      for (const deeper of levels.slice(level + 1)) hierarchy[deeper] = null;
      records.push(searchRecord(levels[level]!, hierarchy, null));
    }
    const kind = random(40);
    let content: string;
    if (kind === 0) content = '';
    else if (kind === 1) content = '— … !? ';
    else if (kind === 2) content = Array.from({ length: 150 + random(200) }, () => 'repeated').join(' ');
    else content = Array.from({ length: random(60) }, () => word()).join(random(2) === 0 ? ' ' : ', ');
    records.push(searchRecord('content', hierarchy, content));
  }
  records.push(searchRecord('content', hierarchy, 'Last: zzfirst again, then only zzlast.'));
  return records;
}

describe('embedded index postings', () => {
  test('a small index: delta-encoded chunks and term frequencies, the title and headings counted in', () => {
    const hierarchy: Hierarchy = {
      lvl0: 'D',
      lvl1: 'Node',
      lvl2: null,
      lvl3: null,
      lvl4: null,
      lvl5: null,
      lvl6: null,
    };
    const records = [
      searchRecord('lvl1', hierarchy, null),
      searchRecord('content', hierarchy, 'Node.js and node'),
      searchRecord('content', hierarchy, ''),
      searchRecord('content', hierarchy, '!!'),
      searchRecord('content', hierarchy, 'and AND and'),
    ];
    const index = buildLocalIndex(records);
    assert.deepEqual(index.shards, ['and\t0,1,2,3\njs\t0,1\nnode\t0,3,1,1,1,1\nnode.js\t0,1']);
    assert.deepEqual(index.data.shardStarts, ['and']);
    assert.deepEqual(index.data.chunkLengths, [6, 1, 4]);
  });

  test('an index without chunks has no shards', () => {
    const hierarchy: Hierarchy = { lvl0: 'D', lvl1: 'T', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
    const index = buildLocalIndex([searchRecord('lvl1', hierarchy, null), searchRecord('content', hierarchy, '')]);
    assert.deepEqual([index.shards, index.data.shardStarts, index.data.chunkLengths], [[], [], []]);
  });

  for (const [chunks, seed] of [
    [300, 1],
    [20_000, 7],
  ] as const)
    test(`${chunks.toLocaleString('en')} varied chunks give the shards the list-based postings wrote`, () => {
      const records = generateRecords(chunks, seed);
      const expected = referenceIndex(records);
      const index = buildLocalIndex(records);
      assert.equal(index.shards.length, expected.shards.length);
      index.shards.forEach((shard, n) => assert.equal(shard, expected.shards[n], `shard ${n}`));
      assert.deepEqual(index.data.shardStarts, expected.shardStarts);
      assert.deepEqual(index.data.chunkLengths, expected.chunkLengths);
      // Values of one, two and three varint bytes, in lists that run over many blocks and pages.
      assert.ok(expected.maxFrequency >= 150, `largest term frequency ${expected.maxFrequency}`);
      if (chunks > 16_384) {
        assert.ok(expected.maxDelta >= 16_384, `largest chunk delta ${expected.maxDelta}`);
        assert.ok(expected.shards.length > 10, `${expected.shards.length} shards`);
      }
    });

  test('PostingLists: values of every varint length, and a list over many blocks and pages', () => {
    const lists = new PostingLists();
    const chunks = [0, 1, 127, 128, 16_383, 16_384, 2_097_151, 2_097_152, 268_435_455, 268_435_456, 2 ** 31 - 1];
    for (const chunk of chunks) lists.add(0, chunk);
    for (let n = 0; n < 300_000; n++) lists.add(1, 5); // a frequency of three varint bytes
    lists.add(1, 6);
    const everyChunk: string[] = [];
    for (let chunk = 0; chunk < 50_000; chunk++) {
      for (let n = 0; n <= chunk % 200; n++) lists.add(2, chunk);
      everyChunk.push(`${chunk === 0 ? 0 : 1},${(chunk % 200) + 1}`);
    }
    assert.equal(lists.text(0), chunks.map((chunk, n) => `${chunk - (chunks[n - 1] ?? 0)},1`).join(','));
    assert.equal(lists.text(1), '5,300000,1,1');
    assert.equal(lists.text(2), everyChunk.join(','));
  });
});
