/**
 * The notes part of the build cache. Each note's entry (its JSON) lies in an entries file, its HTML (a JSON string) in
 * an HTML file; builds append to both. An index (`notes.json`, a cache file: cacheFile.ts) says where each note's two
 * parts lie, with a checksum of each. A build after a small change appends the notes it rendered again and writes a new
 * index: the other notes' bytes are neither read whole nor written again (a large site's HTML is hundreds of MB). A
 * build without a cache writes files of its own, and they are written anew (compacted) once most of them is parts no
 * note has. A build reads an entry when it takes its note (the entries in page order: a read brings the next ones),
 * and its HTML only if the note's page is rendered again.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeAll } from '../siteWriter.js';
import { type CacheFileHeader, readCacheFile, writeCacheFile } from './cacheFile.js';

/** Where a note's entry and HTML lie in their files, and a checksum of each (see checkOf). */
export type StoredNote = readonly [
  entryStart: number,
  entryLength: number,
  htmlStart: number,
  htmlLength: number,
  entryCheck: string,
  htmlCheck: string,
];

/** A key of the note's content, entry and HTML: equal keys, equal contents (to the checksums' 128 bits). */
export function storedContentKey(stored: StoredNote): string {
  return `${stored[4]}${stored[5]}`;
}

/** The last build's notes, read from its files when taken. */
export interface NoteCacheLines {
  readonly size: number;
  /** The note's entry (its JSON, UTF-8) read now, and where its HTML is; undefined when absent or taken already. */
  take(filePath: string): { entry: Buffer; stored: StoredNote } | undefined;
  /** A taken note's HTML (a JSON string, UTF-8) read now; throws when it is not what was written. */
  readHtml(stored: StoredNote): Buffer;
  /** Closes the files; again, does nothing. */
  close(): void;
  /** The header's `meta`, as the writer gave it. */
  readonly meta: string | undefined;
  /** The entries' and the HTML's files, which this build's writer appends to (createNoteCacheWriter). */
  readonly parts: Readonly<Record<PartName, DataPart>>;
}

type PartName = 'entries' | 'html';

/** One of the two files: its path, how much of it the index's notes span, and its bytes as they are (unchecked). */
interface DataPart {
  readonly file: string;
  readonly size: number;
  readRange(start: number, length: number): Buffer;
}

/** The index's value (in a cache file: cacheFile.ts). */
interface Index {
  /** The entries' file's name, in the index's folder, and how many bytes of it the entries span. */
  readonly data: string;
  readonly size: number;
  /** The same for the HTML's file. */
  readonly html: string;
  readonly htmlSize: number;
  /** What the writer says holds for every entry (the build cache: what the notes' links were resolved against). */
  readonly meta?: string;
  /** `[filePath, ...StoredNote]` for each note. */
  readonly notes: readonly [string, ...StoredNote][];
}

/** What a notes cache is written under, and what its writer says of every entry (Index.meta). */
export interface NoteCacheHeader extends CacheFileHeader {
  readonly meta?: string;
}

/** An index file: where each note lies, by file path. */
type IndexEntries = Map<string, StoredNote>;

/** A checksum of a part: 64 bits of its SHA-1, enough to tell a damaged entry (not an attack: the cache is the user's). */
function checkOf(bytes: Uint8Array): string {
  return crypto.hash('sha1', bytes, 'hex').slice(0, 16); // one call, no Hash object: it runs for every note's parts
}

/**
 * Reads a notes index: undefined when absent or made under another key (a full build, silently); an index that is not
 * exactly what was written (readCacheFile), or whose files are shorter than it says, is reported through `warn`. An
 * entry is checked when taken, its HTML when read.
 */
export function readNoteCache(
  file: string,
  expected: CacheFileHeader,
  warn: (message: string) => void,
): NoteCacheLines | undefined {
  const index = readCacheFile<Index>(file, expected, warn);
  if (!index) return undefined;
  const opened: number[] = [];
  try {
    const entries = indexEntries(index);
    const dir = path.dirname(file);
    const openPart = (name: unknown, size: unknown) => {
      const fd = fs.openSync(path.join(dir, String(name)), 'r');
      opened.push(fd);
      if (fs.fstatSync(fd).size < Number(size)) throw new Error(`its data file ${String(name)} is cut short`);
      return { fd, file: path.join(dir, String(name)), size: Number(size) };
    };
    return openedCache(entries, index, openPart(index.data, index.size), openPart(index.html, index.htmlSize));
  } catch (error) {
    for (const fd of opened) fs.closeSync(fd);
    warn(`Ignored the build cache file ${file}: ${(error as Error).message}. This build rebuilds it.`);
    return undefined;
  }
}

