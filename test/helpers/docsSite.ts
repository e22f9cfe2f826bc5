/** A site folder of notes under docs/, in the OS temp folder, for tests that run pipeline stages on real files. */
import fs from 'node:fs';
import path from 'node:path';
import { makeTempDir } from './cli.js';

/** A new temp site folder (named from `prefix`) holding `notes` (docs-relative path -> Markdown) under docs/. */
export function makeDocsSite(prefix: string, notes: Record<string, string>): string {
  const site = makeTempDir(prefix);
  for (const [file, text] of Object.entries(notes)) writeDocsNote(site, file, text);
  return site;
}

/** Writes (or rewrites) a note of the site, making its folders. */
export function writeDocsNote(site: string, file: string, text: string): void {
  writeSiteFile(site, path.join('docs', file), text);
}

/** Writes (or rewrites) a file of the site (a site-relative path: the config, a static file...), making its folders. */
export function writeSiteFile(site: string, file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
  fs.writeFileSync(path.join(site, file), text);
}
