/**
 * The embedded index brought up to date from the last build's, when the pages are the same (same routes, in the same
 * order) and only some notes changed: each changed note is indexed alone, as a full build would index it, and put in
 * place of its old part. Chunk and heading ids after it move by what it grew or shrank; every other note's postings,
 * lengths and texts are taken from the old files, not from its HTML, so the notes that did not change are neither sent
 * to this worker nor read. The result is the index a full build writes, byte for byte (test/unit/search-splice.test.ts):
 * the two share the per-note indexing (buildLocalIndex) and the shard cutting (ShardCutter).
 */
import type { LocalIndexData } from '../../shared/search.js';
import { buildLocalIndex, INDEX_FILE, type LocalIndex, ShardCutter, TEXT_BUNDLE_SIZE } from './localIndex.js';
import { type RecordNote, type RecordPage, searchRecords } from './records.js';

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

type Heading = LocalIndexData['headings'][number];

/** Where each page's headings and chunks lie in an index. */
interface PageRanges {
  readonly headingStart: Int32Array;
  readonly chunkStart: Int32Array;
}

/** What replaces a page: its part of the new index, or its old part (moved to its new place). */
type PagePart = { readonly index: LocalIndex } | undefined;

export function spliceLocalIndexFiles(input: SpliceInput, notes: Iterable<IndexedNote>, files: SpliceFiles): void {
  const old = JSON.parse(files.read(`${input.indexDir}${INDEX_FILE}`)) as LocalIndexData;
  // Read before the notes come: the worker has nothing else to do while the pages render.
  const oldPostings = readPostings(old, input, files);
  const pageByRoute = new Map(input.pages.map((page) => [page.route as string, page]));
  const parts: PagePart[] = [];
  for (const note of notes) {
    const page = pageByRoute.get(note.route);
    parts.push('unchanged' in note ? undefined : { index: indexAlone(note, page ? [page] : [], input.urlPrefix) });
  }
  if (parts.length !== old.pages.length)
    throw new Error(`the last index has ${old.pages.length} pages where this build has ${parts.length}`);
  const oldRanges = rangesOf(old);
  const data = spliceData(old, oldRanges, parts);
  const newRanges = rangesOf(data.data);
  const shardStarts = splicePostings(oldPostings, oldRanges, newRanges, parts, input, files);
  spliceTexts(old, oldRanges, newRanges, parts, input, files);
  const { pages, headings, chunkSections, chunkLengths, textBundleSize } = data.data;
  // In buildLocalIndex's order: the same JSON.
  const index: LocalIndexData = { pages, headings, chunkSections, chunkLengths, shardStarts, textBundleSize };
  files.write(`${input.indexDir}${INDEX_FILE}`, JSON.stringify(index));
}

/** One note's part of the index, made as a full build makes every note's. */
function indexAlone(note: RecordNote, pages: readonly RecordPage[], urlPrefix: string): LocalIndex {
  return buildLocalIndex(searchRecords({ docs: [note], pages, urlPrefix }));
}

