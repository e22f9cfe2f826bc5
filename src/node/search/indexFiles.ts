/** The embedded index's files, as the index worker builds them (records -> index.json, term shards, text bundles), and what it is sent. */
import type { DocPageSettings } from '../build/renderSite.js';
import type { DocPageModel } from '../../shared/types.js';
import { buildLocalIndex, INDEX_FILE } from './localIndex.js';
import { type BuildRecordsInput, type RecordDoc, searchRecords } from './records.js';

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
 * Rendered notes without their HTML, and their HTML as UTF-8 in one transferred buffer (note i is bytes
 * htmlEnds[i-1]..htmlEnds[i]). Cloning the HTML strings instead cost as much memory again as the notes' HTML twice
 * over (strings with any non-Latin-1 character take two bytes a character).
 */
export interface DocBatch {
  readonly docs: readonly Omit<RecordDoc, 'html'>[];
  readonly html: Uint8Array;
  readonly htmlEnds: Uint32Array;
}

/** Packs notes' HTML for the worker (the buffer is its own, so it can be transferred rather than copied). */
export function packHtml(htmls: readonly string[]): { html: Uint8Array; htmlEnds: Uint32Array } {
  const htmlEnds = new Uint32Array(htmls.length);
  let total = 0;
  htmls.forEach((html, index) => (htmlEnds[index] = total += Buffer.byteLength(html)));
  const html = Buffer.allocUnsafeSlow(total);
  htmls.forEach((text, index) => html.write(text, index === 0 ? 0 : htmlEnds[index - 1]!));
  return { html, htmlEnds };
}

/** Every file of the embedded index, from the notes (read once, in page order), handed to `write` (site-relative path, text). */
export function buildLocalIndexFiles(input: LocalIndexInput, docs: Iterable<RecordDoc>, write: (relPath: string, text: string) => void): void {
  const index = buildLocalIndex(searchRecords({ ...input, docs }), (bundle, texts) => write(`${input.indexDir}text/${bundle}.json`, JSON.stringify(texts)));
  write(`${input.indexDir}${INDEX_FILE}`, JSON.stringify(index.data));
  index.shards.forEach((shard, n) => write(`${input.indexDir}terms/${n}.txt`, shard));
}

/** A batch's notes with their HTML decoded one at a time, when the records reach each. */
export function* unpackDocs(batch: DocBatch): Generator<RecordDoc> {
  const bytes = Buffer.from(batch.html.buffer, batch.html.byteOffset, batch.html.byteLength);
  for (const [index, doc] of batch.docs.entries()) {
    yield { ...doc, html: bytes.toString('utf8', index === 0 ? 0 : batch.htmlEnds[index - 1], batch.htmlEnds[index]) };
  }
}

/** The shared counters: the worker has replied (0 or 1), messages posted to it, messages it has handled. */
export const SIGNALS = 3;
export const DONE = 0;
export const POSTED = 1;
export const HANDLED = 2;

/**
 * What the index worker is sent, in order: what it indexes from, note batches to index, page settings once, pages to
 * render (before and after the last batch), that no note comes any more (it then writes the index), the end.
 */
export type IndexWorkerMessage = { readonly start: { readonly input: LocalIndexInput; readonly renderPages: boolean } } | DocBatch | { readonly settings: DocPageSettings } | { readonly page: DocPageModel } | { readonly notesEnd: true } | { readonly end: true };
