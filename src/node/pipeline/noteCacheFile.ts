/**
 * The notes part of the build cache. Each note's entry (its JSON) and its HTML (a JSON string) lie in a data file that
 * builds append to; an index (`notes.json`, a cache file: cacheFile.ts) says where each note's two parts lie, with a
 * checksum of each. A build after a small change appends the notes it rendered again and writes a new index: the other
 * notes' bytes are neither read whole nor written again (a notes file passes 800 MB at 50,000 notes). A build without a
 * cache writes a data file of its own, and one is written anew (compacted) once most of it is entries no note has.
 * A build reads an entry's JSON when it takes its note, and its HTML only if the note's page is rendered again.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeAll } from '../siteWriter.js';
import { type CacheFileHeader, readCacheFile, writeCacheFile } from './cacheFile.js';

/** Where a note's entry and HTML lie in the data file, and a checksum of each (see checkOf). */
export type StoredNote = readonly [
  start: number,
  entryLength: number,
  htmlLength: number,
  entryCheck: string,
  htmlCheck: string,
];

/** A key of the note's content, entry and HTML: equal keys, equal contents (to the checksums' 128 bits). */
export function storedContentKey(stored: StoredNote): string {
  return `${stored[3]}${stored[4]}`;
}

/** The last build's notes, read from its data file when taken. */
export interface NoteCacheLines {
  readonly size: number;
  /** The note's entry (its JSON, UTF-8) read now, and where its HTML is; undefined when absent or taken already. */
  take(filePath: string): { entry: Buffer; stored: StoredNote } | undefined;
  /** A taken note's HTML (a JSON string, UTF-8) read now; throws when it is not what was written. */
  readHtml(stored: StoredNote): Buffer;
  /** Closes the data file; again, does nothing. */
  close(): void;
  /** The header's `meta`, as the writer gave it. */
  readonly meta: string | undefined;
  /** The data file, which this build's writer appends to (createNoteCacheWriter), and how much of it the entries span. */
  readonly dataFile: string;
  readonly dataSize: number;
  /** Bytes of the data file, unchecked (to copy entries whose checksums go with them). */
  readRange(start: number, length: number): Buffer;
}

/** The index's value (in a cache file: cacheFile.ts). */
interface Index {
  /** The data file's name, in the index's folder. */
  readonly data: string;
  /** How many bytes of the data file the entries span (a failed build may have written past them). */
  readonly size: number;
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
  return crypto.createHash('sha1').update(bytes).digest('hex').slice(0, 16);
}

/**
 * Reads a notes index: undefined when absent or made under another key (a full build, silently); an index that is not
 * exactly what was written (readCacheFile), or whose data file is shorter than it says, is reported through `warn`.
 * An entry is checked when taken, its HTML when read.
 */
export function readNoteCache(
  file: string,
  expected: CacheFileHeader,
  warn: (message: string) => void,
): NoteCacheLines | undefined {
  const index = readCacheFile<Index>(file, expected, warn);
  if (!index) return undefined;
  let fd: number | undefined;
  try {
    const entries = indexEntries(index);
    const dataFile = path.join(path.dirname(file), String(index.data));
    fd = fs.openSync(dataFile, 'r');
    if (fs.fstatSync(fd).size < Number(index.size)) throw new Error(`its data file ${index.data} is cut short`);
    return openedCache(fd, entries, index, dataFile);
  } catch (error) {
    if (fd !== undefined) fs.closeSync(fd);
    warn(`Ignored the build cache file ${file}: ${(error as Error).message}. This build rebuilds it.`);
    return undefined;
  }
}

/** Where each note lies, each within the data file's size. */
function indexEntries(index: Index): IndexEntries {
  if (!Array.isArray(index.notes)) throw new Error('it lists no notes');
  const entries: IndexEntries = new Map();
  for (const [filePath, ...stored] of index.notes) {
    const [start, entryLength, htmlLength] = stored;
    if (!(start >= 0 && entryLength >= 0 && htmlLength >= 0 && start + entryLength + htmlLength <= Number(index.size)))
      throw new Error(`its entry of ${filePath} lies outside its data`);
    entries.set(filePath, stored);
  }
  return entries;
}

