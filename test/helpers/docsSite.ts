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
  fs.mkdirSync(path.dirname(path.join(site, 'docs', file)), { recursive: true });
  fs.writeFileSync(path.join(site, 'docs', file), text);
}
