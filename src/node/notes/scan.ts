import fs from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { asSourcePath, type SourcePath } from '../../shared/paths.js';
import { defaultDocsExclude, defaultDocsInclude } from '../config/schema.js';
import type { DiagnosticList } from '../diagnostics.js';
import { isPathInside } from '../filePaths.js';
import { categoryFileNames, parseCategoryFile, type CategoryMetadata } from './category.js';
import type { KnownNote } from './note.js';
import { isNoteName } from './notePaths.js';

/** A Markdown file found under the docs folder: decoded, or known from the last build (not read). */
export type ScannedNote = ReadNote | (NoteLocation & { readonly known: KnownNote });

/** A note read and decoded. */
export interface ReadNote extends NoteLocation {
  readonly text: string;
}

interface NoteLocation {
  readonly sourcePath: SourcePath;
  readonly filePath: string;
}

export interface ScanResult {
  readonly notes: readonly ScannedNote[];
  /** `_category_` metadata by docs-relative folder ('.' for the root). */
  readonly categories: ReadonlyMap<string, CategoryMetadata>;
  /** The docs-relative paths of the other files (not hidden): a note's link may lead to one. */
  readonly otherFiles: readonly string[];
}

export interface ScanOptions {
  readonly docsDir: string;
  readonly diagnostics: DiagnosticList;
  /** How file paths are shown in messages (relative to the working directory by default). */
  readonly displayPath: (filePath: string) => string;
  /** Globs (relative to the docs folder) of the notes: the docs plugin's `include` (default: every .md and .mdx). */
  readonly include?: readonly string[];
  /** Globs of files that are not notes, even when included: `exclude` (default: Docusaurus's, partials `_x.md`). */
  readonly exclude?: readonly string[];
  /** What the last build read of a note whose file did not change since (`wiki build`): it is not read again. */
  readonly known?: ((filePath: string) => KnownNote | undefined) | undefined;
  /** A folder's entries sorted by name, when already read (`wiki build`'s up-to-date check): it is not read again. */
  readonly listing?: ((dir: string) => fs.Dirent[] | undefined) | undefined;
}

/**
 * Walks the docs folder: every file the include globs match and the exclude globs do not is a note. Names starting
 * with `.` and node_modules are never read; an excluded `.md` (a partial) is not a page but stays importable by path.
 */
export function scanNotes(options: ScanOptions): ScanResult {
  const isNotePath = noteMatcher(options.include ?? defaultDocsInclude, options.exclude ?? defaultDocsExclude);
  const notes: ScannedNote[] = [];
  const categories = new Map<string, CategoryMetadata>();
  const otherFiles: string[] = [];
  const visited = new Set<string>();
  const realDocsDir = fs.realpathSync(options.docsDir);
  // A folder's real path is its parent's and its name unless it is a symbolic link: only links are resolved.
  const walk = (dir: string, relDir: string, real: string): void => {
    if (visited.has(real)) {
      options.diagnostics.add({
        severity: 'warning',
        code: 'symlink-loop',
        file: options.displayPath(dir),
        message: 'This folder links back to a folder already read (a symlink loop); it was skipped.',
        hint: 'Remove the symbolic link.',
      });
      return;
    }
    visited.add(real);
    for (const entry of options.listing?.(dir) ?? readSortedEntries(dir)) {
      const filePath = path.join(dir, entry.name);
      const relPath = relDir === '' ? entry.name : `${relDir}/${entry.name}`;
      const isCategory = categoryFileNames.includes(entry.name as (typeof categoryFileNames)[number]);
      if (!isCategory && isHiddenName(entry.name)) continue;
      const kind = entryKind(filePath, entry, options);
      const used = kind === 'dir' || (kind === 'file' && (isCategory || isNotePath(relPath)));
      if (!used && kind === 'file') otherFiles.push(relPath);
      if (!used || (entry.isSymbolicLink() && !linksInside(filePath, realDocsDir, options))) continue;
      if (isCategory && kind === 'file') readCategory(filePath, relDir === '' ? '.' : relDir, categories, options);
      else if (kind === 'dir')
        walk(filePath, relPath, entry.isSymbolicLink() ? fs.realpathSync(filePath) : path.join(real, entry.name));
      else {
        const known = options.known?.(filePath);
        const text = known ? undefined : readNoteText(filePath, options);
        if (known) notes.push({ sourcePath: asSourcePath(relPath), filePath, known });
        else if (text !== undefined) notes.push({ sourcePath: asSourcePath(relPath), filePath, text });
      }
    }
  };
  walk(options.docsDir, '', realDocsDir);
  return { notes, categories, otherFiles };
}

