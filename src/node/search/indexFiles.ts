/** The embedded index's files, as the index worker builds them (records -> index.json, term shards, text bundles), and what it is sent. */
import type { DocPageSettings } from '../pipeline/renderSite.js';
import type { DocPageModel } from '../../shared/types.js';
import { buildLocalIndex, INDEX_FILE } from './localIndex.js';
import { type BuildRecordsInput, type RecordNote, searchRecords } from './records.js';

/** What the index worker starts with; the notes arrive afterwards, in batches (DocBatch), as they are rendered. */
export interface LocalIndexInput extends Omit<BuildRecordsInput, 'docs'> {
  /** Site-relative folder of the index ('search/'). */
  readonly indexDir: string;
  /**
   * The site folder being written (`wiki build`): the worker writes the index files there itself, text bundles as
   * they fill, instead of holding every note's text and handing it all back (on 10,000 notes, hundreds of MB).
   */
  readonly writeTo?: string;
}

/**
 * Rendered notes, cloned into the worker with their HTML: the clone copies each string's characters as they are.
 * Packing the HTML as UTF-8 in one transferred buffer cost this thread ~70 ms and the worker ~80 ms to decode on the
 * real corpus (build 2.91 -> 2.86 s median of 8 alternating builds without it), and saved no memory with batches this
 * small (peak RSS ~330 MB either way, ~495 MB for 10,000 notes).
 */
export interface DocBatch {
  readonly docs: readonly RecordNote[];
}

/** Every file of the embedded index, from the notes (read once, in page order), handed to `write` (site-relative path, text). */
export function buildLocalIndexFiles(input: LocalIndexInput, docs: Iterable<RecordNote>, write: (relPath: string, text: string) => void): void {
  const index = buildLocalIndex(searchRecords({ ...input, docs }), (bundle, texts) => write(`${input.indexDir}text/${bundle}.json`, JSON.stringify(texts)));
  write(`${input.indexDir}${INDEX_FILE}`, JSON.stringify(index.data));
  index.shards.forEach((shard, n) => write(`${input.indexDir}terms/${n}.txt`, shard));
}

/** The shared counters: the worker has replied (0 or 1), messages posted to it, messages it has handled. */
export const SIGNALS = 3;
export const DONE = 0;
export const POSTED = 1;
export const HANDLED = 2;

/**
 * What the index worker is sent, in order: what it indexes from, note batches to index, page settings once and pages
 * to render between them, and the end (the last note was sent: it writes the index and replies).
 */
export type IndexWorkerMessage = { readonly start: { readonly input: LocalIndexInput; readonly renderPages: boolean } } | DocBatch | { readonly settings: DocPageSettings } | { readonly page: DocPageModel } | { readonly end: true };
