/** The embedded index's files, as the index worker builds them: records -> index.json, term shards, text bundles. */
import { buildLocalIndex, INDEX_FILE } from './localIndex.js';
import { buildSearchRecords, type BuildRecordsInput } from './records.js';

export type LocalIndexInput = BuildRecordsInput & {
  /** Site-relative folder of the index ('search/'). */
  readonly indexDir: string;
};

/** Site-relative path -> text of every file of the embedded index. */
export function buildLocalIndexFiles(input: LocalIndexInput): Map<string, string> {
  const index = buildLocalIndex(buildSearchRecords(input));
  const files = new Map<string, string>([[`${input.indexDir}${INDEX_FILE}`, JSON.stringify(index.data)]]);
  index.shards.forEach((shard, n) => files.set(`${input.indexDir}terms/${n}.txt`, shard));
  const size = index.data.textBundleSize;
  for (let first = 0; first < index.texts.length; first += size) {
    files.set(`${input.indexDir}text/${first / size}.json`, JSON.stringify(index.texts.slice(first, first + size)));
  }
  return files;
}
