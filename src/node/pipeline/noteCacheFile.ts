/**
 * The notes part of the build cache, read and written a line per note, so a build never holds every note's content at
 * once: the last build's lines are parsed only when their note is rendered (and dropped then), this build's are
 * appended to a temporary file as notes are rendered. Each line is `"<file path>"<TAB><JSON entry>` (a JSON string
 * never holds a raw tab); the last line is the trailer: format, build key, line count and checksum of the lines above.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeAll } from '../siteWriter.js';

/**
 * The last build's entries by file path, read from the file when taken: only where each entry lies is held, so a
 * notes file larger than a JavaScript string can be (at 50,000 notes it passes 800 MB) is read, and never held whole.
 */
export interface NoteCacheLines {
  readonly size: number;
  /** The note's entry (its JSON, UTF-8), read now; undefined when the file has none or it was taken already. */
  take(filePath: string): Buffer | undefined;
  /** Closes the file (the entries not taken are of notes this build no longer has); again, does nothing. */
  close(): void;
}

interface Trailer {
  readonly format: string;
  readonly key: string;
  readonly count: number;
  readonly checksum: string;
}

/** How much of the file is read at a time while its checksum is verified and its lines found. */
const CHUNK_BYTES = 4 << 20;
/** A trailer is a line of JSON of about 150 bytes: a last line longer than this is not one. */
const MAX_TRAILER_BYTES = 4096;

/**
 * Reads a notes file: undefined when absent or made under another key (a full build, silently); a file that is not
 * exactly what was written (another format, a bad trailer or line, a checksum mismatch) is reported through `warn`.
 */
export function readNoteCache(
  file: string,
  expected: { format: string; key: string },
  warn: (message: string) => void,
): NoteCacheLines | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return undefined; // no cache yet
  }
  try {
    const { size } = fs.fstatSync(fd);
    const { trailer, end } = readTrailer(fd, size);
    if (trailer.format !== expected.format) throw new Error(`it is not in this engine's format (${expected.format})`);
    if (trailer.key !== expected.key) {
      fs.closeSync(fd);
      return undefined; // another engine, config or folder
    }
    const entries = indexLines(fd, end, trailer.checksum);
    if (entries.size !== trailer.count)
      throw new Error(`it holds ${entries.size} notes where it says ${trailer.count}`);
    let closed = false;
    return {
      get size() {
        return entries.size;
      },
      take(filePath) {
        const at = entries.get(filePath);
        if (at === undefined) return undefined;
        entries.delete(filePath);
        const bytes = Buffer.allocUnsafe(at.length);
        readFully(fd, bytes, at.start);
        return bytes;
      },
      close() {
        if (closed) return; // a build's cache is closed when saved, and again when the build ends
        closed = true;
        fs.closeSync(fd);
      },
    };
  } catch (error) {
    fs.closeSync(fd);
    warn(`Ignored the build cache file ${file}: ${(error as Error).message}. This build rebuilds it.`);
    return undefined;
  }
}

/** The last line, parsed, and where it starts (the end of the note lines). */
function readTrailer(fd: number, size: number): { trailer: Partial<Trailer>; end: number } {
  const tailStart = Math.max(0, size - MAX_TRAILER_BYTES);
  const tail = Buffer.alloc(size - tailStart);
  readFully(fd, tail, tailStart);
  const newline = tail.lastIndexOf(0x0a, tail.length - 2);
  if (newline === -1 && tailStart > 0) throw new Error('its last line is not a trailer');
  const end = tailStart + newline + 1;
  return { trailer: JSON.parse(tail.toString('utf8', newline + 1)) as Partial<Trailer>, end };
}

/**
 * Where each note's entry lies, by file path, from the lines before `end`, read a chunk at a time; throws when their
 * checksum is not `checksum` or a line is not `"<file path>"<TAB><entry>`.
 */
function indexLines(fd: number, end: number, checksum: unknown): Map<string, { start: number; length: number }> {
  const hash = crypto.createHash('sha1');
  const entries = new Map<string, { start: number; length: number }>();
  const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, Math.max(end, 1)));
  let lineStart = 0;
  for (let offset = 0; offset < end;) {
    const length = Math.min(chunk.length, end - offset);
    const bytes = chunk.subarray(0, length);
    readFully(fd, bytes, offset);
    hash.update(bytes);
    for (let newline = bytes.indexOf(0x0a); newline !== -1; newline = bytes.indexOf(0x0a, newline + 1)) {
      const lineEnd = offset + newline;
      // A line that began in this chunk is read from it; one that began in an earlier chunk, from the file again.
      const line = lineStart >= offset ? bytes.subarray(lineStart - offset, newline) : undefined;
      if (lineEnd > lineStart) addEntry(fd, entries, { start: lineStart, end: lineEnd, line });
      lineStart = lineEnd + 1;
    }
    offset += length;
  }
  if (hash.digest('hex') !== checksum) throw new Error('its checksum does not match its contents');
  return entries;
}

