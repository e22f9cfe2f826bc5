import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** One output file: site-relative path and contents. */
export type SiteFile = readonly [path: string, contents: string | Uint8Array];

/** The files of a built site held in memory (what `wiki dev` serves). */
export type SiteFileMap = Map<string, string | Uint8Array>;

/**
 * Writes the site to a fresh folder beside the output and swaps it in only when everything is written,
 * so a failed build leaves the last good site untouched. Files are written as they come from the iterable.
 */
export function emitSite(files: Iterable<SiteFile>, outDir: string, copies: ReadonlyMap<string, string>): void {
  const staging = `${outDir}.tmp-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  const madeDirs = new Set<string>();
  const write = (relPath: string, action: (target: string) => void): void => {
    const target = path.join(staging, relPath);
    const dir = path.dirname(target);
    if (!madeDirs.has(dir)) fs.mkdirSync(dir, { recursive: true });
    madeDirs.add(dir);
    action(target);
  };
  try {
    for (const [relPath, contents] of files) write(relPath, (target) => fs.writeFileSync(target, contents));
    for (const [source, relPath] of copies) write(relPath, (target) => fs.copyFileSync(source, target));
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new Error(`Could not write the site to ${staging}`, { cause: error });
  }
  swapIn(staging, outDir);
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