/** Where each note lies, each part within its file's size. */
function indexEntries(index: Index): IndexEntries {
  if (!Array.isArray(index.notes)) throw new Error('it lists no notes');
  const entries: IndexEntries = new Map();
  for (const [filePath, ...stored] of index.notes) {
    const [entryStart, entryLength, htmlStart, htmlLength] = stored;
    const within = (start: number, length: number, size: unknown) =>
      start >= 0 && length >= 0 && start + length <= Number(size);
    if (!within(entryStart, entryLength, index.size) || !within(htmlStart, htmlLength, index.htmlSize))
      throw new Error(`its entry of ${filePath} lies outside its data`);
    entries.set(filePath, stored);
  }
  return entries;
}

/**
 * An entries file this small, mostly live entries, is read in one piece when opened: a read a note cost more than the
 * whole file's (bench/README.md).
 */
const WHOLE_READ_MAX_BYTES = 64 * 2 ** 20;
/**
 * A larger one is read this much at a time while notes are taken in the order they were written (page order, as a
 * build takes them): a few hundred reads instead of one a note.
 */
const READ_AHEAD_BYTES = 256 * 2 ** 10;

interface OpenedPart {
  readonly fd: number;
  readonly file: string;
  readonly size: number;
}

/** The reader of an index and its files. */
function openedCache(entries: IndexEntries, index: Index, entryPart: OpenedPart, htmlPart: OpenedPart): NoteCacheLines {
  let closed = false;
  let entryBytes = 0;
  for (const [, entryLength] of entries.values()) entryBytes += entryLength;
  const readEntry =
    entryPart.size <= WHOLE_READ_MAX_BYTES && entryPart.size <= 2 * entryBytes
      ? wholeReader(entryPart)
      : readerAhead(entryPart);
  const readChecked = (
    read: (start: number, length: number) => Buffer,
    start: number,
    length: number,
    check: string,
    what: string,
  ) => {
    const bytes = read(start, length);
    if (checkOf(bytes) !== check) throw new Error(`its ${what} does not match its checksum`);
    return bytes;
  };
  const exact = (part: OpenedPart) => (start: number, length: number) => readExactly(part.fd, start, length);
  const readHtmlPart = exact(htmlPart);
  return {
    get size() {
      return entries.size;
    },
    take(filePath) {
      const stored = entries.get(filePath);
      if (stored === undefined) return undefined;
      entries.delete(filePath);
      const [entryStart, entryLength, , , entryCheck] = stored;
      return { entry: readChecked(readEntry, entryStart, entryLength, entryCheck, 'entry'), stored };
    },
    readHtml([, , htmlStart, htmlLength, , htmlCheck]) {
      return readChecked(readHtmlPart, htmlStart, htmlLength, htmlCheck, 'HTML');
    },
    close() {
      if (closed) return; // a build's cache is closed when saved, and again when the build ends
      closed = true;
      fs.closeSync(entryPart.fd);
      fs.closeSync(htmlPart.fd);
    },
    meta: typeof index.meta === 'string' ? index.meta : undefined,
    parts: {
      entries: { file: entryPart.file, size: entryPart.size, readRange: exact(entryPart) },
      html: { file: htmlPart.file, size: htmlPart.size, readRange: readHtmlPart },
    },
  };
}

/** Reads the part whole now; each read is then a view of it. */
function wholeReader(part: OpenedPart): (start: number, length: number) => Buffer {
  const whole = readExactly(part.fd, 0, part.size);
  return (start, length) => whole.subarray(start, start + length);
}

/**
 * Reads READ_AHEAD_BYTES at a time while each read starts where the last ended (entries taken in the order they were
 * written); any other read reads only what it asks for.
 */
function readerAhead(part: OpenedPart): (start: number, length: number) => Buffer {
  let ahead: Buffer = Buffer.alloc(0);
  let aheadStart = 0;
  let lastEnd = -1;
  return (start, length) => {
    const sequential = start === lastEnd;
    lastEnd = start + length;
    if (start >= aheadStart && lastEnd <= aheadStart + ahead.length)
      return ahead.subarray(start - aheadStart, lastEnd - aheadStart);
    if (!sequential || length >= READ_AHEAD_BYTES) return readExactly(part.fd, start, length);
    ahead = readExactly(part.fd, start, Math.max(length, Math.min(READ_AHEAD_BYTES, part.size - start)));
    aheadStart = start;
    return ahead.subarray(0, length);
  };
}

