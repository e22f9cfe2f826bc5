/**
 * Watches the docs folder, the static folder and the config file, and reports changed paths in batches.
 * On chokidar, not Node's fs.watch: Node 20's recursive fs.watch on Linux is a JavaScript emulation with a confirmed
 * race between walking a folder and watching it (nodejs/node#48437), and it loses a replaced root for good (a docs
 * folder deleted and recreated, or renamed over, is never seen again). Each target is watched through its parent
 * folder, so a replaced one is seen; the four gaps chokidar leaves (a change during its first scan, a folder replaced
 * between two reads of its parent, a quick second save of a file, an entry made in a new folder before chokidar watches
 * it) are closed below, and a file seen empty in the middle of a save is handed over once written.
 */
import fs from 'node:fs';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';

export interface WatchTarget {
  readonly path: string;
  /** Watch a folder with everything below it; a single file is watched through its folder (saves that replace the file keep working). */
  readonly kind: 'folder' | 'file';
  /** Names below the folder that nothing reads (the docs scan's `_partials/`, `.git/`, `node_modules/`): neither watched nor reported. */
  readonly skipName?: (name: string) => boolean;
}

export interface Watcher {
  close(): void;
  /**
   * Settles once the first scan of the watched folders is done. A change made from the start on is reported: one made
   * during the scan once it is done (stampTargets).
   */
  readonly ready: Promise<void>;
}

// Editor droppings never change the site: backups (`name~`), Vim's swap files and `4913` write test, Emacs's locks.
const editorDropping = /~$|\.sw[px]$|^4913$|^\.#|^#.*#$/;
// Chokidar drops a second `change` of a file within 50 ms of the first: each reported file is checked again every
// 15 ms until 60 ms have passed, so a quick second save is handed over within 15 ms, not 60. A new folder's entries
// are checked on the same beat (see watchNewFolder).
const RECHECK_EVERY_MS = 15;
const RECHECK_FOR_MS = 60;
/** A new folder's entries are checked on at doubling waits until this long after chokidar saw it (120 ... 1,920 ms). */
const NEW_FOLDER_RECHECK_FOR_MS = 1920;

/**
 * How long a batch waits for more changes after the last one. Short: chokidar already folds one save's events into one
 * (a second change within 50 ms is dropped, and rechecked below), and changes made while the dev server applies a batch
 * are handed over together after it (devServer.ts), so a longer wait would only delay every edit.
 */
const BATCH_DELAY_MS = 2;
/** Folders replaced within this long of one another are watched again by one fresh watcher. */
const RESTART_DELAY_MS = 15;

/** Calls onChange with the absolute paths that changed, batched over `delayMs`. */
export function watchPaths(
  targets: readonly WatchTarget[],
  onChange: (paths: Set<string>) => void,
  delayMs = BATCH_DELAY_MS,
): Watcher {
  const placeOf = placeAmong(targets);
  const rechecks = recheckTimers();
  const batch = batchChanges(onChange, delayMs, rechecks);
  const roots = [...new Set(targets.map((target) => path.dirname(target.path)))];
  const warn = warnOnce();
  /** Folders replaced under the watcher: reported once a fresh watcher is ready, so the rebuild reads them as they are now. */
  const replaced = new Set<string>();
  /** The stamps a watcher started from, until it is ready: a watcher started again before then keeps them. */
  let unreported: Map<string, string> | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  let current = startWatcher();

  function startWatcher(): FSWatcher {
    /** The files and folders chokidar has reported and not reported gone. */
    const seen = new Set<string>();
    let ready = false;
    const atStart = (unreported ??= stampTargets(targets));
    // The initial scan's events only record what is watched (the build already read what the folders hold).
    const watcher = watch(roots, { ignored: (filePath) => placeOf(filePath) === 'outside', ignoreInitial: false });
    watcher.on('all', (event, filePath) => {
      if (event === 'add' || event === 'addDir') seen.add(filePath);
      if (event === 'unlink' || event === 'unlinkDir') seen.delete(filePath);
      if (!ready || placeOf(filePath) !== 'target') return;
      batch.report(filePath, event === 'add' || event === 'change');
      if (event === 'addDir') watchNewFolder(filePath);
    });
    // A watched folder deleted and recreated (or renamed over) between two of chokidar's reads of its parent keeps
    // chokidar's watches on the old folder, which see nothing more: a fresh watcher starts on the folder as it is.
    watcher.on('raw', (event, name, details) => {
      const dir = (details as { watchedPath?: string } | undefined)?.watchedPath;
      if (event !== 'rename' || !name || dir === undefined) return;
      const filePath = path.join(dir, name);
      if (seen.has(filePath) && isFolder(filePath)) restartFor(filePath);
    });
    watcher.on('ready', () => {
      ready = true;
      markReady();
      unreported = undefined;
      for (const [filePath, written] of changedSince(atStart, stampTargets(targets))) batch.report(filePath, written);
      for (const folder of replaced) batch.report(folder, false);
      replaced.clear();
    });
    watcher.on('error', (error) => warn(error as NodeJS.ErrnoException));

    /**
     * Chokidar reads a new folder and only then watches it: an entry made in between (a note written right after its
     * folder) is never reported. Entries of the folder it has not reported are handed to it, which reports them.
     */
    function watchNewFolder(folder: string): void {
      const slowTail = true; // a read of a large folder on a busy event loop can take much longer than RECHECK_FOR_MS
      rechecks.start(() => {
        if (watcher.closed) return;
        for (const name of readNames(folder)) {
          const entryPath = path.join(folder, name);
          if (seen.has(entryPath) || placeOf(entryPath) !== 'target') continue;
          seen.add(entryPath);
          watcher.add(entryPath);
        }
      }, slowTail);
    }
    return watcher;
  }

  function restartFor(folder: string): void {
    replaced.add(folder);
    restartTimer ??= setTimeout(() => {
      restartTimer = undefined;
      // Closed first: chokidar shares one fs.watch per path between its watchers, and the old one watches the old folder.
      void current.close().catch(() => undefined);
      current = startWatcher();
    }, RESTART_DELAY_MS);
  }

  return {
    ready,
    close() {
      clearTimeout(restartTimer);
      batch.close();
      rechecks.close();
      void current.close().catch(() => undefined);
    },
  };
}