/**
 * A data file this small, mostly entries (the links cache's has nothing else), is read in one piece when opened: a
 * read a note cost more than the whole file's (50,000 notes: 12.7 MB of links, ~0.3 s of reads). A notes cache's data
 * is mostly HTML, most of it never read: its entries are read one at a time.
 */
const WHOLE_READ_MAX_BYTES = 64 * 2 ** 20;

/** The reader of an index and its data file, with the file's name for a writer that appends to it. */
function openedCache(fd: number, entries: IndexEntries, index: Index, dataFile: string): NoteCacheLines {
  let closed = false;
  let entryBytes = 0;
  for (const [, entryLength] of entries.values()) entryBytes += entryLength;
  const size = Number(index.size);
  const whole = size <= WHOLE_READ_MAX_BYTES && size <= 2 * entryBytes ? Buffer.allocUnsafe(size) : undefined;
  if (whole) readFully(fd, whole, 0);
  const read = (start: number, length: number): Buffer => {
    if (whole) return whole.subarray(start, start + length);
    const bytes = Buffer.allocUnsafe(length);
    readFully(fd, bytes, start);
    return bytes;
  };
  const readChecked = (start: number, length: number, check: string, what: string) => {
    const bytes = read(start, length);
    if (checkOf(bytes) !== check) throw new Error(`its ${what} does not match its checksum`);
    return bytes;
  };
  return {
    get size() {
      return entries.size;
    },
    take(filePath) {
      const stored = entries.get(filePath);
      if (stored === undefined) return undefined;
      entries.delete(filePath);
      const [start, entryLength, , entryCheck] = stored;
      return { entry: readChecked(start, entryLength, entryCheck, 'entry'), stored };
    },
    readHtml([start, entryLength, htmlLength, , htmlCheck]) {
      return readChecked(start + entryLength, htmlLength, htmlCheck, 'HTML');
    },
    close() {
      if (closed) return; // a build's cache is closed when saved, and again when the build ends
      closed = true;
      fs.closeSync(fd);
    },
    meta: typeof index.meta === 'string' ? index.meta : undefined,
    dataFile,
    dataSize: index.size,
    readRange: read,
  };
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
  /** A note's entry (its JSON) and HTML (a JSON string): text, or UTF-8 bytes. Replaces what was kept or added. */
  add(filePath: string, entryJson: string | Uint8Array, htmlJson: string | Uint8Array): StoredNote;
  /** How many notes the cache holds so far. */
  readonly count: number;
  /** Writes what is pending, compacts the data when most of it is dropped entries, and replaces the index. */
  commit(): void;
  /** Leaves the last build's cache as it was (a failed build, or nothing changed). */
  discard(): void;
}

/**
 * With `base` (the last build's cache, same key), notes are appended to its data file past its entries, which no
 * write touches: until commit() replaces the index, the last build's cache is whole. Without it, into a new data
 * file. The folder and data file are made on the first note. A write that fails (a full or read-only disk) only leaves
 * this build without a cache: it never fails the build.
 */