/**
 * A symbolic link is followed only when it points inside the docs folder: one leading elsewhere (`leak.md ->
 * /etc/hostname`, a folder of another site's notes) would publish files the owner never put in their notes.
 */
function linksInside(filePath: string, realDocsDir: string, options: ScanOptions): boolean {
  let target: string;
  try {
    target = fs.realpathSync(filePath);
  } catch {
    return true; // a dangling or looping link: entryKind reports it
  }
  if (isPathInside(target, realDocsDir)) return true;
  options.diagnostics.add({
    severity: 'warning',
    code: 'symlink-outside',
    file: options.displayPath(filePath),
    message: `This symbolic link points outside the docs folder (to ${target}), so it was not published.`,
    hint: 'Move or copy what it points to into the docs folder, or remove the link.',
  });
  return false;
}

/** Files and folders the default scan leaves out, notes or not (the watcher and the large-site count use it). */
export function isSkippedName(name: string): boolean {
  return name.startsWith('_') || isHiddenName(name);
}

/** What no glob brings in: dotfiles and folders (.git, .obsidian) and installed packages. */
function isHiddenName(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules';
}

/** Whether a docs-relative path is a note: a Markdown file the include globs match and the exclude globs do not. */
export function noteMatcher(include: readonly string[], exclude: readonly string[]): (relPath: string) => boolean {
  // Globs are relative to the docs folder; `./**/*.md` means the same as `**/*.md` (as globby, Docusaurus's, reads it).
  const relative = (globs: readonly string[]) => globs.map((glob) => glob.replace(/^(\.\/)+/, ''));
  const included = picomatch(relative(include));
  const excluded = exclude.length > 0 ? picomatch(relative(exclude)) : () => false;
  return (relPath) => isNoteName(relPath) && included(relPath) && !excluded(relPath);
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
    const message =
      code === 'ELOOP'
        ? 'This symbolic link points to itself (a symlink loop); it was skipped.'
        : 'This symbolic link points to nothing; it was skipped.';
    options.diagnostics.add({
      severity: 'warning',
      code: 'bad-symlink',
      file: options.displayPath(filePath),
      message,
      hint: 'Remove the link or make it point to an existing file or folder.',
    });
    return 'other';
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Reads one note (the dev server re-reads a changed file with this); undefined when it is not text. */
export function readNoteFile(filePath: string, sourcePath: string, options: ScanOptions): ReadNote | undefined {
  const text = readNoteText(filePath, options);
  return text === undefined ? undefined : { sourcePath: asSourcePath(sourcePath), filePath, text };
}

/**
 * A note's text read again (`wiki build` lets a large site's Markdown go between the stages that read it: noteBodies.ts),
 * decoded as the scan decoded it; the scan already reported its encoding.
 */
export function rereadNoteText(filePath: string): string {
  const bytes = fs.readFileSync(filePath);
  return decodeNote(bytes, utf16Encoding(bytes));
}

/** The note's text: UTF-16 when it says so, else UTF-8 (throws on invalid bytes); without its byte order mark. */
function decodeNote(bytes: Uint8Array, utf16: 'utf-16le' | 'utf-16be' | undefined): string {
  return (utf16 ? new TextDecoder(utf16).decode(bytes) : utf8.decode(bytes)).replace(/^\uFEFF/, '');
}

/** Reads a note as UTF-8; binary files and invalid UTF-8 become errors that name the file, line and column. */
function readNoteText(filePath: string, options: ScanOptions): string | undefined {
  const file = options.displayPath(filePath);
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(filePath);
  } catch (error) {
    // Listed, then gone: the folder was read (by the up-to-date check) before its notes are.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new Error(`${file} was removed while the site was being built. Run the build again.`);
  }
  const utf16 = utf16Encoding(bytes);
  if (utf16) {
    options.diagnostics.add({
      severity: 'warning',
      code: 'utf16-note',
      file,
      message: `This note is saved as UTF-16 (${utf16 === 'utf-16le' ? 'little' : 'big'}-endian), as PowerShell and some Windows editors write; it was read as such.`,
      hint: `Re-save it as UTF-8 (in PowerShell: Get-Content '${file}' | Set-Content -Encoding utf8 '${file}'; or iconv -f UTF-16 -t UTF-8).`,
    });
    return decodeNote(bytes, utf16);
  }
  const nul = bytes.indexOf(0);
  if (nul !== -1) {
    const kind = sniffBinaryKind(bytes);
    options.diagnostics.add({
      severity: 'error',
      code: 'binary-note',
      file, // no line: a binary file has none worth showing
      message: `This file is named like a Markdown note but holds binary data${kind ? ` (it looks like ${kind.name})` : ' (a NUL byte)'}; it was left out.`,
      hint: `Rename it to its real extension${kind ? ` (e.g. ${path.parse(filePath).name}${kind.extension})` : ''} and move it to static/, or delete it.`,
    });
    return undefined;
  }
  try {
    return decodeNote(bytes, undefined);
  } catch {
    const bad = firstInvalidUtf8Offset(bytes);
    const line = lineAt(bytes, bad);
    const lineStart = bad === 0 ? 0 : bytes.lastIndexOf(10, bad - 1) + 1; // lastIndexOf(x, -1) searches from the end
    const before = new TextDecoder().decode(bytes.subarray(Math.max(lineStart, bad - 20), bad)).trim();
    options.diagnostics.add({
      severity: 'error',
      code: 'invalid-utf8',
      file,
      line,
      message: `The note is not valid UTF-8: byte 0x${bytes[bad]!.toString(16).toUpperCase().padStart(2, '0')} at line ${line}, column ${bad - lineStart + 1}${before ? ` (after "${before}")` : ''}; it was left out.`,
      hint: `Re-save the file with UTF-8 encoding, e.g. \`iconv -f latin1 -t utf-8 '${file}' > fixed.md && mv fixed.md '${file}'\`.`,
    });
    return undefined;
  }
}