/** Whether a change to a path would be reported by a watcher of these targets. */
export function isWatchedBy(targets: readonly WatchTarget[]): (filePath: string) => boolean {
  const placeOf = placeAmong(targets);
  return (filePath) => placeOf(filePath) === 'target';
}

/**
 * Where a path stands: a target or inside one (reported), on the way to one (watched, not reported: the parent
 * folders), or outside (not watched). Asked of every path the watcher meets, so it resolves the path once and compares
 * prefixes (path.relative against every target, which resolves both paths each time, was most of chokidar's scan).
 */
function placeAmong(targets: readonly WatchTarget[]): (filePath: string) => 'target' | 'way' | 'outside' {
  const roots = targets.map((target) => ({ target, root: path.resolve(target.path) }));
  return (somePath) => {
    // Resolved: chokidar hands paths over with `/` whatever the platform, and may end a folder's with one.
    const filePath = path.resolve(somePath);
    let place: 'way' | 'outside' = 'outside';
    for (const { target, root } of roots) {
      if (filePath === root) return 'target';
      const below = nameBelow(root, filePath);
      if (below !== undefined) {
        const skipped = () =>
          editorDropping.test(path.basename(filePath)) || below.split(path.sep).some((name) => target.skipName?.(name));
        if (target.kind === 'folder' && !skipped()) return 'target';
      } else if (nameBelow(filePath, root) !== undefined) place = 'way';
    }
    return place;
  };
}

/** `file`'s path below `dir` (both absolute and normalised), or undefined when it is not below it. */
function nameBelow(dir: string, file: string): string | undefined {
  const prefix = dir.endsWith(path.sep) ? dir : dir + path.sep;
  return file.length > prefix.length && file.startsWith(prefix) ? file.slice(prefix.length) : undefined;
}

interface RecheckTimers {
  /**
   * Calls `check` every RECHECK_EVERY_MS until RECHECK_FOR_MS have passed, then, with `slowTail`, at twice the last
   * wait until NEW_FOLDER_RECHECK_FOR_MS; `last` on the final call.
   */
  start(check: (last: boolean) => void, slowTail?: boolean): void;
  close(): void;
}

