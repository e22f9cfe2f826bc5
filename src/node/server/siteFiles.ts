/**
 * Where the site server gets its bytes: a built folder on disk (`wiki serve`) or an in-memory
 * map of the site (`wiki dev`). The server only ever asks for a site-relative path, and streams
 * what it gets, so a big file is never held whole in memory per request.
 */
import { createHash } from 'node:crypto';
import { constants, promises as fs, type Stats } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { isPathInside } from '../filePaths.js';

/** Bytes `start` to `end` of a file, both included (as in a Range header and fs.createReadStream). */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/** One file of the site, opened for serving; the server closes it once the response is sent. */
export interface SiteFile {
  readonly size: number;
  /** Changes whenever the bytes may have: keys the server's per-file caches (ETag, script hashes, compressed bodies). */
  readonly version: string;
  /** A new stream of the file's bytes, or of one range of them. */
  stream(range?: ByteRange): Readable;
  /** Releases the file once every stream of it has ended. */
  close(): Promise<void>;
}

/** A read-only view of a built site, addressed by site-relative posix paths ("a/index.html"). */
export interface SiteFiles {
  /** The file, or undefined when there is no such file (directories count as missing). */
  open(relPath: string): Promise<SiteFile | undefined>;
}

// Errors that just mean "no such file here"; anything else (EACCES, EIO) is a real failure.
const missingFileCodes = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ELOOP', 'ENAMETOOLONG', 'EINVAL']);

// O_NOFOLLOW does not exist on Windows; there the realpath check alone guards symlinks.
const openFlags = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);

function isMissingFileError(error: unknown): boolean {
  return error instanceof Error && missingFileCodes.has((error as NodeJS.ErrnoException).code ?? '');
}

/** The real (symlink-free) path of a file inside root, or undefined when it is missing or escapes root. */
async function resolveInsideRoot(root: string, relPath: string): Promise<string | undefined> {
  if (relPath.includes('\0') || path.isAbsolute(relPath) || path.win32.isAbsolute(relPath)) return undefined;
  const candidate = path.resolve(root, relPath);
  if (candidate === root || !isPathInside(candidate, root)) return undefined;
  // Symlinks are followed only when the real target is still inside the real root.
  const [realRoot, realFile] = await Promise.all([fs.realpath(root), fs.realpath(candidate)]);
  return realFile !== realRoot && isPathInside(realFile, realRoot) ? realFile : undefined;
}

/** The whole file, or the range; a zero-length range is an empty stream (fs streams cannot express it). */
function wholeOrRange(size: number, range: ByteRange | undefined): ByteRange | undefined {
  const wanted = range ?? { start: 0, end: size - 1 };
  return wanted.end < wanted.start ? undefined : wanted;
}

/** A file open on disk: read by position, so parallel responses share one handle without a copy each. */
function diskFile(handle: fs.FileHandle, stats: Stats): SiteFile {
  return {
    size: stats.size,
    // The stat, not the bytes: working the version out must cost nothing per request.
    version: `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}`,
    stream(range) {
      // Bounded by the size we stat'ed, so a file that grows meanwhile never overruns Content-Length.
      const bytes = wholeOrRange(stats.size, range);
      return bytes ? handle.createReadStream({ ...bytes, autoClose: false }) : Readable.from([], { objectMode: false });
    },
    close: () => handle.close(),
  };
}

/** A regular file on disk opened for serving (no symlink as the last part), or undefined when it is not one. */
export async function openDiskFile(filePath: string): Promise<SiteFile | undefined> {
  const handle = await fs.open(filePath, openFlags);
  try {
    // Stat the open handle, not the path, so what we checked is what we stream.
    const stats = await handle.stat();
    if (stats.isFile()) return diskFile(handle, stats);
  } catch (error) {
    await handle.close();
    throw error;
  }
  await handle.close();
  return undefined;
}

/** Files read from a folder on disk; nothing outside `root` (by path or by symlink) is ever read. */
export function directoryFiles(root: string): SiteFiles {
  const absoluteRoot = path.resolve(root);
  return {
    async open(relPath) {
      try {
        const realFile = await resolveInsideRoot(absoluteRoot, relPath);
        return realFile === undefined ? undefined : await openDiskFile(realFile);
      } catch (error) {
        if (isMissingFileError(error)) return undefined;
        throw new Error(`Can't read ${relPath} from the site folder ${absoluteRoot}`, { cause: error });
      }
    },
  };
}

/**
 * Bytes held in memory as a site file. Its version is a digest of the bytes: memory has no mtime, and the bytes are
 * already here (the dev server's pages are small; a page's digest costs far less than rendering it).
 */
export function memoryFile(contents: Uint8Array | string): SiteFile {
  const bytes =
    typeof contents === 'string'
      ? Buffer.from(contents)
      : Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength);
  return {
    size: bytes.byteLength,
    version: createHash('sha1').update(bytes).digest('base64url'),
    stream(range) {
      const wanted = wholeOrRange(bytes.byteLength, range);
      return Readable.from(wanted ? [bytes.subarray(wanted.start, wanted.end + 1)] : [], { objectMode: false });
    },
    close: async () => {},
  };
}

/**
 * Files held in memory, keyed by site-relative path ("a/index.html"). The map is read live, so a dev
 * server can update it between requests.
 */
export function memoryFiles(files: Map<string, Uint8Array | string>): SiteFiles {
  return {
    async open(relPath) {
      const value = files.get(relPath);
      return value === undefined ? undefined : memoryFile(value);
    },
  };
}