function readExactly(fd: number, start: number, length: number): Buffer {
  const bytes = Buffer.allocUnsafe(length);
  readFully(fd, bytes, start);
  return bytes;
}

/** pread until the buffer is full (a short read is possible on any file system). */
function readFully(fd: number, buffer: Buffer, position: number): void {
  for (let done = 0; done < buffer.length;) {
    const read = fs.readSync(fd, buffer, done, buffer.length - done, position + done);
    if (read === 0) throw new Error('its data file ended sooner than it said');
    done += read;
  }
}

/** This build's notes: appended as notes are rendered, and made the cache only by commit(). */
export interface NoteCacheWriter {
  /** A note whose entry and HTML stay as the last build's cache holds them (taken from `base`). */
  keep(filePath: string, stored: StoredNote): void;
  /**
   * A note's entry (its JSON) and HTML (the build cache's: a JSON string; `wiki dev`'s: the HTML itself), as text or
   * UTF-8 bytes. Replaces what was kept or added.
   */
  add(filePath: string, entryJson: string | Uint8Array, htmlJson: string | Uint8Array): StoredNote;
  /** How many notes the cache holds so far. */
  readonly count: number;
  /** Writes what is pending, compacts the files when most of them is dropped parts, and replaces the index. */
  commit(): void;
  /** Leaves the last build's cache as it was (a failed build, or nothing changed). */
  discard(): void;
}

/**
 * With `base` (the last build's cache, same key), notes are appended to its files past their parts, which no write
 * touches: until commit() replaces the index, the last build's cache is whole. Without it, into new files. The folder
 * and files are made on the first note. A write that fails (a full or read-only disk) only leaves this build without a
 * cache: it never fails the build.
 */
export function createNoteCacheWriter(file: string, header: NoteCacheHeader, base?: NoteCacheLines): NoteCacheWriter {
  const dir = path.dirname(file);
  const named = newDataFiles(file);
  const parts = {
    entries: appendedPart(base?.parts.entries.file ?? named.entries, base?.parts.entries.size, dir),
    html: appendedPart(base?.parts.html.file ?? named.html, base?.parts.html.size, dir),
  };
  const notes: IndexEntries = new Map();
  let broken = false;
  let committed = false;
  const each = (action: (part: AppendedPart) => void) => {
    action(parts.entries);
    action(parts.html);
  };
  return {
    keep(filePath, stored) {
      notes.set(filePath, stored);
    },
    add(filePath, entryJson, htmlJson) {
      const entry = Buffer.from(entryJson);
      const html = Buffer.from(htmlJson);
      const stored: StoredNote = [
        parts.entries.end,
        entry.length,
        parts.html.end,
        html.length,
        checkOf(entry),
        checkOf(html),
      ];
      notes.set(filePath, stored);
      try {
        if (!broken) {
          parts.entries.append(entry);
          parts.html.append(html);
        }
      } catch {
        broken = true; // commit() then fails: this build leaves no notes cache
      }
      return stored;
    },
    get count() {
      return notes.size;
    },
    commit() {
      try {
        if (broken) throw new Error('a write failed');
        each((part) => part.flush(base === undefined)); // the index names its files, even empty ones
        const written =
          base !== undefined && isMostlyDropped(notes, parts) ? compactInto(named, notes, base) : undefined;
        if (!written) each((part) => part.truncateToEnd()); // what a failed build left past the parts
        each((part) => part.close());
        const files = written ?? parts;
        writeIndex(file, header, files, notes);
        committed = true;
        removeStale(file, [files.entries.file, files.html.file]);
      } catch (error) {
        this.discard();
        throw new Error(`could not write ${file} (${(error as Error).message})`);
      }
    },
    discard() {
      if (committed) return; // a build's cache is discarded when it ends, saved or not
      each((part) => part.restore());
      try {
        fs.rmdirSync(dir); // only when empty: a failed first build leaves no cache folder
      } catch {
        // it holds the last build's cache
      }
    },
  };
}

/** A file this build appends to (the last build's, past `startSize`) or writes anew (no `startSize`). */
interface AppendedPart {
  readonly file: string;
  readonly end: number;
  append(bytes: Buffer): void;
  /** Writes what is pending; `open`: makes the file even when nothing was written to it. */
  flush(open: boolean): void;
  truncateToEnd(): void;
  close(): void;
  /** Back to what it was: the last build's file truncated to its size, a new one removed. */
  restore(): void;
}

