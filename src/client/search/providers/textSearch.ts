/**
 * Full-text search over the sharded index (see src/node/search/localIndex.ts): fetches only the shards holding the
 * query's terms, ranks chunks with BM25 (every term must match, the last as a prefix of a word, others as word or
 * prefix), keeps the best chunk per section, and makes excerpts from the chunk texts of the hits shown.
 */
import { type LocalIndexData, tokenize } from '../../../shared/search.js';
import { stemOf, stemPrefixOf } from './stem.js';

export interface ChunkMatch {
  readonly chunk: number;
  /** Page index, or -1 - heading index. */
  readonly section: number;
  readonly score: number;
}

export interface TextSearch {
  search(query: string): Promise<ChunkMatch[]>;
}

const K1 = 1.2;
const B = 0.75;
/** A word that only starts with the query's term counts this much of an exact match. */
const PREFIX_WEIGHT = 0.6;
/** Another number of the word (battery for batteries) counts nearly as much. */
const STEM_WEIGHT = 0.9;
/** Short prefixes match thousands of words: only this many are scored. */
const MAX_EXPANSIONS = 300;

export function createTextSearch(data: LocalIndexData, fetchText: (path: string) => Promise<string>): TextSearch {
  const shards = new Map<number, Promise<string[]>>();
  const loadShard = (n: number) => {
    let lines = shards.get(n);
    if (!lines) {
      lines = fetchText(`terms/${n}.txt`).then((text) => text.split('\n'));
      lines.catch(() => shards.delete(n));
      shards.set(n, lines);
    }
    return lines;
  };
  const count = data.chunkLengths.length;
  const averageLength = data.chunkLengths.reduce((sum, length) => sum + length, 0) / Math.max(count, 1);
  const scoreTerm = async (term: string): Promise<Map<number, number>> => {
    const scores = new Map<number, number>();
    const root = stemPrefixOf(term);
    const lines = (await Promise.all(shardsFor(data.shardStarts, root).map(loadShard))).flat();
    for (const [, postings, weight] of matchingLines(lines, term)) {
      const df = postings.length / 2;
      const idf = Math.log(1 + (count - df + 0.5) / (df + 0.5)) * weight;
      for (let i = 0; i < postings.length; i += 2) {
        const chunk = postings[i]!;
        const tf = postings[i + 1]!;
        const norm = tf + K1 * (1 - B + (B * data.chunkLengths[chunk]!) / averageLength);
        // The best of the words the term matches: "kube" in "kubectl and kubernetes" is one match, not two.
        scores.set(chunk, Math.max(scores.get(chunk) ?? 0, (idf * tf * (K1 + 1)) / norm));
      }
    }
    return scores;
  };
  return {
    async search(query) {
      const terms = [...new Set(tokenize(query))];
      if (terms.length === 0) return [];
      const perTerm = await Promise.all(terms.map(scoreTerm));
      return bestPerSection(intersect(perTerm), data.chunkSections);
    },
  };
}

/** Shards whose term range can hold the term or words starting with it. */
function shardsFor(starts: readonly string[], term: string): number[] {
  let low = 0;
  for (let high = starts.length - 1; low < high;) {
    const mid = Math.ceil((low + high) / 2);
    if (starts[mid]! <= term) low = mid;
    else high = mid - 1;
  }
  const found = [low];
  for (let next = low + 1; next < starts.length && starts[next]!.startsWith(term); next++) found.push(next);
  return found;
}

/**
 * The lines of words that match the term, postings decoded, with their weight: the word itself (1), another number of
 * it (STEM_WEIGHT: battery, batteries), or a word it starts (PREFIX_WEIGHT; terms of three characters or more, since
 * shorter ones start too many words).
 */
function matchingLines(lines: readonly string[], term: string): Array<[string, number[], number]> {
  const found: Array<[string, number[], number]> = [];
  const stem = stemOf(term);
  const root = stemPrefixOf(term);
  for (const line of lines) {
    const tab = line.indexOf('\t');
    const word = line.slice(0, tab);
    if (!word.startsWith(root)) continue;
    const weight =
      word === term
        ? 1
        : stemOf(word) === stem
          ? STEM_WEIGHT
          : term.length > 2 && word.startsWith(term) && found.length < MAX_EXPANSIONS
            ? PREFIX_WEIGHT
            : 0;
    if (weight > 0) found.push([word, decodePostings(line.slice(tab + 1)), weight]);
  }
  return found;
}

function decodePostings(text: string): number[] {
  const values = text.split(',').map(Number);
  for (let i = 2; i < values.length; i += 2) values[i]! += values[i - 2]!;
  return values;
}

/** Chunks that match every term, with the summed score. */
function intersect(perTerm: ReadonlyArray<Map<number, number>>): Map<number, number> {
  const [first, ...rest] = [...perTerm].sort((a, b) => a.size - b.size);
  const result = new Map<number, number>();
  for (const [chunk, score] of first ?? []) {
    let total = score;
    if (rest.every((scores) => scores.has(chunk) && (total += scores.get(chunk)!) >= 0)) result.set(chunk, total);
  }
  return result;
}

function bestPerSection(scores: ReadonlyMap<number, number>, sections: readonly number[]): ChunkMatch[] {
  const best = new Map<number, ChunkMatch>();
  for (const [chunk, score] of scores) {
    const section = sections[chunk]!;
    if ((best.get(section)?.score ?? -1) < score) best.set(section, { chunk, section, score });
  }
  return [...best.values()].sort((a, b) => b.score - a.score || a.chunk - b.chunk);
}

/** About 30 words of the chunk around the first word that matches a term, with ellipses where cut. */
export function excerptAround(text: string, terms: readonly string[], length = 200): string {
  const lower = text.toLowerCase();
  const positions = terms.map((term) => findWordStart(lower, term)).filter((position) => position >= 0);
  const hit = positions.length > 0 ? Math.min(...positions) : 0;
  let start = Math.max(0, hit - Math.floor(length / 3));
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  let end = Math.min(text.length, start + length);
  if (end < text.length) end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;
  return `${start > 0 ? '…' : ''}${joinLines(text.slice(start, end))}${end < text.length ? '…' : ''}`;
}

/** A chunk's lines (paragraphs, list items) on one line: " · " between items that end without punctuation. */
export function joinLines(text: string): string {
  return text
    .replace(/([.!?:;,])\s*\n\s*/g, '$1 ')
    .replace(/\s*\n\s*/g, ' · ')
    .replace(/\s+/g, ' ');
}

function findWordStart(lower: string, term: string): number {
  for (let at = lower.indexOf(term); at >= 0; at = lower.indexOf(term, at + 1)) {
    if (at === 0 || !/[\p{L}\p{N}]/u.test(lower[at - 1]!)) return at;
  }
  return -1;
}