/** Each page's first heading and first chunk (one more entry: the ends). Both are in page order. */
function rangesOf(data: Pick<LocalIndexData, 'pages' | 'headings' | 'chunkSections'>): PageRanges {
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

/** The pages, headings and chunk table with each changed page's part in place of its old one. */
function spliceData(
  old: LocalIndexData,
  ranges: PageRanges,
  parts: readonly PagePart[],
): { data: Omit<LocalIndexData, 'shardStarts'> } {
  const pages: LocalIndexData['pages'][number][] = [];
  const headings: Heading[] = [];
  const chunkSections: number[] = [];
  const chunkLengths: number[] = [];
  parts.forEach((part, page) => {
    const headingOffset = headings.length;
    const moveHeading = (heading: number) => -1 - (headingOffset + heading);
    if (!part) {
      const firstHeading = ranges.headingStart[page]!;
      pages.push(old.pages[page]!);
      for (let at = firstHeading; at < ranges.headingStart[page + 1]!; at++) {
        const [, level, text, anchor, parent] = old.headings[at]!;
        headings.push([page, level, text, anchor, parent < 0 ? parent : parent - firstHeading + headingOffset]);
      }
      for (let at = ranges.chunkStart[page]!; at < ranges.chunkStart[page + 1]!; at++) {
        const section = old.chunkSections[at]!;
        chunkSections.push(section >= 0 ? page : moveHeading(-1 - section - firstHeading));
        chunkLengths.push(old.chunkLengths[at]!);
      }
      return;
    }
    const { data } = part.index;
    pages.push(...data.pages);
    for (const [, level, text, anchor, parent] of data.headings)
      headings.push([page, level, text, anchor, parent < 0 ? parent : parent + headingOffset]);
    for (const section of data.chunkSections) chunkSections.push(section >= 0 ? page : moveHeading(-1 - section));
    chunkLengths.push(...data.chunkLengths);
  });
  return { data: { pages, headings, chunkSections, chunkLengths, textBundleSize: TEXT_BUNDLE_SIZE } };
}

/** A term's line of the last index: its postings as written, and decoded (chunk, frequency, chunk, frequency...). */
interface OldPostings {
  readonly term: string;
  readonly text: string;
  readonly postings: Int32Array;
}

/** Every line of the last index's term shards, in term order. */
function readPostings(old: LocalIndexData, input: SpliceInput, files: SpliceFiles): OldPostings[] {
  const lines: OldPostings[] = [];
  for (let shard = 0; shard < old.shardStarts.length; shard++) {
    const relPath = `${input.indexDir}terms/${shard}.txt`;
    for (const line of files.read(relPath).split('\n')) {
      const tab = line.indexOf('\t');
      const postings = tab > 0 ? decodePostings(line, tab + 1) : undefined;
      if (!postings) throw new Error(`a line of ${relPath} is not a term's postings`);
      lines.push({ term: line.slice(0, tab), text: line.slice(tab + 1), postings });
    }
  }
  return lines;
}

/**
 * Every term's postings: the old ones of unchanged pages moved to their chunks' new ids, merged with the changed pages'
 * new ones, in term order, cut into shards as a full build cuts them. Returns the shards' first terms.
 */
function splicePostings(
  oldPostings: readonly OldPostings[],
  oldRanges: PageRanges,
  newRanges: PageRanges,
  parts: readonly PagePart[],
  input: SpliceInput,
  files: SpliceFiles,
): string[] {
  const added = addedPostings(parts, newRanges);
  const addedTerms = [...added.keys()].sort((a, b) => (a < b ? -1 : 1));
  const moveChunk = chunkMover(oldRanges, newRanges, parts);
  const cutter = new ShardCutter((shard, text) => files.write(`${input.indexDir}terms/${shard}.txt`, text));
  let next = 0; // the next of addedTerms
  const emit = (term: string, postings: readonly number[]) => {
    if (postings.length > 0) cutter.add(term, encodePostings(postings));
  };
  for (const { term, text, postings } of oldPostings) {
    for (; next < addedTerms.length && addedTerms[next]! < term; next++)
      emit(addedTerms[next]!, added.get(addedTerms[next]!)!);
    const kept = movePostings(postings, moveChunk);
    if (addedTerms[next] === term) emit(term, mergePostings(kept ?? postings, added.get(addedTerms[next++]!)!));
    else if (kept) emit(term, kept);
    else cutter.add(term, text); // every chunk keeps its id: the line as it was
  }
  for (; next < addedTerms.length; next++) emit(addedTerms[next]!, added.get(addedTerms[next]!)!);
  return cutter.finish();
}

/** The changed pages' postings by term, at their chunks' new ids: chunk, frequency, chunk, frequency... */
function addedPostings(parts: readonly PagePart[], newRanges: PageRanges): Map<string, number[]> {
  const added = new Map<string, number[]>();
  parts.forEach((part, page) => {
    if (!part) return;
    const first = newRanges.chunkStart[page]!;
    for (const shard of part.index.shards) {
      for (const line of shard.split('\n')) {
        const tab = line.indexOf('\t');
        const postings = [...decodePostings(line, tab + 1)!];
        for (let at = 0; at < postings.length; at += 2) postings[at]! += first;
        const list = added.get(line.slice(0, tab));
        if (list) list.push(...postings);
        else added.set(line.slice(0, tab), postings);
      }
    }
  });
  return added;
}

/** Old chunk id -> new chunk id, or -1 for a chunk of a changed page. */
function chunkMover(
  oldRanges: PageRanges,
  newRanges: PageRanges,
  parts: readonly PagePart[],
): (chunk: number) => number {
  const oldStart = oldRanges.chunkStart;
  const chunkCount = oldStart[oldStart.length - 1]!;
  const moved = new Int32Array(chunkCount);
  parts.forEach((part, page) => {
    const shift = newRanges.chunkStart[page]! - oldStart[page]!;
    for (let chunk = oldStart[page]!; chunk < oldStart[page + 1]!; chunk++) moved[chunk] = part ? -1 : chunk + shift;
  });
  return (chunk) => {
    if (chunk >= chunkCount) throw new Error(`a posting names chunk ${chunk}, past the last index's ${chunkCount}`);
    return moved[chunk]!;
  };
}

/** The postings with each chunk moved (those of changed pages left out); undefined when every chunk keeps its id. */
function movePostings(postings: Int32Array, moveChunk: (chunk: number) => number): number[] | undefined {
  let at = 0;
  while (at < postings.length && moveChunk(postings[at]!) === postings[at]) at += 2;
  if (at === postings.length) return undefined;
  const kept = Array.from(postings.subarray(0, at));
  for (; at < postings.length; at += 2) {
    const chunk = moveChunk(postings[at]!);
    if (chunk >= 0) kept.push(chunk, postings[at + 1]!);
  }
  return kept;
}

/**
 * "delta,frequency,delta,frequency..." from `start` (the first delta is the chunk itself) -> chunk, frequency, chunk,
 * frequency...; undefined when it is not pairs of whole numbers. Read digit by digit: the last index's millions.
 */
function decodePostings(line: string, start: number): Int32Array | undefined {
  let count = 1;
  for (let at = start; at < line.length; at++) if (line.charCodeAt(at) === COMMA) count++;
  if (count % 2 !== 0 || start >= line.length) return undefined;
  const postings = new Int32Array(count);
  let value = 0;
  let digits = 0;
  let index = 0;
  let chunk = 0;
  for (let at = start; at <= line.length; at++) {
    const code = at < line.length ? line.charCodeAt(at) : COMMA;
    if (code >= ZERO && code <= NINE) {
      value = value * 10 + code - ZERO;
      digits++;
      continue;
    }
    if (code !== COMMA || digits === 0 || value > MAX_INT32) return undefined;
    if (index % 2 === 0) value = chunk += value;
    postings[index++] = value;
    value = 0;
    digits = 0;
  }
  return postings;
}

const COMMA = 44;
const ZERO = 48;
const NINE = 57;
const MAX_INT32 = 2 ** 31 - 1;

function encodePostings(postings: readonly number[]): string {
  const parts: number[] = [];
  for (let at = 0, last = 0; at < postings.length; at += 2) {
    parts.push(postings[at]! - last, postings[at + 1]!);
    last = postings[at]!;
  }
  return parts.join(',');
}

/** Two lists of chunk, frequency pairs with no chunk in common, each in chunk order, as one in chunk order. */
function mergePostings(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
  const merged: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) {
      merged.push(a[i]!, a[i + 1]!);
      i += 2;
    } else {
      merged.push(b[j]!, b[j + 1]!);
      j += 2;
    }
  }
  return merged;
}

