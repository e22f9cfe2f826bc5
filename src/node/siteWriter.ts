/**
 * Output files and the writer that puts them on disk: shared by the pipeline's page writer and the search index
 * worker, which writes its own files into the same staging folder.
 */
import fs from 'node:fs';
import path from 'node:path';

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
  /** Puts a file that is already written elsewhere (absolute source) at a site-relative path: a hard link, else a copy. */
  link(source: string, relPath: string): void;
}

export interface SiteWriterOptions {
  /**
   * The site this one replaces: a file written with the same bytes as its file at the same path is hard-linked from
   * there instead (creating a file costs far more than reading one on most disks), so a build writes only what changed.
   */
  readonly reuseFrom?: string;
}

/**
 * Synchronous on purpose: writing on libuv's thread pool while rendering was measured slower on two cores (the pool
 * threads compete with the render and search threads for the CPU, and each write costs three pool round trips).
 */
export function createSiteWriter(dir: string, options: SiteWriterOptions = {}): SiteWriter {
  const madeDirs = new Set<string>();
  const target = (relPath: string): string => {
    const file = path.join(dir, relPath);
    const parent = path.dirname(file);
    if (!madeDirs.has(parent)) fs.mkdirSync(parent, { recursive: true });
    madeDirs.add(parent);
    return file;
  };
  const encoder = createPieceEncoder();
  // A linked file shares its bytes with the live output: writing it again must make a new file, not change those.
  const linked = new Set<string>();
  const fresh = (relPath: string): string => {
    const file = target(relPath);
    if (linked.delete(file)) fs.rmSync(file, { force: true });
    return file;
  };
  const link = (source: string, relPath: string) => {
    const file = fresh(relPath);
    linked.add(file);
    try {
      fs.linkSync(source, file);
    } catch {
      fs.copyFileSync(source, file, fs.constants.COPYFILE_FICLONE); // another file system, or no hard links
    }
  };
  const { reuseFrom } = options;
  return {
    write: ([relPath, contents]) => {
      if (isPieces(contents)) return writePieces(fresh(relPath), encoder(contents));
      const previous = reuseFrom === undefined ? undefined : path.join(reuseFrom, relPath);
      if (previous !== undefined && sameBytes(previous, contents)) return link(previous, relPath);
      fs.writeFileSync(fresh(relPath), contents);
    },
    copy: (source, relPath) => fs.copyFileSync(source, fresh(relPath)),
    link,
  };
}

/** Whether the file holds exactly these contents (encoded and read only when the sizes match). */
function sameBytes(file: string, contents: string | Uint8Array): boolean {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  const size = typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
  if (!stat?.isFile() || stat.size !== size) return false;
  const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
  try {
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).equals(fs.readFileSync(file));
  } catch {
    return false; // gone meanwhile: written anew
  }
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
    for (let rest = buffers; rest.length > 0;) rest = skipBytes(rest, fs.writevSync(fd, rest));
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
  return isPieces(contents)
    ? Buffer.concat(contents.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece)))
    : contents;
}
