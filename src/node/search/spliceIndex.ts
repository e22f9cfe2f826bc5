/**
 * The embedded index brought up to date from the last build's, when the pages are the same (same routes, in the same
 * order) and only some notes changed: each changed note is indexed alone, as a full build would index it, and put in
 * place of its old part. Chunk and heading ids after it move by what it grew or shrank; every other note's postings,
 * lengths and texts are taken from the old files, not from its HTML, so the notes that did not change are neither sent
 * to this worker nor read. The result is the index a full build writes, byte for byte (test/unit/search-splice.test.ts):
 * the two share the per-note indexing (buildLocalIndex) and the shard cutting (ShardCutter).
 * Like a full index it follows the notes as they come: the old term shards are read before the first, and the pages'
 * parts and text bundles are put in place as they come, so that after the last only the term shards (rewritten where
 * their chunks moved: splicePostings.ts) and index.json remain.
 */
import type { LocalIndexData } from '../../shared/search.js';
import { buildLocalIndex, INDEX_FILE, type LocalIndex, TEXT_BUNDLE_SIZE } from './localIndex.js';
import { type RecordNote, type RecordPage, searchRecords } from './records.js';
import {
  decodePostings,
  type OldPostings,
  type PostingChanges,
  readPostings,
  splicePostings,
} from './splicePostings.js';

/** A note as the index worker gets it: rendered, or only named when its part of the last index still holds. */
export type IndexedNote = RecordNote | UnchangedNote;

export interface UnchangedNote {
  readonly route: string;
  readonly unchanged: true;
}

export interface SpliceInput {
  readonly pages: readonly RecordPage[];
  readonly urlPrefix: string;
  /** Site-relative folder of the index ('search/'). */
  readonly indexDir: string;
}

/** Reads the last build's index files and writes this build's (site-relative paths). */
export interface SpliceFiles {
  read(relPath: string): string;
  write(relPath: string, text: string): void;
  /** The last build's file, unchanged, is this build's too. */
  keep(relPath: string): void;
}

/** The last build's index.json and term shards, read (the text bundles are read as the splice reaches them). */
export interface OldIndex {
  readonly data: LocalIndexData;
  readonly postings: OldPostings;
}

/** Reads the last build's index.json and term shards (`read` takes a site-relative path). */
export function readOldIndex(indexDir: string, read: (relPath: string) => string): OldIndex {
  const data = JSON.parse(read(`${indexDir}${INDEX_FILE}`)) as LocalIndexData;
  const postings = readPostings(data.shardStarts.length, (shard) => {
    const relPath = `${indexDir}terms/${shard}.txt`;
    return { relPath, text: read(relPath) };
  });
  return { data, postings };
}

/**
 * `last`: the last index as readOldIndex read it from `files` (the index worker reads it while the site is read), else
 * it is read now, before the notes come: the worker has nothing else to do while the pages render.
 */
export function spliceLocalIndexFiles(
  input: SpliceInput,
  notes: Iterable<IndexedNote>,
  files: SpliceFiles,
  last: OldIndex = readOldIndex(input.indexDir, (relPath) => files.read(relPath)),
): void {
  const { data: old, postings: oldPostings } = last;
  const pageByRoute = new Map(input.pages.map((page) => [page.route as string, page]));
  const splice = new IndexSplice(old, input, files);
  for (const note of notes) {
    const page = pageByRoute.get(note.route);
    splice.addPage('unchanged' in note ? undefined : indexAlone(note, page ? [page] : [], input.urlPrefix));
  }
  const data = splice.finish();
  const shardStarts = splicePostings(oldPostings, splice, (shard, text) =>
    files.write(`${input.indexDir}terms/${shard}.txt`, text),
  );
  const { pages, headings, chunkSections, chunkLengths, textBundleSize } = data;
  // In buildLocalIndex's order: the same JSON.
  const index: LocalIndexData = { pages, headings, chunkSections, chunkLengths, shardStarts, textBundleSize };
  files.write(`${input.indexDir}${INDEX_FILE}`, JSON.stringify(index));
}

/** One note's part of the index, made as a full build makes every note's. */
function indexAlone(note: RecordNote, pages: readonly RecordPage[], urlPrefix: string): LocalIndex {
  return buildLocalIndex(searchRecords({ docs: [note], pages, urlPrefix }));
}

