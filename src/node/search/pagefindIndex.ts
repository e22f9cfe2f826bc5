/**
 * The full-text part of the embedded index: Pagefind, fed one custom record per section through its Node API
 * (no HTML parsing). Pagefind writes a chunked index the browser fetches in pieces: for the real corpus the first
 * query fetches pagefind.js, its wasm, the metadata file, one index chunk per word and a small fragment per hit.
 */
import * as pagefind from 'pagefind';
import type { SearchRecord } from './records.js';

/** One Pagefind record: a section (its heading and all of its text), so each hit fetches one small fragment. */
export interface SectionRecord {
  readonly url: string;
  readonly content: string;
  readonly meta: Record<string, string>;
}

/** Separates the hierarchy levels stored in a record's `h` meta field (lvl0, lvl2..lvl6). */
export const HIERARCHY_SEPARATOR = '\u001f';

// Pagefind's viewer files we do not use (we bring the DocSearch modal), and its playground.
const UNUSED_FILE = /^(?:pagefind-(?:ui|modular-ui|component-ui|highlight)\.|playground\/)/;

/** Groups records by URL into section records: the heading's text first, then the section's text. */
export function toSectionRecords(records: readonly SearchRecord[]): SectionRecord[] {
  const byUrl = new Map<string, { record: SearchRecord; parts: string[] }>();
  for (const record of records) {
    let entry = byUrl.get(record.url);
    if (!entry) {
      const heading = record.type === 'lvl1' ? record.hierarchy.lvl1 : record.hierarchy[record.type as 'lvl2'];
      entry = { record, parts: heading ? [heading] : [] };
      byUrl.set(record.url, entry);
    }
    if (record.content) entry.parts.push(record.content);
  }
  return [...byUrl.values()].map(({ record, parts }) => {
    const { lvl0, lvl1, lvl2, lvl3, lvl4, lvl5, lvl6 } = record.hierarchy;
    const h = [lvl0, lvl2, lvl3, lvl4, lvl5, lvl6].map((level) => level ?? '').join(HIERARCHY_SEPARATOR).replace(/\u001f+$/, '');
    return { url: record.url, content: parts.join('\n'), meta: { title: lvl1, type: record.type, h } };
  });
}

/** Indexes the sections with Pagefind and returns its files (site-relative under `prefix`). */
export async function buildPagefindFiles(sections: readonly SectionRecord[], prefix: string): Promise<Map<string, Uint8Array>> {
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en', writePlayground: false });
  if (!index) throw new Error(`Pagefind could not create an index: ${errors.join('; ')}`);
  try {
    // Bounded batches keep the service's queue (and our memory) small without waiting record by record.
    for (let start = 0; start < sections.length; start += 256) {
      const batch = sections.slice(start, start + 256).map((section) => index.addCustomRecord({ ...section, language: 'en' }));
      for (const result of await Promise.all(batch)) {
        if (result.errors.length > 0) throw new Error(`Pagefind rejected a record: ${result.errors.join('; ')}`);
      }
    }
    const { files, errors: writeErrors } = await index.getFiles();
    if (writeErrors.length > 0) throw new Error(`Pagefind could not write its index: ${writeErrors.join('; ')}`);
    const output = new Map<string, Uint8Array>();
    for (const file of files) if (!UNUSED_FILE.test(file.path)) output.set(`${prefix}${file.path}`, file.content);
    return output;
  } finally {
    await index.deleteIndex();
    await pagefind.close();
  }
}