/** Parts are written a batch at a time: a write per note was a tenth of the outline's backlinks stage. */
function appendedPart(file: string, startSize: number | undefined, dir: string): AppendedPart {
  const appending = startSize !== undefined;
  let fd: number | undefined;
  let end = startSize ?? 0;
  let pending: Uint8Array[] = [];
  let pendingStart = end;
  const open = (): number => {
    if (fd === undefined) {
      fs.mkdirSync(dir, { recursive: true });
      fd = fs.openSync(file, appending ? 'r+' : 'w');
    }
    return fd;
  };
  const flush = (openAnyway: boolean) => {
    if (pending.length > 0) writeAll(open(), pending, pendingStart);
    else if (openAnyway) open();
    pending = [];
    pendingStart = end;
  };
  const close = () => {
    if (fd !== undefined) fs.closeSync(fd);
    fd = undefined;
  };
  return {
    file,
    get end() {
      return end;
    },
    append(bytes) {
      if (bytes.length === 0) return;
      pending.push(bytes);
      end += bytes.length;
      if (end - pendingStart >= WRITE_BATCH_BYTES) flush(false);
    },
    flush,
    truncateToEnd() {
      if (fd !== undefined) fs.ftruncateSync(fd, end);
    },
    close,
    restore() {
      pending = [];
      if (fd !== undefined && appending) fs.ftruncateSync(fd, startSize);
      close();
      if (!appending) fs.rmSync(file, { force: true });
    },
  };
}

/** A new pair of file names: the index's, a build's own suffix; the HTML's with `-html`. */
function newDataFiles(index: string): Record<PartName, string> {
  const stem = `${index.replace(/\.json$/, '')}-${process.pid}-${Date.now().toString(36)}`;
  return { entries: `${stem}.data`, html: `${stem}-html.data` };
}

/** Bytes of the files no note refers to, past which they are compacted once they are also more than half of them. */
const COMPACT_SLACK_BYTES = 4 << 20;
/** How much of a file is written at a time. */
const WRITE_BATCH_BYTES = 1 << 20;

function isMostlyDropped(notes: IndexEntries, parts: Record<PartName, AppendedPart>): boolean {
  let live = 0;
  for (const [, entryLength, , htmlLength] of notes.values()) live += entryLength + htmlLength;
  return parts.entries.end + parts.html.end > 2 * live + COMPACT_SLACK_BYTES;
}

/** Copies each note's parts, in order, into new files; the notes' places are updated to them. */
function compactInto(
  named: Record<PartName, string>,
  notes: IndexEntries,
  from: NoteCacheLines,
): Record<PartName, { file: string; end: number }> {
  const entries = appendedPart(named.entries, undefined, path.dirname(named.entries));
  const html = appendedPart(named.html, undefined, path.dirname(named.html));
  try {
    for (const [filePath, [entryStart, entryLength, htmlStart, htmlLength, entryCheck, htmlCheck]] of notes) {
      notes.set(filePath, [entries.end, entryLength, html.end, htmlLength, entryCheck, htmlCheck]);
      entries.append(from.parts.entries.readRange(entryStart, entryLength));
      html.append(from.parts.html.readRange(htmlStart, htmlLength));
    }
    entries.flush(true);
    html.flush(true);
  } finally {
    entries.close();
    html.close();
  }
  return { entries, html };
}

/** The index, written whole beside it and renamed over it (cacheFile.ts): the commit point of a build's notes. */
function writeIndex(
  file: string,
  header: NoteCacheHeader,
  files: Record<PartName, { readonly file: string; readonly end: number }>,
  notes: IndexEntries,
): void {
  const index: Index = {
    data: path.basename(files.entries.file),
    size: files.entries.end,
    html: path.basename(files.html.file),
    htmlSize: files.html.end,
    ...(header.meta !== undefined && { meta: header.meta }),
    notes: [...notes].map(([filePath, stored]) => [filePath, ...stored] as const),
  };
  writeCacheFile(file, header, index);
}

/** Data files no index names any more, and half-written files of killed builds (builds into one output take turns). */
function removeStale(file: string, dataFiles: readonly string[]): void {
  const dir = path.dirname(file);
  const index = `${path.basename(file)}.`;
  const data = `${path.basename(file).replace(/\.json$/, '')}-`;
  const kept = new Set(dataFiles.map((dataFile) => path.basename(dataFile)));
  for (const name of fs.readdirSync(dir)) {
    const stale =
      (name.startsWith(index) && name.endsWith('.tmp')) ||
      (name.startsWith(data) && name.endsWith('.data') && !kept.has(name));
    if (stale) fs.rmSync(path.join(dir, name), { force: true });
  }
}