type Heading = LocalIndexData['headings'][number];

/**
 * The new index's pages, headings, chunk table and text bundles, made page by page in order: an unchanged page's old
 * part moved to its new place, a changed page's new part. It also tells where each old chunk went, and holds the
 * changed pages' postings, for the postings' splice.
 */
class IndexSplice implements PostingChanges {
  private readonly pages: LocalIndexData['pages'][number][] = [];
  private readonly headings: Heading[] = [];
  private readonly chunkSections: number[] = [];
  private readonly chunkLengths: number[] = [];
  /** Old chunk id -> new chunk id, -1 for a chunk of a changed page. */
  readonly moved: Int32Array;
  /** The first and last old chunk that does not keep its id (none: first > last). */
  firstMoved: number;
  lastMoved = -1;
  /** The changed pages' postings by term, at their chunks' new ids: chunk, frequency, chunk, frequency... */
  readonly added = new Map<string, number[]>();
  private readonly oldHeadingStart: Int32Array;
  private readonly oldChunkStart: Int32Array;
  private readonly texts: TextBundles;

  constructor(
    private readonly old: LocalIndexData,
    input: SpliceInput,
    files: SpliceFiles,
  ) {
    ({ headingStart: this.oldHeadingStart, chunkStart: this.oldChunkStart } = rangesOf(old));
    this.moved = new Int32Array(old.chunkSections.length);
    this.firstMoved = old.chunkSections.length;
    this.texts = new TextBundles(old.chunkSections.length, input, files);
  }

  /** The next page: undefined when its old part holds, else its new part. */
  addPage(part: LocalIndex | undefined): void {
    const page = this.pages.length;
    if (page >= this.old.pages.length)
      throw new Error(`the last index has ${this.old.pages.length} pages where this build has more`);
    const headingOffset = this.headings.length;
    const chunkOffset = this.chunkSections.length;
    const moveHeading = (heading: number) => -1 - (headingOffset + heading);
    const firstHeading = this.oldHeadingStart[page]!;
    const [firstChunk, endChunk] = [this.oldChunkStart[page]!, this.oldChunkStart[page + 1]!];
    if (!part) {
      this.pages.push(this.old.pages[page]!);
      for (let at = firstHeading; at < this.oldHeadingStart[page + 1]!; at++) {
        const heading = this.old.headings[at]!;
        const [, level, text, anchor, parent] = heading;
        // Unmoved, the old heading is the new one (at 50,000 notes, hundreds of thousands of them).
        if (headingOffset === firstHeading) this.headings.push(heading);
        else
          this.headings.push([page, level, text, anchor, parent < 0 ? parent : parent - firstHeading + headingOffset]);
      }
      for (let chunk = firstChunk; chunk < endChunk; chunk++) {
        const section = this.old.chunkSections[chunk]!;
        this.chunkSections.push(section >= 0 ? page : moveHeading(-1 - section - firstHeading));
        this.chunkLengths.push(this.old.chunkLengths[chunk]!);
        this.moveChunk(chunk, chunkOffset + chunk - firstChunk);
        this.texts.add(chunk);
      }
      return;
    }
    const { data } = part;
    this.pages.push(...data.pages);
    for (const [, level, text, anchor, parent] of data.headings)
      this.headings.push([page, level, text, anchor, parent < 0 ? parent : parent + headingOffset]);
    for (const section of data.chunkSections) this.chunkSections.push(section >= 0 ? page : moveHeading(-1 - section));
    this.chunkLengths.push(...data.chunkLengths);
    for (let chunk = firstChunk; chunk < endChunk; chunk++) this.moveChunk(chunk, -1);
    for (const text of part.texts) this.texts.add(text);
    this.addPostings(part, chunkOffset);
  }

  /** The pages, headings and chunk table, once every page came; the last text bundle is written. */
  finish(): Omit<LocalIndexData, 'shardStarts'> {
    if (this.pages.length !== this.old.pages.length)
      throw new Error(`the last index has ${this.old.pages.length} pages where this build has ${this.pages.length}`);
    this.texts.finish();
    const { pages, headings, chunkSections, chunkLengths } = this;
    return { pages, headings, chunkSections, chunkLengths, textBundleSize: TEXT_BUNDLE_SIZE };
  }

