/** The embedded index's files: Pagefind's chunked full-text index plus the title-and-heading list. */
import { buildHeadingsIndex } from './headingsIndex.js';
import { buildPagefindFiles, toSectionRecords } from './pagefindIndex.js';
import { buildSearchRecords, type BuildRecordsInput } from './records.js';

export type LocalIndexInput = BuildRecordsInput & {
  /** Site-relative output paths: the Pagefind folder ('pagefind/') and the heading list ('search/headings.json'). */
  readonly pagefindDir: string;
  readonly headingsFile: string;
};

/** Records -> Pagefind files + heading list, as site-relative path -> bytes. */
export async function buildLocalIndexFiles(input: LocalIndexInput): Promise<Map<string, Uint8Array>> {
  const records = buildSearchRecords(input);
  const files = await buildPagefindFiles(toSectionRecords(records), input.pagefindDir);
  files.set(input.headingsFile, new TextEncoder().encode(JSON.stringify(buildHeadingsIndex(records))));
  return files;
}
