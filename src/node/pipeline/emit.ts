import fs from 'node:fs';
import path from 'node:path';
import { isPathInside } from '../notes/scan.js';
import { adviseFsError, leaseOutputFolder, type LeaseOptions } from './outputFolder.js';

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
}

/**
 * Synchronous on purpose: writing on libuv's thread pool while rendering was measured slower on two cores (the pool
 * threads compete with the render and search threads for the CPU, and each write costs three pool round trips).
 */
export function createSiteWriter(dir: string): SiteWriter {
  const madeDirs = new Set<string>();
  const target = (relPath: string): string => {
    const file = path.join(dir, relPath);
    const parent = path.dirname(file);
    if (!madeDirs.has(parent)) fs.mkdirSync(parent, { recursive: true });
    madeDirs.add(parent);
    return file;
  };
  const encoder = createPieceEncoder();
  return {
    write: ([relPath, contents]) => (isPieces(contents) ? writePieces(target(relPath), encoder(contents)) : fs.writeFileSync(target(relPath), contents)),
    copy: (source, relPath) => fs.copyFileSync(source, target(relPath)),
  };
}

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
    // writev may write less than asked (a signal, a full disk): go on from where it stopped.
    for (let rest = buffers; rest.length > 0; ) rest = skipBytes(rest, fs.writevSync(fd, rest));
  } finally {
    fs.closeSync(fd);
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
  return isPieces(contents) ? Buffer.concat(contents.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece))) : contents;
}

/**
 * Writes the site to a staging folder beside the output and swaps it in only when everything is written, so a failed
 * build leaves the last good site untouched (outputFolder.ts: the lock, the guard's marker, the atomic swap).
 * `writeFiles` fills that folder and returns false when the site must not replace the output (an error found while
 * writing it, such as a broken link with onBrokenLinks: throw).
 */
export async function emitSite(outDir: string, writeFiles: (staging: string) => boolean | Promise<boolean>, options: LeaseOptions = {}): Promise<void> {
  const lease = await leaseOutputFolder(outDir, options);
  try {
    let keep: boolean;
    try {
      keep = await writeFiles(lease.staging);
    } catch (error) {
      lease.discard();
      throw describeWriteError(error, lease.staging, outDir);
    }
    if (keep) lease.swapIn();
    else lease.discard();
  } finally {
    lease.release();
  }
}

/** A file-system error is about the folder (with advice when the user can fix it); anything else speaks for itself. */
function describeWriteError(error: unknown, staging: string, outDir: string): unknown {
  if ((error as NodeJS.ErrnoException).syscall === undefined) return error;
  const advised = adviseFsError(error, outDir);
  return advised !== error ? advised : new Error(`Could not write the site to ${staging}`, { cause: error });
}

/**
 * Every file under the static folder, absolute path -> site-relative path. Symbolic links are followed only to files
 * inside the folder; one pointing elsewhere is reported through `onOutside` and left out (it would publish a file
 * from outside the site, e.g. a link to /etc/shadow).
 */
export function listFilesToCopy(dir: string, onOutside: (link: string, target: string) => void = () => undefined): Map<string, string> {
  const copies = new Map<string, string>();
  if (!fs.existsSync(dir)) return copies;
  const realDir = fs.realpathSync(dir);
  const pending = [dir];
  const walked = new Set<string>(); // real folders already listed: a linked folder is listed once, and loops end
  for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
    if (walked.has(fs.realpathSync(folder))) continue;
    walked.add(fs.realpathSync(folder));
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const absolute = path.join(folder, entry.name);
      const kind = entry.isSymbolicLink() ? followLink(absolute, realDir, onOutside) : entry.isDirectory() ? 'dir' : entry.isFile() ? 'file' : 'other';
      if (kind === 'dir') pending.push(absolute);
      else if (kind === 'file') copies.set(absolute, path.relative(dir, absolute).split(path.sep).join('/'));
    }
  }
  return copies;
}

function followLink(link: string, realDir: string, onOutside: (link: string, target: string) => void): 'dir' | 'file' | 'other' {
  let target: string;
  try {
    target = fs.realpathSync(link);
  } catch {
    return 'other'; // dangling
  }
  if (!isPathInside(target, realDir)) {
    onOutside(link, target);
    return 'other';
  }
  const stat = fs.statSync(target);
  return stat.isFile() ? 'file' : stat.isDirectory() ? 'dir' : 'other';
}
