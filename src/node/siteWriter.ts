/**
 * Output files and the writer that puts them on disk: shared by the pipeline's page writer and the search index
 * worker, which writes its own files into the same staging folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { byName } from './filePaths.js';

/** A file's contents: text, bytes, or pieces written one after another (a page around its shared sidebar bytes). */
export type FileContents = string | Uint8Array | readonly (string | Uint8Array)[];

/** One output file: site-relative path and contents. */
export type SiteFile = readonly [path: string, contents: FileContents];

/** The files of a built site held in memory (what `wiki dev` serves). */
export type SiteFileMap = Map<string, string | Uint8Array>;

/** Writes files under one folder, making each folder once. */
export interface SiteWriter {
  write(file: SiteFile): void;
  /** Copies a file as it is (absolute source) to a site-relative path. */
  copy(source: string, relPath: string): void;
  /**
   * Puts a file that is already written elsewhere (absolute source) at a site-relative path: a hard link, else a copy.
   * `sourceStat`: the source's, when the caller has it. True when the file there is the source's inode (linked, or the
   * spare had it already), false when it is a copy.
   */
  link(source: string, relPath: string, sourceStat?: FileIdentity): boolean;
  /**
   * With `prefilled`: whether the folder holds this very file at `relPath` (the same inode, of the size and time it had
   * when written: a hard link of a file the last build wrote or linked, not changed since); it is then kept as it is.
   */
  holds(relPath: string, file: FileIdentity & Pick<fs.Stats, 'size' | 'mtimeMs'>): boolean;
  /** With `prefilled`: the site-relative paths written so far (written, linked or kept as they were). */
  readonly written: ReadonlySet<string>;
}

export interface SiteWriterOptions {
  /**
   * The site this one replaces: a file written with the same bytes as its file at the same path is hard-linked from
   * there instead (creating a file costs far more than reading one on most disks), so a build writes only what changed.
   */
  readonly reuseFrom?: string;
  /**
   * The folder already holds an older site (the spare the last build kept, outputFolder.ts), to be brought up to
   * date: a file there is replaced, never written into (a hard link may share its bytes with the live output), one
   * that already is the file to link or copy is kept, and `written` lists what this build put there, so that
   * sweepUnwritten can remove the rest.
   */
  readonly prefilled?: boolean;
}

/**
 * Synchronous on purpose: writing on libuv's thread pool while rendering was measured slower on two cores (the pool
 * threads compete with the render and search threads for the CPU, and each write costs three pool round trips).
 */
export function createSiteWriter(dir: string, options: SiteWriterOptions = {}): SiteWriter {
  const { reuseFrom, prefilled = false } = options;
  const madeDirs = new Set<string>();
  const written = new Set<string>();
  const target = (relPath: string): string => {
    if (prefilled) written.add(relPath);
    const file = path.join(dir, relPath);
    const parent = path.dirname(file);
    if (!madeDirs.has(parent)) makeParent(dir, parent, prefilled);
    madeDirs.add(parent);
    return file;
  };
  const encoder = createPieceEncoder();
  // A linked file shares its bytes with the live output: writing it again must make a new file, not change those.
  const linked = new Set<string>();
  const fresh = (relPath: string): string => {
    const file = target(relPath);
    if (prefilled || linked.delete(file)) removeEntry(file);
    return file;
  };
  const link = (source: string, relPath: string, sourceStat?: FileIdentity): boolean => {
    if (prefilled && isSameFile(source, path.join(dir, relPath), sourceStat)) {
      target(relPath); // the spare has it
      return true;
    }
    const file = fresh(relPath);
    linked.add(file);
    try {
      fs.linkSync(source, file);
      return true;
    } catch {
      fs.copyFileSync(source, file, fs.constants.COPYFILE_FICLONE); // another file system, or no hard links
      return false;
    }
  };
  return {
    write: ([relPath, contents]) => {
      if (isPieces(contents)) return writePieces(fresh(relPath), encoder(contents));
      const previous = reuseFrom === undefined ? undefined : path.join(reuseFrom, relPath);
      if (previous !== undefined && holdsBytes(previous, byteLength(contents), () => encode(contents))) {
        return link(previous, relPath);
      }
      fs.writeFileSync(fresh(relPath), contents);
    },
    copy: (source, relPath) => {
      const spareFile = path.join(dir, relPath);
      if (prefilled && holdsBytes(spareFile, fs.statSync(source).size, () => fs.readFileSync(source))) {
        return void target(relPath);
      }
      fs.copyFileSync(source, fresh(relPath));
    },
    link,
    holds: (relPath, file) => {
      const stat = prefilled ? regularFileAt(path.join(dir, relPath)) : undefined;
      const same = isFileAsStamped(stat, file);
      if (same) written.add(relPath);
      return same;
    },
    written,
  };
}

