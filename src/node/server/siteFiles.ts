/**
 * Where the site server gets its bytes: a built folder on disk (`wiki serve`) or an in-memory
 * map of the site (`wiki dev`). The server only ever asks for a site-relative path.
 */
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';

/** A read-only view of a built site, addressed by site-relative posix paths ("a/index.html"). */
export interface SiteFiles {
  /** The file's bytes, or undefined when there is no such file (directories count as missing). */
  read(relPath: string): Promise<Uint8Array | undefined>;
}

// Errors that just mean "no such file here"; anything else (EACCES, EIO) is a real failure.
const missingFileCodes = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ELOOP', 'ENAMETOOLONG', 'EINVAL']);

// O_NOFOLLOW does not exist on Windows; there the realpath check alone guards symlinks.
const openFlags = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);

/** Whether `child` is `parent` itself or inside it (both absolute and normalised). */
function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  const escapes = relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
  return !escapes;
}

function isMissingFileError(error: unknown): boolean {
  return error instanceof Error && missingFileCodes.has((error as NodeJS.ErrnoException).code ?? '');
}

/** The real (symlink-free) path of a file inside root, or undefined when it is missing or escapes root. */
async function resolveInsideRoot(root: string, relPath: string): Promise<string | undefined> {
  if (relPath.includes('\0') || path.isAbsolute(relPath) || path.win32.isAbsolute(relPath)) return undefined;
  const candidate = path.resolve(root, relPath);
  if (candidate === root || !isInside(root, candidate)) return undefined;
  // Symlinks are followed only when the real target is still inside the real root.
  const [realRoot, realFile] = await Promise.all([fs.realpath(root), fs.realpath(candidate)]);
  return realFile !== realRoot && isInside(realRoot, realFile) ? realFile : undefined;
}

/** Files read from a folder on disk; nothing outside `root` (by path or by symlink) is ever read. */
export function directoryFiles(root: string): SiteFiles {
  const absoluteRoot = path.resolve(root);
  return {
    async read(relPath) {
      try {
        const realFile = await resolveInsideRoot(absoluteRoot, relPath);
        if (realFile === undefined) return undefined;
        // Stat the open handle, not the path, so what we checked is what we read.
        const handle = await fs.open(realFile, openFlags);
        try {
          const stats = await handle.stat();
          return stats.isFile() ? await handle.readFile() : undefined;
        } finally {
          await handle.close();
        }
      } catch (error) {
        if (isMissingFileError(error)) return undefined;
        throw new Error(`Can't read ${relPath} from the site folder ${absoluteRoot}`, { cause: error });
      }
    },
  };
}

/**
 * Files held in memory, keyed by site-relative path ("a/index.html"). The map is read live, so a dev
 * server can update it between requests.
 */
export function memoryFiles(files: Map<string, Uint8Array | string>): SiteFiles {
  const encoder = new TextEncoder();
  return {
    async read(relPath) {
      const value = files.get(relPath);
      return typeof value === 'string' ? encoder.encode(value) : value;
    },
  };
}
