/**
 * The term shards of a spliced index (spliceIndex.ts): the last index's lines, each rewritten only where its chunks
 * changed. A line is "term<TAB>delta,frequency,delta,frequency..." (chunk ids delta-encoded, the first delta the chunk
 * itself), so a line none of whose chunks moves is copied as it was, and in one that changes, a run of pairs whose
 * deltas stay the same (chunks that all moved by one shift) is copied as text: only the pairs around a changed page
 * are written again. At 50,000 notes an edit that shifts every later chunk id touches most lines: re-encoding them
 * whole took seconds.
 */
import { ShardCutter } from './localIndex.js';

/** The last index's term lines, in term order, with the first and last chunk each names. */
export interface OldPostings {
  readonly lines: string[];
  firstChunk: Int32Array;
  lastChunk: Int32Array;
}

/** What the splice changes: where each old chunk went (-1: a changed page's), and the changed pages' postings. */
export interface PostingChanges {
  readonly moved: Int32Array;
  /** The first and last old chunk that does not keep its id (none: first > last). */
  readonly firstMoved: number;
  readonly lastMoved: number;
  /** By term: chunk, frequency, chunk, frequency... at new chunk ids, in chunk order. */
  readonly added: ReadonlyMap<string, readonly number[]>;
}

/** Reads shard texts' lines (`shards(n)` is shard n's text); throws naming the file of a line that is not postings. */
export function readPostings(count: number, shard: (n: number) => { relPath: string; text: string }): OldPostings {
  const read: OldPostings = { lines: [], firstChunk: new Int32Array(1024), lastChunk: new Int32Array(1024) };
  for (let n = 0; n < count; n++) {
    const { relPath, text } = shard(n);
    for (const line of text.split('\n')) {
      const tab = line.indexOf('\t');
      const range = tab > 0 ? chunkRange(line, tab + 1) : undefined;
      if (!range) throw new Error(`a line of ${relPath} is not a term's postings`);
      const at = read.lines.length;
      if (at === read.firstChunk.length) {
        read.firstChunk = grown(read.firstChunk);
        read.lastChunk = grown(read.lastChunk);
      }
      read.lines.push(line);
      read.firstChunk[at] = range[0];
      read.lastChunk[at] = range[1];
    }
  }
  return read;
}

function grown(array: Int32Array): Int32Array {
  const copy = new Int32Array(array.length * 2);
  copy.set(array);
  return copy;
}

/**
 * Every term's line of the new index, in term order, cut into shards as a full build cuts them (each handed to
 * `write`); returns the shards' first terms.
 */
export function splicePostings(
  old: OldPostings,
  changes: PostingChanges,
  write: (shard: number, text: string) => void,
): string[] {
  const { added, firstMoved, lastMoved } = changes;
  const tail = uniformTail(changes.moved);
  const addedTerms = [...added.keys()].sort((a, b) => (a < b ? -1 : 1));
  const cutter = new ShardCutter(write);
  let next = 0; // the next of addedTerms
  const addNew = (term: string) => cutter.add(term, encodePostings(added.get(term)!));
  old.lines.forEach((text, line) => {
    const term = text.slice(0, text.indexOf('\t'));
    for (; next < addedTerms.length && addedTerms[next]! < term; next++) addNew(addedTerms[next]!);
    const more = addedTerms[next] === term ? added.get(addedTerms[next++]!) : undefined;
    const untouched = old.lastChunk[line]! < firstMoved || old.firstChunk[line]! > lastMoved;
    if (untouched && !more) {
      cutter.addLine(term, text); // every chunk keeps its id: the line as it was
      return;
    }
    // Checked for the whole line here: rewritePostings copies the end of a line without reading it.
    if (old.lastChunk[line]! >= changes.moved.length)
      throw new Error(`a posting names chunk ${old.lastChunk[line]}, past the last index's ${changes.moved.length}`);
    const postings = rewritePostings(text, term.length + 1, changes.moved, more ?? [], tail);
    if (postings) cutter.add(term, postings);
  });
  for (; next < addedTerms.length; next++) addNew(addedTerms[next]!);
  return cutter.finish();
}

/**
 * The old chunks from which every chunk to the last moves by the same shift (those after the last changed page): in a
 * line, once a pair there is written, every later pair's delta is as it was, and the rest of the line is copied whole.
 */
function uniformTail(moved: Int32Array): number {
  const last = moved.length - 1;
  const shift = moved[last]! - last;
  let from = moved.length;
  while (from > 0 && moved[from - 1]! >= 0 && moved[from - 1]! - (from - 1) === shift) from--;
  return from;
}

