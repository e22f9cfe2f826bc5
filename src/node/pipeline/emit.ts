import fs from 'node:fs';
import path from 'node:path';
import { isPathInside, toPosixPath } from '../filePaths.js';
import { adviseFsError, leaseOutputFolder, type LeaseOptions } from './outputFolder.js';

/**
 * Writes the site to a staging folder beside the output and swaps it in only when everything is written, so a failed
 * build leaves the last good site untouched (outputFolder.ts: the lock, the guard's marker, the atomic swap).
 * `writeFiles` fills that folder (or, when `prefilled`, brings the older site in it up to date: LeaseOptions.keepSpare)
 * and returns false when the site must not replace the output (an error found while writing it, such as a broken link
 * with onBrokenLinks: throw). `afterSwap` runs once the output is the new site.
 */
export async function emitSite(
  outDir: string,
  writeFiles: (staging: string, prefilled: boolean) => boolean | Promise<boolean>,
  options: LeaseOptions & { readonly afterSwap?: () => void } = {},
): Promise<void> {
  const lease = await leaseOutputFolder(outDir, options);
  try {
    let keep: boolean;
    try {
      keep = await writeFiles(lease.staging, lease.prefilled);
    } catch (error) {
      lease.discard();
      throw describeWriteError(error, lease.staging, outDir);
    }
    if (keep) {
      lease.swapIn();
      options.afterSwap?.(); // still under the lock: the next build reads what this one leaves
    } else lease.setAside(); // the next build starts from it (LeaseOptions.keepSpare)
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
export function listFilesToCopy(
  dir: string,
  onOutside: (link: string, target: string) => void = () => undefined,
): Map<string, string> {
  const copies = new Map<string, string>();
  if (!fs.existsSync(dir)) return copies;
  const realDir = fs.realpathSync(dir);
  const pending = [dir];
  const walked = new Set<string>(); // real folders already listed: a linked folder is listed once, and loops end
  for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
    const realFolder = fs.realpathSync(folder);
    if (walked.has(realFolder)) continue;
    walked.add(realFolder);
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const absolute = path.join(folder, entry.name);
      const kind = entry.isSymbolicLink()
        ? followLink(absolute, realDir, onOutside)
        : entry.isDirectory()
          ? 'dir'
          : entry.isFile()
            ? 'file'
            : 'other';
      if (kind === 'dir') pending.push(absolute);
      else if (kind === 'file') copies.set(absolute, toPosixPath(path.relative(dir, absolute)));
    }
  }
  return copies;
}

function followLink(
  link: string,
  realDir: string,
  onOutside: (link: string, target: string) => void,
): 'dir' | 'file' | 'other' {
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
