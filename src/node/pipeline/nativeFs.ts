/**
 * The engine's native helpers (native/wiki_fs.c, compiled by `npm install`): an atomic swap of two folders, a lock the
 * kernel releases when its holder dies, and a child process that dies with its parent. Where they could not be
 * compiled (no C compiler, not Linux) the callers fall back: two renames, a pid file, and polling for the parent.
 */
import { createRequire } from 'node:module';
import { enginePath } from '../engineRoot.js';

export interface NativeFs {
  /** Swaps two existing paths in one step (renameat2 RENAME_EXCHANGE); throws with `errno` where the file system can't. */
  exchange(a: string, b: string): void;
  /** Takes an exclusive lock on an open file without waiting; false when another process holds it. */
  tryLock(fd: number): boolean;
  /** Has the kernel kill this process when its parent dies; false when that cannot be arranged. */
  dieWithParent(parentPid: number): boolean;
}

/** The compiled helpers, or undefined where `npm install` could not compile them. */
export function loadNativeFs(): NativeFs | undefined {
  try {
    return createRequire(import.meta.url)(enginePath('native/build/Release/wiki_fs.node')) as NativeFs;
  } catch {
    return undefined;
  }
}
