/** The embedded index's files, as the index worker builds them (records -> index.json, term shards, text bundles), and what it is sent. */
import { buildLocalIndex, INDEX_FILE } from './localIndex.js';
import { type BuildRecordsInput, type RecordNote, searchRecords } from './records.js';
import type { IndexedNote } from './spliceIndex.js';
import type { FileStamp } from '../pipeline/outputStamps.js';

/** What the index worker starts with; the notes arrive afterwards, in batches (NoteBatch), as they are rendered (NoteBatch). */
export interface LocalIndexInput extends Omit<BuildRecordsInput, 'docs'> {
  /** Site-relative folder of the index ('search/'). */
  readonly indexDir: string;
  /**
   * The site folder being written (`wiki build`): the worker writes the index files there itself, text bundles as
   * they fill, instead of holding every note's text and handing it all back (on 10,000 notes, hundreds of MB).
   */
  readonly writeTo?: string;
  /** The site `writeTo` replaces, whose identical index files are linked instead of written (SiteWriterOptions). */
  readonly reuseFrom?: string;
  /** `writeTo` holds an older site to bring up to date (SiteWriterOptions.prefilled). */
  readonly prefilled?: boolean;
  /**
   * The index in `reuseFrom` is the last build's for the same pages: it is brought up to date (spliceIndex.ts), and
   * notes whose part of it holds come as UnchangedNote, without their HTML.
   */
  readonly splice?: boolean;
}

/**
 * Rendered notes, cloned into the worker with their HTML (structured clone copies each string as it is; packing the
 * HTML as UTF-8 in a transferred buffer was measured slower on both threads: bench/README.md).
 */
export interface NoteBatch {
  readonly notes: readonly IndexedNote[];
}

/** Every file of the embedded index, from the notes (read once, in page order), handed to `write` (site-relative path, text). */
export function buildLocalIndexFiles(
  input: LocalIndexInput,
  docs: Iterable<RecordNote>,
  write: (relPath: string, text: string) => void,
): void {
  const index = buildLocalIndex(searchRecords({ ...input, docs }), (bundle, texts) =>
    write(`${input.indexDir}text/${bundle}.json`, JSON.stringify(texts)),
  );
  write(`${input.indexDir}${INDEX_FILE}`, JSON.stringify(index.data));
  index.shards.forEach((shard, n) => write(`${input.indexDir}terms/${n}.txt`, shard));
}

/**
 * What the index worker is sent, in order: perhaps a site whose index to read ahead (an incremental build's output,
 * whose index it will likely splice), what it indexes from, note batches, and the end (it writes the index and replies).
 */
export type IndexWorkerMessage =
  | { readonly readAhead: { readonly siteDir: string; readonly indexDir: string } }
  | { readonly start: LocalIndexInput }
  | NoteBatch
  | { readonly end: true };

/**
 * What the index worker sends back once: the files (those it did not write itself) and, in a prefilled folder, the
 * paths of those it wrote; the stamps of the files it wrote into the site folder, and the paths of those it linked
 * from the last build's; or the error that stopped it.
 */
export interface IndexWorkerReply {
  readonly files?: Map<string, string>;
  readonly written?: readonly string[];
  readonly stamps?: readonly FileStamp[];
  readonly kept?: readonly string[];
  readonly error?: string;
}