/**
 * UTF-16 text: a byte-order mark, or (without one) NUL bytes in every other position of the first bytes, as ASCII
 * text in UTF-16 has. Binary files have NULs too, but not in that regular pattern.
 */
function utf16Encoding(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  const sample = Math.min(bytes.length - (bytes.length % 2), 64);
  if (sample < 4) return undefined;
  let evenNuls = 0;
  let oddNuls = 0;
  for (let i = 0; i < sample; i += 2) {
    if (bytes[i] === 0) evenNuls++;
    if (bytes[i + 1] === 0) oddNuls++;
  }
  const pairs = sample / 2;
  if (oddNuls === pairs && evenNuls === 0) return 'utf-16le';
  if (evenNuls === pairs && oddNuls === 0) return 'utf-16be';
  return undefined;
}

const binarySignatures: ReadonlyArray<{ bytes: readonly number[]; name: string; extension: string }> = [
  { bytes: [0x89, 0x50, 0x4e, 0x47], name: 'a PNG image', extension: '.png' },
  { bytes: [0xff, 0xd8, 0xff], name: 'a JPEG image', extension: '.jpg' },
  { bytes: [0x47, 0x49, 0x46, 0x38], name: 'a GIF image', extension: '.gif' },
  { bytes: [0x25, 0x50, 0x44, 0x46], name: 'a PDF document', extension: '.pdf' },
  { bytes: [0x50, 0x4b, 0x03, 0x04], name: 'a ZIP archive', extension: '.zip' },
];

function sniffBinaryKind(bytes: Uint8Array): { name: string; extension: string } | undefined {
  return binarySignatures.find((signature) => signature.bytes.every((byte, i) => bytes[i] === byte));
}

/** Offset of the first byte that does not start or continue a well-formed UTF-8 sequence (RFC 3629). */
function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    const [length, low, high] =
      lead >= 0xc2 && lead <= 0xdf
        ? [2, 0x80, 0xbf]
        : lead === 0xe0
          ? [3, 0xa0, 0xbf]
          : lead === 0xed
            ? [3, 0x80, 0x9f]
            : lead >= 0xe1 && lead <= 0xef
              ? [3, 0x80, 0xbf]
              : lead === 0xf0
                ? [4, 0x90, 0xbf]
                : lead === 0xf4
                  ? [4, 0x80, 0x8f]
                  : lead >= 0xf1 && lead <= 0xf3
                    ? [4, 0x80, 0xbf]
                    : [0, 0, 0];
    if (length === 0 || i + length > bytes.length) return i;
    const second = bytes[i + 1]!;
    if (second < low || second > high) return i;
    for (let k = 2; k < length; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    i += length;
  }
  return bytes.length;
}

function lineAt(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < bytes.length; i++) if (bytes[i] === 10) line++;
  return line;
}

function readCategory(
  filePath: string,
  dirName: string,
  categories: Map<string, CategoryMetadata>,
  options: ScanOptions,
): void {
  if (categories.has(dirName)) return; // .json wins over .yml, as in Docusaurus (entries are sorted)
  const result = parseCategoryFile(path.basename(filePath), fs.readFileSync(filePath, 'utf8'));
  if ('metadata' in result) categories.set(dirName, result.metadata);
  else
    options.diagnostics.add({
      severity: 'error',
      code: 'invalid-category',
      file: options.displayPath(filePath),
      message: result.problem,
      hint: result.hint,
    });
}