/**
 * A line's postings (from `start`) with each chunk moved and the `added` pairs merged in, as text ('' when none is
 * left). Runs of pairs whose delta and frequency come out the same are copied from the line, and so is all of it after
 * the first pair at or past `tail` (uniformTail) once every added pair is written.
 */
function rewritePostings(
  line: string,
  start: number,
  moved: Int32Array,
  added: readonly number[],
  tail: number,
): string {
  const parts: string[] = [];
  let runStart = -1; // where a run of pairs copied as they are starts in the line
  let runEnd = -1;
  let last = -1; // the new id of the last chunk written
  let chunk = 0; // the old id of the pair being read
  let next = 0; // the next of added's pairs
  const closeRun = () => {
    if (runStart >= 0) parts.push(line.slice(runStart, runEnd));
    runStart = -1;
  };
  const writePair = (to: number, frequency: number) => {
    closeRun();
    parts.push(`${last < 0 ? to : to - last},${frequency}`);
    last = to;
  };
  const numbers = new LineNumbers(line, start);
  while (numbers.at < line.length) {
    const pairStart = numbers.at;
    const delta = numbers.read();
    const frequency = numbers.read();
    chunk += delta;
    const to = moved[chunk]!;
    if (to < 0) {
      closeRun(); // a changed page's: its new postings are in `added`
      continue;
    }
    for (; next < added.length && added[next]! < to; next += 2) writePair(added[next]!, added[next + 1]!);
    if ((last < 0 ? to : to - last) === delta) {
      if (runStart < 0) runStart = pairStart;
      runEnd = numbers.end;
      last = to;
    } else {
      writePair(to, frequency);
    }
    if (chunk >= tail && next >= added.length && numbers.at < line.length) {
      if (runStart < 0) runStart = numbers.at; // the pairs after this one keep their deltas
      runEnd = line.length;
      break;
    }
  }
  for (; next < added.length; next += 2) writePair(added[next]!, added[next + 1]!);
  closeRun();
  return parts.join(',');
}

/**
 * A cursor over a line's comma-separated decimal numbers. Every term line of the last index is read through one at
 * each splice: a cursor a line rather than an object a number (the worker spent more time collecting those objects than
 * reading the numbers).
 */
class LineNumbers {
  /** Where the next number starts. */
  at: number;
  /** Where the last number read ends: a comma, or the end of the line (its start when it held no digit). */
  end: number;

  constructor(
    private readonly line: string,
    start: number,
  ) {
    this.at = start;
    this.end = start;
  }

  /** The number at the cursor (0 when no digit is there); the cursor moves past it and the comma after it. */
  read(): number {
    const { line } = this;
    let value = 0;
    let end = this.at;
    for (let code = line.charCodeAt(end); code >= ZERO && code <= NINE; code = line.charCodeAt(++end))
      value = value * 10 + code - ZERO;
    this.end = end;
    this.at = end + 1;
    return value;
  }
}

/**
 * The first and last chunk a line's postings (from `start`) name, or undefined when they are not pairs of whole
 * numbers ("delta,frequency,delta,frequency...").
 */
function chunkRange(line: string, start: number): [number, number] | undefined {
  let numbers = 0;
  let first = -1;
  let chunk = 0;
  const reader = new LineNumbers(line, start);
  for (; reader.at <= line.length; numbers++) {
    const from = reader.at;
    const value = reader.read();
    const { end } = reader;
    if (end === from || value > MAX_INT32 || (end < line.length && line.charCodeAt(end) !== COMMA)) return undefined;
    if (numbers % 2 === 0) {
      chunk += value;
      if (first < 0) first = chunk;
    }
  }
  return numbers % 2 === 0 && numbers > 0 ? [first, chunk] : undefined;
}

/** A shard line's postings (from `start`) decoded: chunk, frequency, chunk, frequency... */
export function decodePostings(line: string, start: number): number[] {
  const postings: number[] = [];
  const numbers = new LineNumbers(line, start);
  for (let chunk = 0; numbers.at < line.length;) {
    chunk += numbers.read();
    postings.push(chunk, numbers.read());
  }
  return postings;
}

function encodePostings(postings: readonly number[]): string {
  const parts: number[] = [];
  for (let at = 0, last = 0; at < postings.length; at += 2) {
    parts.push(postings[at]! - last, postings[at + 1]!);
    last = postings[at]!;
  }
  return parts.join(',');
}

const COMMA = 44;
const ZERO = 48;
const NINE = 57;
const MAX_INT32 = 2 ** 31 - 1;
