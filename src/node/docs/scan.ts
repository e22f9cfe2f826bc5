import fs from 'node:fs';
import path from 'node:path';
import { asSourcePath, type SourcePath } from '../../shared/paths.js';
import type { DiagnosticList } from '../diagnostics.js';
import { categoryFileNames, parseCategoryFile, type CategoryMetadata } from './category.js';
import { markdownExtensions } from './docPaths.js';

/** A Markdown file found under the docs folder, decoded. */
export interface ScannedNote {
  readonly sourcePath: SourcePath;
  readonly filePath: string;
  readonly text: string;
}

export interface ScanResult {
  readonly notes: readonly ScannedNote[];
  /** `_category_` metadata by docs-relative folder ('.' for the root). */
  readonly categories: ReadonlyMap<string, CategoryMetadata>;
}

export interface ScanOptions {
  readonly docsDir: string;
  readonly diagnostics: DiagnosticList;
  /** How file paths are shown in messages (relative to the working directory by default). */
  readonly displayPath: (filePath: string) => string;
}

/** Walks the docs folder: every .md/.mdx note (names starting with `_` or `.` are skipped, as Docusaurus does). */
export function scanDocs(options: ScanOptions): ScanResult {
  const notes: ScannedNote[] = [];
  const categories = new Map<string, CategoryMetadata>();
  const visited = new Set<string>();
  const walk = (dir: string, relDir: string): void => {
    const real = fs.realpathSync(dir);
    if (visited.has(real)) {
      options.diagnostics.add({ severity: 'warning', code: 'symlink-loop', file: options.displayPath(dir), message: 'This folder links back to a folder already read (a symlink loop); it was skipped.', hint: 'Remove the symbolic link or point it outside the docs folder.' });
      return;
    }
    visited.add(real);
    for (const entry of readSortedEntries(dir)) {
      const filePath = path.join(dir, entry.name);
      const relPath = relDir === '' ? entry.name : `${relDir}/${entry.name}`;
      if (categoryFileNames.includes(entry.name as (typeof categoryFileNames)[number])) {
        readCategory(filePath, relDir === '' ? '.' : relDir, categories, options);
        continue;
      }
      if (entry.name.startsWith('_') || entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const kind = entryKind(filePath, entry, options);
      if (kind === 'dir') walk(filePath, relPath);
      else if (kind === 'file' && markdownExtensions.some((ext) => entry.name.endsWith(ext))) {
        const text = readNoteText(filePath, options);
        if (text !== undefined) notes.push({ sourcePath: asSourcePath(relPath), filePath, text });
      }
    }
  };
  walk(options.docsDir, '');
  return { notes, categories };
}

function readSortedEntries(dir: string): fs.Dirent[] {
  return fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function entryKind(filePath: string, entry: fs.Dirent, options: ScanOptions): 'dir' | 'file' | 'other' {
  if (entry.isDirectory()) return 'dir';
  if (entry.isFile()) return 'file';
  if (!entry.isSymbolicLink()) return 'other';
  try {
    const stat = fs.statSync(filePath);
    return stat.isDirectory() ? 'dir' : stat.isFile() ? 'file' : 'other';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message = code === 'ELOOP' ? 'This symbolic link points to itself (a symlink loop); it was skipped.' : 'This symbolic link points to nothing; it was skipped.';
    options.diagnostics.add({ severity: 'warning', code: 'bad-symlink', file: options.displayPath(filePath), message, hint: 'Remove the link or make it point to an existing file or folder.' });
    return 'other';
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Reads a note as UTF-8; binary files and invalid UTF-8 become errors that name the file and line. */
function readNoteText(filePath: string, options: ScanOptions): string | undefined {
  const bytes = fs.readFileSync(filePath);
  const file = options.displayPath(filePath);
  const nul = bytes.indexOf(0);
  if (nul !== -1) {
    options.diagnostics.add({ severity: 'error', code: 'binary-note', file, line: lineAt(bytes, nul), message: 'This file is named like a Markdown note but holds binary data (a NUL byte); it was left out.', hint: 'Rename it to its real extension or move it to static/.' });
    return undefined;
  }
  try {
    return utf8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    const bad = firstInvalidUtf8Offset(bytes);
    options.diagnostics.add({ severity: 'error', code: 'invalid-utf8', file, line: lineAt(bytes, bad), message: `The note is not valid UTF-8 (byte ${bad}); it was left out.`, hint: 'Re-save the file with UTF-8 encoding (e.g. `iconv -f latin1 -t utf-8`).' });
    return undefined;
  }
}

function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  let low = 0;
  let high = bytes.length;
  // Binary search for the shortest prefix that fails to decode (a cut in a valid sequence also fails; then step back).
  while (low < high) {
    const mid = (low + high) >> 1;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, mid + 1), { stream: true });
      low = mid + 1;
    } catch {
      high = mid;
    }
  }
  return low;
}

function lineAt(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < bytes.length; i++) if (bytes[i] === 10) line++;
  return line;
}

function readCategory(filePath: string, dirName: string, categories: Map<string, CategoryMetadata>, options: ScanOptions): void {
  if (categories.has(dirName)) return; // .json wins over .yml, as in Docusaurus (entries are sorted)
  const result = parseCategoryFile(path.basename(filePath), fs.readFileSync(filePath, 'utf8'));
  if ('metadata' in result) categories.set(dirName, result.metadata);
  else options.diagnostics.add({ severity: 'error', code: 'invalid-category', file: options.displayPath(filePath), message: result.problem, hint: result.hint });
}
