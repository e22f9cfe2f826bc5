/**
 * V8's default heap limit (about 4 GB, less on a small machine) can stop a build of tens of thousands of notes, and it
 * can only be raised when Node starts: `wiki build` of a docs folder too large for this process's limit runs again,
 * once, in a child Node with three quarters of the memory it may use as the limit (childHeapLimitMb). V8 sets its
 * first full-collection threshold from the limit, so with a large one garbage piles up unchecked; a small initial old
 * space starts collecting early. A site well within the limit builds in this process: a second Node costs time, and
 * V8's defaults build it faster (bench/README.md).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { isNoteName } from '../notes/notePaths.js';
import { isSkippedName } from '../notes/scan.js';
import { loadNativeFs } from './nativeFs.js';

/**
 * An upper estimate of the heap a build takes per note, with a margin over the peaks measured at 50,000 notes (a full
 * build and an edit: bench/README.md). It grows with the count of notes more than with their size: a note's Markdown is
 * let go once it is summarised.
 */
const HEAP_PER_NOTE_BYTES = 24 * 1024;
/** The share of its heap limit a build may expect to take before it runs in a Node with a larger one. */
const SAFE_HEAP_SHARE = 0.5;
const INITIAL_OLD_SPACE_MB = 128;
const RESPAWNED = 'WIKI_HEAP_SIZED';

/**
 * Runs this build again in a child Node with a larger heap when the docs folder holds more notes than this process's
 * heap limit is sure to build (notesNeedingLargerHeap); returns the child's exit code, or undefined when this process
 * should build. `listed` is told each folder it read while counting the notes (the up-to-date check takes these
 * listings instead of reading them again).
 */
export function rebuildWithLargerHeap(docsDir: string, listed?: FolderListed): number | undefined {
  if (process.env[RESPAWNED]) {
    const parentPid = Number(process.env[RESPAWNED]);
    if (parentPid > 1) endWithParent(parentPid);
    return undefined;
  }
  const heapLimitMb = childHeapLimitMb(os.totalmem(), process.constrainedMemory());
  const { heap_size_limit: heapLimit } = v8.getHeapStatistics();
  if (heapLimit >= heapLimitMb * 2 ** 20 * 0.9) return undefined;
  const tooMany = notesNeedingLargerHeap(heapLimit);
  if (!holdsNotes(docsDir, tooMany, listed)) return undefined;
  console.log(
    `${tooMany.toLocaleString('en')} notes or more: building in a Node with a ${heapLimitMb.toLocaleString('en')} MB heap limit.`,
  );
  // A full collection is cheap (live data stays small: pages are written as they render), and V8 otherwise lets the
  // heap grow up to fourfold between two. A site within the default limit keeps V8's growth: faster (bench/README.md).
  const heapFlags = [
    `--max-old-space-size=${heapLimitMb}`,
    `--initial-old-space-size=${INITIAL_OLD_SPACE_MB}`,
    '--heap-growing-percent=50',
  ];
  const child = spawnSync(process.execPath, [...heapFlags, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, [RESPAWNED]: String(process.pid) },
  });
  return child.status ?? 1;
}

/**
 * The child's heap limit in MB: three quarters of the machine's memory, or of the container's (its cgroup limit, which
 * Node reports as `constrainedMemory`) when that is smaller, so the child is not killed for going past it.
 */
export function childHeapLimitMb(totalBytes: number, constrainedBytes: number | undefined): number {
  const usable = constrainedBytes && constrainedBytes > 0 ? Math.min(totalBytes, constrainedBytes) : totalBytes;
  return Math.floor((usable / 2 ** 20) * 0.75);
}

/** How many notes a build needs before it outgrows a heap limit of `heapLimitBytes` (at least one). */
export function notesNeedingLargerHeap(heapLimitBytes: number): number {
  return Math.max(1, Math.floor((heapLimitBytes * SAFE_HEAP_SHARE) / HEAP_PER_NOTE_BYTES));
}

/**
 * A child whose parent was killed must stop at once, not go on to replace the output seconds later: the kernel kills it
 * with its parent (PR_SET_PDEATHSIG), or, without the native helper, it checks for a new parent every 100 ms.
 */
function endWithParent(parentPid: number): void {
  if (loadNativeFs()?.dieWithParent(parentPid)) return;
  if (process.ppid !== parentPid) process.exit(1);
  setInterval(() => process.ppid !== parentPid && process.exit(1), 100).unref();
}

/** A folder's entries, as read (its absolute path). */
export type FolderListed = (dir: string, entries: fs.Dirent[]) => void;

/**
 * Whether the folder holds at least `count` notes as the scan finds them (stops counting there; symlinks are not
 * followed). `listed` is told each folder read.
 */
export function holdsNotes(dir: string, count: number, listed?: FolderListed): boolean {
  let found = 0;
  const pending = [path.resolve(dir)];
  while (pending.length > 0) {
    const folder = pending.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch {
      continue; // a missing or unreadable folder: the build reports it
    }
    listed?.(folder, entries);
    for (const entry of entries) {
      if (isSkippedName(entry.name)) continue;
      if (entry.isDirectory()) pending.push(path.join(folder, entry.name));
      else if (isNoteName(entry.name) && ++found >= count) return true;
    }
  }
  return false;
}