/** mkdir -p; in a prefilled folder, a file where a folder must be (an older site's page) is removed first. */
function makeParent(root: string, parent: string, prefilled: boolean): void {
  try {
    fs.mkdirSync(parent, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!prefilled || (code !== 'EEXIST' && code !== 'ENOTDIR')) throw error;
    for (let folder = parent; folder.length > root.length; folder = path.dirname(folder)) {
      if (fs.lstatSync(folder, { throwIfNoEntry: false })?.isDirectory() === false) fs.rmSync(folder);
    }
    fs.mkdirSync(parent, { recursive: true });
  }
}

/** Removes what is at `file`, if anything: a file (or an older site's folder) that is about to be written anew. */
function removeEntry(file: string): void {
  try {
    fs.unlinkSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    if (code !== 'EISDIR' && code !== 'EPERM') throw error;
    fs.rmSync(file, { recursive: true, force: true });
  }
}

/** What tells one file from another on a machine. */
export type FileIdentity = Pick<fs.Stats, 'ino' | 'dev'>;

/** Whether both paths name the same file (one hard-linked from the other): the link is already in place. */
function isSameFile(a: string, b: string, aStat?: FileIdentity): boolean {
  const other = regularFileAt(b);
  if (!other) return false;
  const stat = aStat ?? fs.statSync(a, { throwIfNoEntry: false });
  return stat !== undefined && isSameIdentity(stat, other);
}

/** The file at `file` itself (a symbolic link is not followed), when it is a regular file. */
function regularFileAt(file: string): fs.Stats | undefined {
  const stat = fs.lstatSync(file, { throwIfNoEntry: false });
  return stat?.isFile() ? stat : undefined;
}

function isSameIdentity(a: FileIdentity, b: FileIdentity): boolean {
  return a.ino === b.ino && a.dev === b.dev;
}

/**
 * Whether a file (its stat now, if any) is still the one stamped: the same file, of the same size and time. A build
 * replaces a file of its output, never writes into it, so another content is another file or another stamp.
 */
export function isFileAsStamped(
  now: fs.Stats | undefined,
  stamped: FileIdentity & Pick<fs.Stats, 'size' | 'mtimeMs'>,
): boolean {
  return (
    now !== undefined && isSameIdentity(now, stamped) && now.size === stamped.size && now.mtimeMs === stamped.mtimeMs
  );
}

/**
 * Removes, from a folder a prefilled writer (or several, one per thread) brought up to date, every file none of them
 * wrote, and the folders left empty: what remains is exactly what a build into an empty folder would have written.
 * Returns the files kept (site-relative), in the order of a walk that sorts each folder's names (byName). `top`, when
 * given, says which of the folder's own entries to sweep (the others are left as they are: sweepInTwo).
 */
export function sweepUnwritten(
  dir: string,
  isWritten: (relPath: string) => boolean,
  top: (name: string) => boolean = () => true,
): string[] {
  // Depth first, each entry's site-relative path made by appending its name: not joined, then made relative again
  // (100,000 files at 50,000 notes). True when something is kept below the folder; else it is removed too.
  const kept: string[] = [];
  const sweep = (folder: string, prefix: string): boolean => {
    let keeps = false;
    for (const entry of fs.readdirSync(folder, { withFileTypes: true }).sort(byName)) {
      if (prefix === '' && !top(entry.name)) continue;
      const relPath = prefix + entry.name;
      const absolute = folder + path.sep + entry.name;
      if (entry.isDirectory()) {
        if (sweep(absolute, `${relPath}/`)) keeps = true;
        else fs.rmdirSync(absolute);
      } else if (isWritten(relPath)) {
        keeps = true;
        kept.push(relPath);
      } else fs.rmSync(absolute, { force: true });
    }
    return keeps;
  };
  sweep(dir, '');
  return kept;
}