  private moveChunk(chunk: number, to: number): void {
    this.moved[chunk] = to;
    if (to === chunk) return;
    this.firstMoved = Math.min(this.firstMoved, chunk);
    this.lastMoved = chunk;
  }

  private addPostings(part: LocalIndex, chunkOffset: number): void {
    for (const shard of part.shards) {
      for (const line of shard.split('\n')) {
        const tab = line.indexOf('\t');
        const postings = decodePostings(line, tab + 1);
        const list = this.added.get(line.slice(0, tab)) ?? [];
        for (let at = 0; at < postings.length; at += 2) list.push(postings[at]! + chunkOffset, postings[at + 1]!);
        this.added.set(line.slice(0, tab), list);
      }
    }
  }
}

/** Each page's first heading and first chunk in an index (one more entry: the ends). Both are in page order. */
function rangesOf(data: LocalIndexData): { headingStart: Int32Array; chunkStart: Int32Array } {
  const pageCount = data.pages.length;
  const headingStart = new Int32Array(pageCount + 1).fill(-1);
  const chunkStart = new Int32Array(pageCount + 1).fill(-1);
  data.headings.forEach(([page], at) => {
    if (headingStart[page] === -1) headingStart[page] = at;
  });
  data.chunkSections.forEach((section, at) => {
    const page = section >= 0 ? section : data.headings[-1 - section]![0];
    if (chunkStart[page] === -1) chunkStart[page] = at;
  });
  headingStart[pageCount] = data.headings.length;
  chunkStart[pageCount] = data.chunkSections.length;
  // A page without headings or chunks starts where the next one does.
  for (let page = pageCount - 1; page >= 0; page--) {
    if (headingStart[page] === -1) headingStart[page] = headingStart[page + 1]!;
    if (chunkStart[page] === -1) chunkStart[page] = chunkStart[page + 1]!;
  }
  return { headingStart, chunkStart };
}

/**
 * The new text bundles, filled chunk by chunk in order: each chunk is an old one (by id) or a new text. A full bundle
 * whose chunks all keep their ids is the old bundle, kept; any other is written, with old texts read from the old
 * bundles.
 */
class TextBundles {
  private pending: (number | string)[] = [];
  private count = 0;
  /** The last two old bundles read (a moved bundle takes its chunks from two). */
  private readonly read = new Map<number, readonly unknown[]>();

  constructor(
    private readonly oldCount: number,
    private readonly input: SpliceInput,
    private readonly files: SpliceFiles,
  ) {}

  /** The next chunk: an old chunk's id, or a new text. */
  add(chunk: number | string): void {
    this.pending.push(chunk);
    this.count++;
    if (this.pending.length === TEXT_BUNDLE_SIZE) this.flush();
  }

  finish(): void {
    if (this.pending.length > 0) this.flush();
  }

  private flush(): void {
    const size = TEXT_BUNDLE_SIZE;
    const bundle = Math.floor((this.count - 1) / size);
    const first = bundle * size;
    const relPath = `${this.input.indexDir}text/${bundle}.json`;
    const oldLength = Math.min(this.oldCount, first + size) - first;
    const kept = oldLength === this.pending.length && this.pending.every((chunk, at) => chunk === first + at);
    if (kept) this.files.keep(relPath);
    else
      this.files.write(
        relPath,
        JSON.stringify(this.pending.map((chunk) => (typeof chunk === 'string' ? chunk : this.oldText(chunk)))),
      );
    this.pending = [];
  }

  private oldText(chunk: number): string {
    const bundle = Math.floor(chunk / TEXT_BUNDLE_SIZE);
    let texts = this.read.get(bundle);
    if (!texts) {
      texts = JSON.parse(this.files.read(`${this.input.indexDir}text/${bundle}.json`)) as unknown[];
      if (this.read.size === 2) this.read.delete(this.read.keys().next().value!);
      this.read.set(bundle, texts);
    }
    const text = texts[chunk % TEXT_BUNDLE_SIZE];
    if (typeof text !== 'string') throw new Error(`${this.input.indexDir}text/${bundle}.json lacks chunk ${chunk}`);
    return text;
  }
}
