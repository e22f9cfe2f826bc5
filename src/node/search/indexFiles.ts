/** The embedded index's files, as the index worker builds them: records -> index.json, term shards, text bundles. */
import { buildLocalIndex, INDEX_FILE } from './localIndex.js';
import { type BuildRecordsInput, type RecordDoc, searchRecords } from './records.js';

/**
 * What the index worker receives: the notes without their HTML, and every note's HTML as UTF-8 in one transferred
 * buffer (note i is bytes htmlEnds[i-1]..htmlEnds[i]). Cloning the HTML strings instead cost as much memory again as
 * the notes' HTML twice over (strings with any non-Latin-1 character take two bytes a character).
 */
export interface LocalIndexInput extends Omit<BuildRecordsInput, 'docs'> {
  readonly docs: readonly Omit<RecordDoc, 'html'>[];
  readonly html: Uint8Array;
  readonly htmlEnds: Uint32Array;
  /** Site-relative folder of the index ('search/'). */
  readonly indexDir: string;
}

/** Packs the notes' HTML for the worker (the buffer is its own, so it can be transferred rather than copied). */
export function packHtml(htmls: readonly string[]): { html: Uint8Array; htmlEnds: Uint32Array } {
  const htmlEnds = new Uint32Array(htmls.length);
  let total = 0;
  htmls.forEach((html, index) => (htmlEnds[index] = total += Buffer.byteLength(html)));
  const html = Buffer.allocUnsafeSlow(total);
  htmls.forEach((text, index) => html.write(text, index === 0 ? 0 : htmlEnds[index - 1]!));
  return { html, htmlEnds };
}

/** Site-relative path -> text of every file of the embedded index. */
export function buildLocalIndexFiles(input: LocalIndexInput): Map<string, string> {
  const index = buildLocalIndex(searchRecords({ ...input, docs: unpackDocs(input) }));
  const files = new Map<string, string>([[`${input.indexDir}${INDEX_FILE}`, JSON.stringify(index.data)]]);
  index.shards.forEach((shard, n) => files.set(`${input.indexDir}terms/${n}.txt`, shard));
  const size = index.data.textBundleSize;
  for (let first = 0; first < index.texts.length; first += size) {
    files.set(`${input.indexDir}text/${first / size}.json`, JSON.stringify(index.texts.slice(first, first + size)));
  }
  return files;
}

/** Each note with its HTML decoded only when the records reach it, so at most one note's HTML is a string at a time. */
function* unpackDocs(input: LocalIndexInput): Generator<RecordDoc> {
  const bytes = Buffer.from(input.html.buffer, input.html.byteOffset, input.html.byteLength);
  for (const [index, doc] of input.docs.entries()) {
    yield { ...doc, html: bytes.toString('utf8', index === 0 ? 0 : input.htmlEnds[index - 1], input.htmlEnds[index]) };
  }
}
