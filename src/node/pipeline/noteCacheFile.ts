/**
 * The notes part of the build cache, read and written a line per note, so a build never holds every note's content at
 * once: the last build's lines are parsed only when their note is rendered (and dropped then), this build's are
 * appended to a temporary file as notes are rendered. Each line is `"<file path>"<TAB><JSON entry>` (a JSON string
 * never holds a raw tab); the last line is the trailer: format, build key, line count and checksum of the lines above.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The last build's entries by file path, each still its JSON text; undefined when there is none to trust. */
export type NoteCacheLines = Map<string, string>;

interface Trailer {
  readonly format: string;
  readonly key: string;
  readonly count: number;
  readonly checksum: string;
}

/**
 * Reads a notes file: undefined when absent or made under another key (a full build, silently); a file that is not
 * exactly what was written (another format, a bad trailer or line, a checksum mismatch) is reported through `warn`.
 */
export function readNoteCache(
  file: string,
  expected: { format: string; key: string },
  warn: (message: string) => void,
): NoteCacheLines | undefined {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    return undefined; // no cache yet
  }
  try {
    const end = bytes.lastIndexOf(0x0a, bytes.length - 2) + 1;
    const trailer = JSON.parse(bytes.toString('utf8', end)) as Partial<Trailer>;
    if (trailer.format !== expected.format) throw new Error(`it is not in this engine's format (${expected.format})`);
    if (trailer.key !== expected.key) return undefined; // another engine, config or folder
    const body = bytes.subarray(0, end);
    if (trailer.checksum !== checksumOf(body)) throw new Error('its checksum does not match its contents');
    const lines = new Map<string, string>();
    for (const line of body.toString('utf8').split('\n')) {
      if (line === '') continue;
      const tab = line.indexOf('\t');
      if (tab === -1) throw new Error('a line is not a note entry');
      lines.set(JSON.parse(line.slice(0, tab)) as string, line.slice(tab + 1));
    }
    if (lines.size !== trailer.count) throw new Error(`it holds ${lines.size} notes where it says ${trailer.count}`);
    return lines;
  } catch (error) {
    warn(`Ignored the build cache file ${file}: ${(error as Error).message}. This build rebuilds it.`);
    return undefined;
  }
}

/** This build's notes file, appended to as notes are rendered and put in place only by commit(). */
export interface NoteCacheWriter {
  /** Appends a note's entry (its JSON text). */
  add(filePath: string, entryJson: string): void;
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
        const line = Buffer.from(`${JSON.stringify(filePath)}\t${entryJson}\n`);
        fs.writeSync(open(), line);
        hash.update(line);
      } catch {
        broken = true;
      }
    },
    get count() {
      return count;
    },
    commit() {
      if (broken) throw new Error(`could not write ${partial}`);
      fs.writeSync(open(), JSON.stringify({ ...header, count, checksum: hash.digest('hex') } satisfies Trailer));
      close();
      fs.renameSync(partial, file);
      removeStalePartials(file);
    },
    discard() {
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

/** Half-written notes files of killed builds (builds into one output take turns: none is being written now). */
function removeStalePartials(file: string): void {
  const prefix = `${path.basename(file)}.`;
  for (const name of fs.readdirSync(path.dirname(file)))
    if (name.startsWith(prefix) && name.endsWith('.tmp'))
      fs.rmSync(path.join(path.dirname(file), name), { force: true });
}

function checksumOf(bytes: Uint8Array): string {
  return crypto.createHash('sha1').update(bytes).digest('hex');
}