/**
 * sweepUnwritten in two parts: every entry of the folder but `later` (a folder another thread is still writing) now,
 * `later` when `rest()` is called. The second returns every file kept, in the order one sweep would list them.
 */
export function sweepInTwo(
  dir: string,
  later: string,
  isWritten: (relPath: string) => boolean,
): { readonly rest: () => string[] } {
  const first = sweepUnwritten(dir, isWritten, (name) => name !== later);
  return {
    rest: () => {
      const second = sweepUnwritten(dir, isWritten, (name) => name === later);
      // One sweep lists `later`'s files where its name sorts among the folder's own entries.
      const at = first.findIndex((relPath) => byName({ name: relPath.split('/')[0]! }, { name: later }) > 0);
      return at < 0 ? [...first, ...second] : [...first.slice(0, at), ...second, ...first.slice(at)];
    },
  };
}

/**
 * Whether `file` is a file (not a link to one) of `size` bytes, and those bytes are `bytes()`: made and read only when
 * the sizes match.
 */
function holdsBytes(file: string, size: number, bytes: () => Uint8Array): boolean {
  const stat = fs.lstatSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile() || stat.size !== size) return false;
  const expected = bytes();
  try {
    return Buffer.from(expected.buffer, expected.byteOffset, expected.byteLength).equals(fs.readFileSync(file));
  } catch {
    return false; // gone meanwhile: written anew
  }
}

const byteLength = (contents: string | Uint8Array) =>
  typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
const encode = (contents: string | Uint8Array) => (typeof contents === 'string' ? Buffer.from(contents) : contents);

function isPieces(contents: FileContents): contents is readonly (string | Uint8Array)[] {
  return Array.isArray(contents);
}

/**
 * Encodes a file's text pieces into one reused buffer (valid until the next call), so writing a page allocates no
 * page-sized buffer outside V8's heap, which would stay allocated until V8 happened to collect its Buffer object.
 */
function createPieceEncoder(): (pieces: readonly (string | Uint8Array)[]) => Uint8Array[] {
  let scratch = Buffer.alloc(0);
  return (pieces) => {
    // UTF-8 takes at most three bytes per UTF-16 code unit.
    const capacity = pieces.reduce((sum, piece) => sum + (typeof piece === 'string' ? piece.length * 3 : 0), 0);
    if (scratch.length < capacity) scratch = Buffer.allocUnsafeSlow(Math.max(capacity, scratch.length * 2));
    let used = 0;
    return pieces.map((piece) => {
      if (typeof piece !== 'string') return piece;
      const start = used;
      used += scratch.write(piece, start);
      return scratch.subarray(start, used);
    });
  };
}

/** Writes buffers with one writev: shared bytes go to the file as they are, never joined into a page-sized copy. */
function writePieces(file: string, buffers: readonly Uint8Array[]): void {
  const fd = fs.openSync(file, 'w');
  try {
    writeAll(fd, buffers);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * One writev, and more while it wrote less than asked (a signal, a full disk), from where it stopped; at the file's
 * offset, or from `position` when given.
 */
export function writeAll(fd: number, buffers: readonly Uint8Array[], position?: number): void {
  let at = position;
  for (let rest = buffers; rest.length > 0;) {
    const written = fs.writevSync(fd, rest, at);
    if (at !== undefined) at += written;
    rest = skipBytes(rest, written);
  }
}

function skipBytes(buffers: readonly Uint8Array[], count: number): Uint8Array[] {
  const rest: Uint8Array[] = [];
  let skip = count;
  for (const buffer of buffers) {
    if (skip >= buffer.byteLength) skip -= buffer.byteLength;
    else {
      rest.push(skip > 0 ? buffer.subarray(skip) : buffer);
      skip = 0;
    }
  }
  return rest;
}

/** Contents as one string or buffer (what `wiki dev` holds in memory). */
export function joinContents(contents: FileContents): string | Uint8Array {
  return isPieces(contents)
    ? Buffer.concat(contents.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece)))
    : contents;
}