function recheckTimers(): RecheckTimers {
  const timers = new Set<NodeJS.Timeout>();
  return {
    start(check, slowTail = false) {
      const end = slowTail ? NEW_FOLDER_RECHECK_FOR_MS : RECHECK_FOR_MS;
      const next = (waited: number) => {
        const wait = Math.min(waited < RECHECK_FOR_MS ? RECHECK_EVERY_MS : waited, end - waited);
        const timer = setTimeout(() => {
          timers.delete(timer);
          const last = waited + wait >= end;
          if (!last) next(waited + wait);
          check(last);
        }, wait);
        timers.add(timer);
      };
      next(0);
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

/** Collects reported paths and hands them over `delayMs` after the last one; written files are checked again after. */
function batchChanges(
  onChange: (paths: Set<string>) => void,
  delayMs: number,
  rechecks: RecheckTimers,
): { report(filePath: string, written: boolean): void; close(): void } {
  let pending = new Set<string>();
  let written = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  /** The file's state when it was last handed over; a recheck finding it changed since reports it again. */
  const handedOver = new Map<string, { readonly state: string }>();
  /** Empty files that stayed empty while held back: handed over as they are. */
  const settledEmpty = new Set<string>();

  function flush(): void {
    for (const filePath of written) {
      if (settledEmpty.delete(filePath) || !isEmptyFile(filePath)) continue;
      pending.delete(filePath);
      written.delete(filePath);
      holdBack(filePath);
    }
    if (pending.size === 0) return;
    const batch = pending;
    const checks = [...written].map((filePath) => {
      const seen = { state: fileState(filePath) };
      handedOver.set(filePath, seen);
      return [filePath, seen] as const;
    });
    pending = new Set();
    written = new Set();
    onChange(batch);
    if (checks.length === 0) return;
    rechecks.start((last) => {
      for (const [filePath, seen] of checks) {
        if (handedOver.get(filePath) !== seen) continue; // handed over again since: that batch checks it
        // A deleted file is left to chokidar: it reports deletions late on purpose (a save through a rename is a change).
        const state = fileState(filePath);
        const changed = state !== seen.state && state !== 'missing';
        if (changed || last) handedOver.delete(filePath);
        if (changed) report(filePath, true);
      }
    });
  }

  /**
   * A save that truncates the file and then writes it (fs.writeFile, many editors) can be seen in between, empty: an
   * empty file is handed over once it changes, or once it has stayed empty through the rechecks (emptied on purpose).
   */
  function holdBack(filePath: string): void {
    const state = fileState(filePath);
    let done = false;
    rechecks.start((last) => {
      if (done) return;
      const changed = fileState(filePath) !== state;
      if (!changed && !last) return;
      done = true;
      if (!changed) settledEmpty.add(filePath);
      report(filePath, true);
    });
  }

  function report(filePath: string, wasWritten: boolean): void {
    pending.add(filePath);
    if (wasWritten) written.add(filePath);
    clearTimeout(timer);
    timer = setTimeout(flush, delayMs);
  }

  return {
    report,
    close() {
      clearTimeout(timer);
    },
  };
}

/**
 * Every file and folder of the targets (what chokidar watches of them) with its stamp: size, times and inode for a
 * file. Chokidar's first scan stats each entry, then watches it, and reports nothing before it is done: a change made
 * meanwhile is found by comparing the stamps taken as the watcher started with those once its scan is done. Taken
 * before the build reads the folders (`wiki dev` starts the watcher first), so nothing the build read goes unseen.
 */
function stampTargets(targets: readonly WatchTarget[]): Map<string, string> {
  const stamps = new Map<string, string>();
  const visit = (filePath: string, target: WatchTarget, root: boolean): void => {
    const link = fs.lstatSync(filePath, { throwIfNoEntry: false });
    const stat = link?.isSymbolicLink() ? fs.statSync(filePath, { throwIfNoEntry: false }) : link;
    if (!stat) return;
    if (!stat.isDirectory()) {
      stamps.set(filePath, `${versionOf(stat)}:${stat.ctimeMs}`);
      return;
    }
    stamps.set(filePath, 'folder');
    // A linked folder inside is not walked (it may lead back up); a docs folder that is a link (to a vault) is.
    if (target.kind === 'file' || (link !== stat && !root)) return;
    for (const name of readNames(filePath))
      if (!editorDropping.test(name) && !target.skipName?.(name)) visit(path.join(filePath, name), target, false);
  };
  for (const target of targets) visit(path.resolve(target.path), target, true);
  return stamps;
}

/** The paths whose stamps differ, were added or are gone, and whether each is a file written (not gone, no folder). */
function changedSince(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): Map<string, boolean> {
  const changed = new Map<string, boolean>();
  for (const [filePath, stamp] of after) if (before.get(filePath) !== stamp) changed.set(filePath, stamp !== 'folder');
  for (const filePath of before.keys()) if (!after.has(filePath)) changed.set(filePath, false);
  return changed;
}

function isEmptyFile(filePath: string): boolean {
  try {
    return fs.statSync(filePath, { throwIfNoEntry: false })?.size === 0;
  } catch {
    return false;
  }
}

/** What tells one version of a file from the next (or that it is gone). */
function fileState(filePath: string): string {
  try {
    const stat = fs.statSync(filePath, { throwIfNoEntry: false });
    return stat ? versionOf(stat) : 'missing';
  } catch {
    return 'unreadable';
  }
}

/** A file's inode, size and modification time: another of any is another version of the file. */
function versionOf(stat: fs.Stats): string {
  return `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
}

/** The names in a folder; none if it is gone or unreadable (its removal is chokidar's to report). */
function readNames(folder: string): string[] {
  try {
    return fs.readdirSync(folder);
  } catch {
    return [];
  }
}

function isFolder(filePath: string): boolean {
  try {
    return fs.statSync(filePath).isDirectory();
  } catch {
    return false;
  }
}

/** Tells a watcher error once per kind (chokidar skips vanished files itself): the server goes on, that part unwatched. */
function warnOnce(): (error: NodeJS.ErrnoException) => void {
  const warned = new Set<string>();
  return (error) => {
    const code = error.code ?? error.message;
    if (warned.has(code)) return;
    warned.add(code);
    const hint =
      code === 'ENOSPC'
        ? 'The system limit on watched files is reached: raise it (sudo sysctl fs.inotify.max_user_watches=524288) and restart wiki dev.'
        : code === 'EMFILE'
          ? 'Too many open files: raise the limit (ulimit -n 65536) and restart wiki dev.'
          : 'Changes there are not seen until wiki dev restarts.';
    console.error(
      `warning [watch-failed] ${error.path ?? 'wiki dev'}: can't watch for changes (${error.message}).\n    ${hint}`,
    );
  };
}