/**
 * The text bundles: one whose chunks all keep their ids (before the first change, or after the last when no page grew
 * or shrank) is kept; any other is made again from the old bundles' texts and the changed pages' new ones.
 */
function spliceTexts(
  old: LocalIndexData,
  oldRanges: PageRanges,
  newRanges: PageRanges,
  parts: readonly PagePart[],
  input: SpliceInput,
  files: SpliceFiles,
): void {
  const size = TEXT_BUNDLE_SIZE;
  const oldCount = old.chunkSections.length;
  const newCount = newRanges.chunkStart[newRanges.chunkStart.length - 1]!;
  // Where each new chunk's text comes from: an old chunk id (>= 0), or -1 - (a changed page's text, in order).
  const source = new Int32Array(newCount);
  const newTexts: string[] = [];
  parts.forEach((part, page) => {
    const start = newRanges.chunkStart[page]!;
    if (part) {
      part.index.texts.forEach((text, at) => {
        source[start + at] = -1 - newTexts.length;
        newTexts.push(text);
      });
    } else {
      for (let chunk = oldRanges.chunkStart[page]!; chunk < oldRanges.chunkStart[page + 1]!; chunk++)
        source[start + chunk - oldRanges.chunkStart[page]!] = chunk;
    }
  });
  let cached: { bundle: number; texts: string[] } | undefined;
  const oldText = (chunk: number): string => {
    const bundle = Math.floor(chunk / size);
    if (cached?.bundle !== bundle)
      cached = { bundle, texts: JSON.parse(files.read(`${input.indexDir}text/${bundle}.json`)) as string[] };
    const text = cached.texts[chunk % size];
    if (typeof text !== 'string') throw new Error(`${input.indexDir}text/${bundle}.json lacks chunk ${chunk}`);
    return text;
  };
  for (let bundle = 0; bundle * size < newCount; bundle++) {
    const end = Math.min(newCount, (bundle + 1) * size);
    let same = end - bundle * size === Math.min(oldCount, (bundle + 1) * size) - bundle * size;
    for (let chunk = bundle * size; same && chunk < end; chunk++) same = source[chunk] === chunk;
    const relPath = `${input.indexDir}text/${bundle}.json`;
    if (same) {
      files.keep(relPath);
      continue;
    }
    const texts: string[] = [];
    for (let chunk = bundle * size; chunk < end; chunk++) {
      const from = source[chunk]!;
      texts.push(from >= 0 ? oldText(from) : newTexts[-1 - from]!);
    }
    files.write(relPath, JSON.stringify(texts));
  }
}
