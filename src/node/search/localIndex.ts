/**
 * The embedded index: a sharded inverted index in plain files, so a browser fetches only what a query needs.
 *   search/index.json     titles, headings, the chunk table and shard starts
 *   search/terms/{n}.txt  sorted term ranges, "term<TAB>chunk-delta,tf,chunk-delta,tf..." (~16 KB gzipped each)
 *   search/text/{n}.json  eight consecutive text chunks (content records, at most 1,500 characters each) for excerpts
 * Written here rather than taken from Pagefind, which alone took longer than a whole build of the real corpus and whose
 * WebAssembly needs 'wasm-unsafe-eval' in the CSP; this index builds in the index worker while pages render, without
 * making the build longer (figures: bench/README.md).
 * A chunk's terms include its section's title and headings, so "kubernetes operators" finds the text under
 * Kubernetes > Operators. No stemming: the last query term matches word prefixes, the title list catches typos.
 */
import { type LocalIndexData, scanTerms } from '../../shared/search.js';
import type { Hierarchy, SearchRecord } from './records.js';
import { PostingLists } from './postingLists.js';
import { TermTable } from './termTable.js';

export const INDEX_FILE = 'index.json';
/** Shards are cut once their text passes this size (about 16 KB gzipped). */
const SHARD_BYTES = 48_000;
/**
 * Chunk texts per file. Each file created on the disk costs more than its bytes: one per chunk made writing them (and
 * deleting the previous build's) a large part of the build, and eight build faster than four, for a cold query that
 * fetches a few KB more (figures: bench/README.md).
 */
export const TEXT_BUNDLE_SIZE = 8;

export interface LocalIndex {
  readonly data: LocalIndexData;
  /** Shard n's text (`terms/{n}.txt`). */
  readonly shards: readonly string[];
  /** Chunk n's text (stored TEXT_BUNDLE_SIZE to a file, `text/{n}.json`); empty when a text sink took them. */
  readonly texts: readonly string[];
}

/** Receives each text bundle (`text/{n}.json`'s chunks) as soon as it is complete, so the texts need not be held. */
export type TextBundleSink = (bundle: number, texts: readonly string[]) => void;

/** One pass over the records (page order): the title and heading lists, the chunks and their postings. */
export function buildLocalIndex(records: Iterable<SearchRecord>, textSink?: TextBundleSink): LocalIndex {
  const pages: [string, string, string][] = [];
  const headings: [number, number, string, string, number][] = [];
  const chunkSections: number[] = [];
  const chunkLengths: number[] = [];
  const texts: string[] = [];
  const postings = createPostings();
  let section = 0;
  let lastByLevel: number[] = [];
  for (const record of records) {
    if (record.type === 'lvl1') {
      pages.push([record.hierarchy.lvl1, record.url_without_anchor, record.hierarchy.lvl0]);
      section = pages.length - 1;
      lastByLevel = [];
    } else if (record.type !== 'content' && record.type !== 'lvl0') {
      const level = Number(record.type.slice(3));
      const parent = lastByLevel.slice(2, level).reduce((found, index) => (index === undefined ? found : index), -1);
      lastByLevel[level] = headings.length;
      lastByLevel.length = level + 1;
      headings.push([pages.length - 1, level, record.hierarchy[record.type] ?? '', record.anchor ?? '', parent]);
      section = -headings.length; // -1 - index
    } else if (record.type === 'content' && record.content) {
      const chunk = chunkSections.length;
      chunkLengths.push(
        postings.addText(chunk, record.content) + postings.addText(chunk, hierarchyText(record.hierarchy)),
      );
      chunkSections.push(section);
      texts.push(record.content);
      if (textSink && texts.length === TEXT_BUNDLE_SIZE)
        textSink(chunkSections.length / TEXT_BUNDLE_SIZE - 1, texts.splice(0));
    }
  }
  if (textSink && texts.length > 0)
    textSink(Math.floor((chunkSections.length - 1) / TEXT_BUNDLE_SIZE), texts.splice(0));
  const { shards, shardStarts } = writeShards(postings);
  return {
    data: { pages, headings, chunkSections, chunkLengths, shardStarts, textBundleSize: TEXT_BUNDLE_SIZE },
    shards,
    texts,
  };
}

function hierarchyText(hierarchy: Hierarchy): string {
  return [hierarchy.lvl1, hierarchy.lvl2, hierarchy.lvl3, hierarchy.lvl4, hierarchy.lvl5, hierarchy.lvl6]
    .filter(Boolean)
    .join(' ');
}

/** The index holds the parts of punctuated names too: `node.js` is found by `node` as well. */
const INDEX_TERMS = { parts: true } as const;

/** The terms of the chunks and each term's postings (PostingLists), by term id. */
interface Postings {
  readonly table: TermTable;
  readonly lists: PostingLists;
  /** Adds a chunk's text (chunks come in increasing order); returns how many terms it holds. */
  addText(chunk: number, text: string): number;
}

function createPostings(): Postings {
  const table = new TermTable();
  const lists = new PostingLists();
  return {
    table,
    lists,
    addText(chunk, text) {
      let count = 0;
      scanTerms(
        text,
        (lower, start, end) => {
          count++;
          lists.add(table.idOf(lower, start, end), chunk);
        },
        INDEX_TERMS,
      );
      return count;
    },
  };
}

/** Sorted terms cut into shards; chunk ids are delta-encoded (they only grow), which gzip likes. */
function writeShards({ table: { terms }, lists }: Postings): { shards: string[]; shardStarts: string[] } {
  const shards: string[] = [];
  const cutter = new ShardCutter((_, text) => shards.push(text));
  const ids = terms.map((_, id) => id).sort((a, b) => (terms[a]! < terms[b]! ? -1 : 1)); // terms are unique
  for (const id of ids) cutter.add(terms[id]!, lists.text(id));
  return { shards, shardStarts: cutter.finish() };
}

/**
 * Term lines, given in sorted order, cut into shards once their text passes SHARD_BYTES; each shard is handed to the
 * sink as it completes. A full build and a splice (spliceIndex.ts) cut alike, so they write the same shards.
 */
export class ShardCutter {
  private readonly shardStarts: string[] = [];
  private lines: string[] = [];
  private size = 0;

  constructor(private readonly sink: (shard: number, text: string) => void) {}

  /** Adds a term's line: the term, then its postings as PostingLists.text writes them. */
  add(term: string, postings: string): void {
    this.addLine(term, `${term}\t${postings}`);
  }

  /** Adds a term's line as it is (`term<TAB>postings`). */
  addLine(term: string, line: string): void {
    if (this.lines.length === 0) this.shardStarts.push(term);
    this.lines.push(line);
    this.size += line.length + 1;
    if (this.size >= SHARD_BYTES) this.cut();
  }

  /** Hands over the last shard; returns each shard's first term. */
  finish(): string[] {
    if (this.lines.length > 0) this.cut();
    return this.shardStarts;
  }

  private cut(): void {
    this.sink(this.shardStarts.length - 1, this.lines.join('\n'));
    this.lines = [];
    this.size = 0;
  }
}
