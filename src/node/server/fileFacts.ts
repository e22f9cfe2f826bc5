/**
 * What the server needs to know about a file before answering (its ETag, and a page's inline script hashes), worked
 * out once per file version and kept in a bounded cache: a request never hashes a whole file again.
 */
import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { RecentMap } from '../../shared/recentMap.js';
import { collectInlineScriptHashes, computeEtag, formatEtag } from './headers.js';
import type { SiteFile } from './siteFiles.js';

export interface FileFacts {
  /** Strong ETag of the bytes as stored. */
  readonly etag: string;
  /** CSP sources for a page's inline scripts; empty for other files. */
  readonly scriptHashes: readonly string[];
}

export interface FileFactsCache {
  /** The file's facts; parallel first requests for one version share a single read. */
  get(relPath: string, file: SiteFile, options: { hashScripts: boolean }): Promise<FileFacts>;
}

// About 200 bytes an entry: 20,000 covers a large site's every file for a few MB.
const defaultMaxEntries = 20_000;

/** The ETag of a file, read as a stream (no copy of it in memory). */
async function hashFile(file: SiteFile): Promise<string> {
  const hash = createHash('sha1');
  for await (const chunk of file.stream()) hash.update(chunk as Buffer);
  return formatEtag(file.size, hash.digest());
}

/** A page's ETag and script hashes; the page is read whole once, as its scripts can only be found in its text. */
async function computeFacts(file: SiteFile, hashScripts: boolean): Promise<FileFacts> {
  if (!hashScripts) return { etag: await hashFile(file), scriptHashes: [] };
  const body = await buffer(file.stream());
  return { etag: computeEtag(body), scriptHashes: collectInlineScriptHashes(body.toString('utf8')) };
}

/** A new, empty cache keyed by path + version (size, mtime, inode on disk); the least recently used entries go first. */
export function createFileFactsCache(maxEntries = defaultMaxEntries): FileFactsCache {
  const entries = new RecentMap<string, Promise<FileFacts>>(maxEntries);
  return {
    get(relPath, file, { hashScripts }) {
      const key = `${relPath}\n${file.version}\n${hashScripts}`;
      let facts = entries.get(key);
      if (!facts) {
        facts = computeFacts(file, hashScripts);
        facts.catch(() => entries.delete(key));
        entries.set(key, facts);
      }
      return facts;
    },
  };
}