export function createNoteCacheWriter(file: string, header: NoteCacheHeader, base?: NoteCacheLines): NoteCacheWriter {
  const appendTo = base;
  const dir = path.dirname(file);
  const dataFile = appendTo?.dataFile ?? newDataFile(file);
  const startSize = appendTo?.dataSize ?? 0;
  const notes: IndexEntries = new Map();
  let fd: number | undefined;
  let broken = false;
  let committed = false;
  let end = startSize;
  // Parts are written a batch at a time: a write per note was a tenth of the outline's backlinks stage.
  let pending: Uint8Array[] = [];
  let pendingStart = end;
  const open = (): number => {
    if (fd === undefined) {
      fs.mkdirSync(dir, { recursive: true });
      fd = fs.openSync(dataFile, appendTo ? 'r+' : 'w');
    }
    return fd;
  };
  const flush = () => {
    if (pending.length > 0) writeAll(open(), pending, pendingStart);
    pending = [];
    pendingStart = end;
  };
  const close = () => {
    if (fd !== undefined) fs.closeSync(fd);
    fd = undefined;
  };
  return {
    keep(filePath, stored) {
      notes.set(filePath, stored);
    },
    add(filePath, entryJson, htmlJson) {
      const entry = Buffer.from(entryJson);
      const html = Buffer.from(htmlJson);
      const stored: StoredNote = [end, entry.length, html.length, checkOf(entry), checkOf(html)];
      notes.set(filePath, stored);
      end += entry.length + html.length;
      try {
        if (!broken) pending.push(entry, html);
        if (end - pendingStart >= WRITE_BATCH_BYTES) flush();
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
        if (!appendTo) open(); // the index names its data file, even one no note was added to
        flush();
        const live = liveBytes(notes);
        const compact = appendTo !== undefined && end > 2 * live + COMPACT_SLACK_BYTES;
        const written = compact ? compactInto(newDataFile(file), notes, appendTo) : { dataFile, size: end };
        if (!compact && fd !== undefined) fs.ftruncateSync(fd, end); // what a failed build left past the entries
        close();
        writeIndex(file, header, path.basename(written.dataFile), written.size, notes);
        committed = true;
        removeStale(file, written.dataFile);
      } catch (error) {
        this.discard();
        throw new Error(`could not write ${file} (${(error as Error).message})`);
      }
    },
    discard() {
      if (committed) return; // a build's cache is discarded when it ends, saved or not
      pending = [];
      if (fd !== undefined && appendTo) fs.ftruncateSync(fd, startSize);
      close();
      if (!appendTo) fs.rmSync(dataFile, { force: true });
      try {
        fs.rmdirSync(dir); // only when empty: a failed first build leaves no cache folder
      } catch {
        // it holds the last build's cache
      }
    },
  };
}

/** A data file's name: the index's, a build's own suffix, `.data`. */
function newDataFile(index: string): string {
  return `${index.replace(/\.json$/, '')}-${process.pid}-${Date.now().toString(36)}.data`;
}

/** Bytes of a data file no entry refers to, past which it is compacted once they are also more than half of it. */
const COMPACT_SLACK_BYTES = 4 << 20;
/** How much of the file is written at a time. */
const WRITE_BATCH_BYTES = 1 << 20;

function liveBytes(notes: IndexEntries): number {
  let total = 0;
  for (const [, entryLength, htmlLength] of notes.values()) total += entryLength + htmlLength;
  return total;
}

/** Copies each note's parts, in order, into a new data file; the notes' places are updated to it. */
function compactInto(dataFile: string, notes: IndexEntries, from: NoteCacheLines): { dataFile: string; size: number } {
  const fd = fs.openSync(dataFile, 'w');
  try {
    let at = 0;
    let batch: Uint8Array[] = [];
    let batchStart = 0;
    for (const [filePath, [start, entryLength, htmlLength, entryCheck, htmlCheck]] of notes) {
      batch.push(from.readRange(start, entryLength + htmlLength));
      notes.set(filePath, [at, entryLength, htmlLength, entryCheck, htmlCheck]);
      at += entryLength + htmlLength;
      if (at - batchStart >= WRITE_BATCH_BYTES) {
        writeAll(fd, batch, batchStart);
        batch = [];
        batchStart = at;
      }
    }
    writeAll(fd, batch, batchStart);
    return { dataFile, size: at };
  } finally {
    fs.closeSync(fd);
  }
}

/** The index, written whole beside it and renamed over it (cacheFile.ts): the commit point of a build's notes. */
function writeIndex(file: string, header: NoteCacheHeader, data: string, size: number, notes: IndexEntries): void {
  const index: Index = {
    data,
    size,
    ...(header.meta !== undefined && { meta: header.meta }),
    notes: [...notes].map(([filePath, stored]) => [filePath, ...stored] as const),
  };
  writeCacheFile(file, header, index);
}

/** Data files no index names any more, and half-written files of killed builds (builds into one output take turns). */
function removeStale(file: string, dataFile: string): void {
  const dir = path.dirname(file);
  const index = `${path.basename(file)}.`;
  const data = `${path.basename(file).replace(/\.json$/, '')}-`;
  for (const name of fs.readdirSync(dir)) {
    const stale =
      (name.startsWith(index) && name.endsWith('.tmp')) ||
      (name.startsWith(data) && name.endsWith('.data') && name !== path.basename(dataFile));
    if (stale) fs.rmSync(path.join(dir, name), { force: true });
  }
}
