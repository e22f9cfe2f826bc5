import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** One output file: site-relative path and contents. */
export type SiteFile = readonly [path: string, contents: string | Uint8Array];

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
  return {
    write: ([relPath, contents]) => fs.writeFileSync(target(relPath), contents),
    copy: (source, relPath) => fs.copyFileSync(source, target(relPath)),
  };
}

/**
 * Writes the site to a fresh folder beside the output and swaps it in only when everything is written,
 * so a failed build leaves the last good site untouched. `writeFiles` fills that folder and returns false when the
 * site must not replace the output (an error found while writing it, such as a broken link with onBrokenLinks: throw).
 */
export async function emitSite(outDir: string, writeFiles: (staging: string) => boolean | Promise<boolean>): Promise<void> {
  const staging = `${outDir}.tmp-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  let keep: boolean;
  try {
    keep = await writeFiles(staging);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    // A file system error is about the folder; anything else (the theme failing to bundle, say) speaks for itself.
    if ((error as NodeJS.ErrnoException).syscall === undefined) throw error;
    throw new Error(`Could not write the site to ${staging}`, { cause: error });
  }
  if (keep) swapIn(staging, outDir);
  else fs.rmSync(staging, { recursive: true, force: true });
}

function swapIn(staging: string, outDir: string): void {
  const previous = `${outDir}.old-${process.pid}`;
  const hadPrevious = fs.existsSync(outDir);
  if (hadPrevious) fs.renameSync(outDir, previous);
  fs.renameSync(staging, outDir);
  if (hadPrevious) removeInBackground(previous);
}

/**
 * Deletes the replaced site without making the build wait for it (thousands of unlinks took ~0.5 s of a corpus
 * build): a detached `rm -rf` outlives this process; without one (not POSIX), delete in place.
 */
function removeInBackground(dir: string): void {
  try {
    const child = spawn('rm', ['-rf', '--', dir], { detached: true, stdio: 'ignore' });
    child.on('error', () => fs.rmSync(dir, { recursive: true, force: true }));
    child.unref();
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Every file under a folder, site-relative path -> absolute path (for static/). */
export function listFilesToCopy(dir: string, prefix = ''): Map<string, string> {
  const copies = new Map<string, string>();
  if (!fs.existsSync(dir)) return copies;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    copies.set(absolute, prefix + path.relative(dir, absolute).split(path.sep).join('/'));
  }
  return copies;
}