/** Reads the line's file path (the JSON string before its tab) and records where its entry lies. */
function addEntry(
  fd: number,
  entries: Map<string, { start: number; length: number }>,
  { start, end, line }: { start: number; end: number; line: Buffer | undefined },
): void {
  let head = line;
  if (!head) {
    // A path is short: the line's head holds it (else the whole line is read, to find the tab or say there is none).
    head = Buffer.allocUnsafe(Math.min(end - start, 1024));
    readFully(fd, head, start);
    if (head.indexOf(0x09) === -1 && head.length < end - start) {
      head = Buffer.allocUnsafe(end - start);
      readFully(fd, head, start);
    }
  }
  const tab = head.indexOf(0x09);
  if (tab === -1) throw new Error('a line is not a note entry');
  const filePath = JSON.parse(head.toString('utf8', 0, tab)) as string;
  entries.set(filePath, { start: start + tab + 1, length: end - start - tab - 1 });
}

/** pread until the buffer is full (a short read is possible on any file system). */
function readFully(fd: number, buffer: Buffer, position: number): void {
  for (let done = 0; done < buffer.length;) {
    const read = fs.readSync(fd, buffer, done, buffer.length - done, position + done);
    if (read === 0) throw new Error('it ended sooner than it said');
    done += read;
  }
}

/** This build's notes file, appended to as notes are rendered and put in place only by commit(). */
export interface NoteCacheWriter {
  /** Appends a note's entry (its JSON: text, or UTF-8 bytes as taken from the last build's file). */
  add(filePath: string, entryJson: string | Uint8Array): void;
  /** How many notes were added. */
  readonly count: number;
  /** Writes the trailer and replaces the notes file with this one. */
  commit(): void;
  /** Removes the temporary file (a failed build, or nothing changed). */
  discard(): void;
}

/**
 * The folder and the temporary file are made on the first note: a build that fails before rendering leaves nothing. A
 * write that fails (a full or read-only disk) only leaves this build without a cache: it never fails the build.
 */
export function createNoteCacheWriter(file: string, header: { format: string; key: string }): NoteCacheWriter {
  const partial = `${file}.${process.pid}.tmp`;
  let fd: number | undefined;
  let broken = false;
  const hash = crypto.createHash('sha1');
  let count = 0;
  // Lines are written a batch at a time: a write per note was a tenth of the outline's backlinks stage.
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const flush = () => {
    if (pending.length > 0) writeAll(open(), pending);
    pending = [];
    pendingBytes = 0;
  };
  const open = (): number => {
    if (fd === undefined) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fd = fs.openSync(partial, 'w');
    }
    return fd;
  };
  const close = () => {
    if (fd !== undefined) fs.closeSync(fd);
    fd = undefined;
  };
  return {
    add(filePath, entryJson) {
      count++;
      if (broken) return;
      try {
        const line = [Buffer.from(`${JSON.stringify(filePath)}\t`), Buffer.from(entryJson), NEWLINE];
        for (const part of line) hash.update(part);
        pending.push(...line);
        pendingBytes += line[0]!.length + line[1]!.length + 1;
        if (pendingBytes >= WRITE_BATCH_BYTES) flush();
      } catch {
        broken = true;
      }
    },
    get count() {
      return count;
    },
    commit() {
      if (!broken) {
        try {
          flush();
        } catch {
          broken = true;
        }
      }
      if (broken) throw new Error(`could not write ${partial}`);
      fs.writeSync(open(), JSON.stringify({ ...header, count, checksum: hash.digest('hex') } satisfies Trailer));
      close();
      fs.renameSync(partial, file);
      removeStalePartials(file);
    },
    discard() {
      pending = [];
      close();
      fs.rmSync(partial, { force: true });
      try {
        fs.rmdirSync(path.dirname(file)); // only when empty: a failed first build leaves no cache folder
      } catch {
        // it holds the last build's cache
      }
    },
  };
}

const NEWLINE = Buffer.from('\n');
/** How much of the file is written at a time. */
const WRITE_BATCH_BYTES = 1 << 20;

/** Half-written notes files of killed builds (builds into one output take turns: none is being written now). */
function removeStalePartials(file: string): void {
  const prefix = `${path.basename(file)}.`;
  for (const name of fs.readdirSync(path.dirname(file)))
    if (name.startsWith(prefix) && name.endsWith('.tmp'))
      fs.rmSync(path.join(path.dirname(file), name), { force: true });
}
