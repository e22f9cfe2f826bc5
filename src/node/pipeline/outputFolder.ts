/**
 * The output folder is replaced whole by every build, so the engine must be sure it is its own: it replaces a folder
 * only when it is missing, empty, or holds the marker file an earlier `wiki build` wrote, and never a folder that is or
 * holds the notes, the static files, the config, the working directory or the home folder.
 *
 * A build writes into a staging folder inside a work folder beside the output (`.<name>.wiki/`), under a lock held
 * there, and swaps it in with one atomic exchange: at every instant the output is the whole old site or the whole new
 * one. Leftovers of killed builds (staging folders, replaced sites) are removed by the next build.
 *
 * A build with a cache keeps the site it replaced as the spare (`spare/`) and starts its next staging folder from it:
 * that build then writes only the files that differ, instead of making every folder and link again. The swap is the same.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isPathInside } from '../filePaths.js';
import { loadNativeFs, type NativeFs } from './nativeFs.js';

/** The file that marks a folder as written by `wiki build` (and so safe for the next build to replace). */
export const OUTPUT_MARKER = '.wiki-build';
const MARKER_TEXT = 'Written by `wiki build`. The next build replaces this folder whole while this file is in it.\n';

/** A folder `wiki build` will not write to: what is wrong and how to fix it. */
export class OutputFolderError extends Error {
  override readonly name = 'OutputFolderError';
  constructor(
    message: string,
    readonly hint: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The folders a build must never replace or contain. */
export interface ProtectedFolders {
  readonly docsDir: string;
  readonly staticDir: string;
  /** The config file's folder. */
  readonly siteDir: string;
  readonly cwd?: string;
  readonly home?: string;
}

/** Throws OutputFolderError when `outDir` is not a folder this build may replace. */
export function checkOutputFolder(outDir: string, folders: ProtectedFolders, display: (file: string) => string): void {
  const out = realPathOf(outDir);
  const shown = display(outDir) || '.';
  const fix = 'Pick a folder of its own for the site with --out (the default is build/ beside the config).';
  for (const [folder, name] of protectedFolders(folders)) {
    const real = realPathOf(folder);
    if (real === out)
      throw new OutputFolderError(
        `Refusing to build into ${shown}: it is ${name}, and a build replaces its output folder whole.`,
        fix,
      );
    if (isPathInside(real, out))
      throw new OutputFolderError(
        `Refusing to build into ${shown}: it holds ${name} (${display(folder) || '.'}), and a build replaces its output folder whole.`,
        fix,
      );
  }
  checkReplaceable(out, shown, fix);
}

/** Throws unless the folder is missing, empty, or marked as an earlier build's output. */
function checkReplaceable(out: string, shown: string, fix = 'Pick a folder of its own for the site with --out.'): void {
  const stat = statOrUndefined(out);
  if (stat === undefined) return;
  if (!stat.isDirectory())
    throw new OutputFolderError(
      `Refusing to build into ${shown}: it is a file, not a folder.`,
      `${fix} Or move the file away.`,
    );
  const entries = fs.readdirSync(out);
  if (entries.length > 0 && !entries.includes(OUTPUT_MARKER)) {
    throw new OutputFolderError(
      `Refusing to build into ${shown}: it holds files that \`wiki build\` did not write (it has no ${OUTPUT_MARKER} file), and a build replaces its output folder whole.`,
      `Pass an empty or new folder with --out; or, if it is an old site you no longer need, delete it yourself (rm -r '${shown}') and build again.`,
    );
  }
}

function protectedFolders(folders: ProtectedFolders): [string, string][] {
  const home = folders.home ?? os.homedir();
  return [
    [folders.docsDir, 'the docs folder'],
    [folders.staticDir, 'the static folder'],
    [folders.siteDir, 'the folder of the config file'],
    [folders.cwd ?? process.cwd(), 'the working directory'],
    [home, 'your home folder'],
    [path.parse(home).root, 'the root of the file system'],
  ];
}

/** A path with every symbolic link of its existing part resolved (the rest appended as it is). */
function realPathOf(file: string): string {
  const absolute = path.resolve(file);
  try {
    return fs.realpathSync(absolute);
  } catch {
    const parent = path.dirname(absolute);
    return parent === absolute ? absolute : path.join(realPathOf(parent), path.basename(absolute));
  }
}

function statOrUndefined(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file);
  } catch {
    return undefined;
  }
}

/** The work folder beside an output folder: its lock, the staging folder, replaced sites waiting to be removed. */
export function workFolderOf(outDir: string): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}.wiki`);
}

/** Where the caches of the builds writing `outDir` are (the build cache, the outline cache, the up-to-date record). */
export function cacheFolderOf(outDir: string): string {
  return path.join(workFolderOf(outDir), 'cache');
}

/** A build's hold on its output folder; `release` lets the next build in. */
export interface OutputLease {
  /** The folder to write the new site into, beside the output: empty but for the marker, unless `prefilled`. */
  readonly staging: string;
  /** The staging folder is the spare: an older site to bring up to date (SiteWriterOptions.prefilled). */
  readonly prefilled: boolean;
  /**
   * Puts the staging folder in the output's place in one step; the old site becomes the spare (`keepSpare`), or is
   * removed in the background.
   */
  swapIn(): void;
  /** Removes the staging folder (a build stopped by an error: a full disk, a note that does not render...). */
  discard(): void;
  /**
   * A site that must not replace the output (errors in its notes): the staging folder becomes the spare with
   * `keepSpare` (whatever it holds, the next build's writer checks each file), else it is removed.
   */
  setAside(): void;
  release(): void;
}

export interface LeaseOptions {
  /** Told once when another build holds the folder and this one waits for it. */
  readonly onWait?: (holderPid: number | undefined) => void;
  /** How often to try the lock again while waiting. */
  readonly retryMs?: number;
  /** For tests: the native helpers to use (null: the portable fallbacks). */
  readonly native?: NativeFs | null;
  /**
   * Start from the spare, and keep the replaced site as the next one (a build with a cache). Without it the spare is
   * removed: a full build writes every file anew, and leaves no second copy of the site on the disk.
   */
  readonly keepSpare?: boolean;
}

/**
 * Waits until no other build writes `outDir`, then cleans what killed builds left and makes a fresh staging folder.
 * File-system failures become OutputFolderErrors that say what to do (read-only disk, permissions, disk full).
 */
export async function leaseOutputFolder(outDir: string, options: LeaseOptions = {}): Promise<OutputLease> {
  const native = options.native === undefined ? loadNativeFs() : (options.native ?? undefined);
  const workDir = workFolderOf(outDir);
  const lock = await waitForLock(workDir, native, options).catch((error: unknown) => {
    throw adviseFsError(error, outDir);
  });
  try {
    return withFsAdvice(outDir, () => {
      removeLeftovers(workDir, outDir);
      const staging = path.join(workDir, `staging-${process.pid}`);
      const keepSpare = options.keepSpare === true;
      const prefilled = takeSpare(workDir, keepSpare ? staging : undefined);
      if (!prefilled) {
        fs.mkdirSync(staging);
        fs.writeFileSync(path.join(staging, OUTPUT_MARKER), MARKER_TEXT);
      }
      return {
        staging,
        prefilled,
        swapIn: () => withFsAdvice(outDir, () => swapIn(staging, outDir, workDir, { native, keepSpare })),
        discard: () => fs.rmSync(staging, { recursive: true, force: true }),
        setAside: () => withFsAdvice(outDir, () => setAside(staging, workDir, keepSpare)),
        release: lock.release,
      };
    });
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * mkdir -p that reports the real reason: Node's recursive mkdir says ENOENT where the disk is read-only (EROFS) or the
 * parent is not writable, so the first missing folder is made again alone to get the error that says why.
 */
function makeFolder(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    let missing = dir;
    while (!fs.existsSync(path.dirname(missing)) && path.dirname(missing) !== missing) missing = path.dirname(missing);
    fs.mkdirSync(missing); // throws the real error (EROFS, EACCES...)
    throw error;
  }
}

interface Lock {
  release(): void;
}

async function waitForLock(workDir: string, native: NativeFs | undefined, options: LeaseOptions): Promise<Lock> {
  makeFolder(workDir);
  const lockFile = path.join(workDir, 'lock');
  let told = false;
  for (;;) {
    const attempt = native ? tryFlock(lockFile, native) : tryPidLock(lockFile);
    if ('release' in attempt) return attempt;
    if (!told) options.onWait?.(attempt.holder);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, options.retryMs ?? 100));
  }
}

/** flock on a file that stays: the kernel drops the lock when its holder exits or is killed, so it is never stale. */
function tryFlock(lockFile: string, native: NativeFs): Lock | { holder: number | undefined } {
  const fd = fs.openSync(lockFile, fs.constants.O_RDWR | fs.constants.O_CREAT);
  if (!native.tryLock(fd)) {
    const holder = readPid(lockFile);
    fs.closeSync(fd);
    return { holder };
  }
  fs.ftruncateSync(fd);
  fs.writeSync(fd, `${process.pid}\n`, 0);
  return { release: () => fs.closeSync(fd) };
}

/** Without flock: a file created exclusively, holding the pid; a dead holder's file is taken over. */
function tryPidLock(lockFile: string): Lock | { holder: number | undefined } {
  try {
    fs.writeFileSync(lockFile, `${process.pid}\n`, { flag: 'wx' });
    return { release: () => fs.rmSync(lockFile, { force: true }) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const holder = readPid(lockFile);
  if (holder !== undefined && isAlive(holder)) return { holder };
  fs.rmSync(lockFile, { force: true }); // its holder is gone; the next attempt takes it
  return { holder: undefined };
}

function readPid(file: string): number | undefined {
  const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Under the lock, nothing in the work folder belongs to a running build: staging folders and replaced sites of killed
 * builds are removed. An output that a fallback swap (two renames) lost mid-way is put back first.
 */
function removeLeftovers(workDir: string, outDir: string): void {
  const entries = fs.readdirSync(workDir).filter((name) => /^(staging|old|trash)-\d+$/.test(name));
  if (!fs.existsSync(outDir)) {
    const replaced = entries.filter(
      (name) => name.startsWith('old-') && fs.existsSync(path.join(workDir, name, OUTPUT_MARKER)),
    );
    const newest = replaced.sort(
      (a, b) => fs.statSync(path.join(workDir, b)).mtimeMs - fs.statSync(path.join(workDir, a)).mtimeMs,
    )[0];
    if (newest) fs.renameSync(path.join(workDir, newest), outDir);
  }
  for (const name of entries) fs.rmSync(path.join(workDir, name), { recursive: true, force: true });
}

/** The spare's folder in the work folder: the site the last incremental build replaced. */
const SPARE = 'spare';

/**
 * Moves the spare to `staging` when there is one to take (it holds the marker); else removes it, in the background.
 * True when `staging` is now the spare.
 */
function takeSpare(workDir: string, staging: string | undefined): boolean {
  const spare = path.join(workDir, SPARE);
  if (!fs.existsSync(spare)) return false;
  if (staging !== undefined && fs.existsSync(path.join(spare, OUTPUT_MARKER))) {
    fs.renameSync(spare, staging);
    return true;
  }
  const trash = path.join(workDir, `trash-${process.pid}`);
  fs.renameSync(spare, trash); // a name no later build reuses before `rm` is done with it
  removeInBackground(trash);
  return false;
}

function swapIn(
  staging: string,
  outDir: string,
  workDir: string,
  { native, keepSpare }: { native: NativeFs | undefined; keepSpare: boolean },
): void {
  if (!fs.existsSync(outDir)) {
    makeFolder(path.dirname(outDir));
    fs.renameSync(staging, outDir); // atomic: nothing was there
    return;
  }
  checkReplaceable(outDir, outDir); // again: files may have appeared there while the site was written
  const replaced = path.join(workDir, `old-${process.pid}`);
  if (native && exchanged(native, staging, outDir)) fs.renameSync(staging, replaced);
  else {
    // Two renames: a kill between them leaves no output, which the next build puts back (removeLeftovers).
    fs.renameSync(outDir, replaced);
    fs.renameSync(staging, outDir);
  }
  if (keepSpare) fs.renameSync(replaced, path.join(workDir, SPARE));
  else removeInBackground(replaced);
}

/** A site that must not replace the output: kept as the spare (half brought up to date is as good as any), or removed. */
function setAside(staging: string, workDir: string, keepSpare: boolean): void {
  if (keepSpare && !fs.existsSync(path.join(workDir, SPARE))) fs.renameSync(staging, path.join(workDir, SPARE));
  else fs.rmSync(staging, { recursive: true, force: true });
}

/** false where the file system cannot exchange (EINVAL: e.g. some network file systems); other failures throw. */
function exchanged(native: NativeFs, a: string, b: string): boolean {
  try {
    native.exchange(a, b);
    return true;
  } catch (error) {
    const errno = (error as { errno?: number }).errno;
    if (errno === os.constants.errno.EINVAL || errno === os.constants.errno.ENOSYS) return false;
    throw error;
  }
}

/**
 * Deletes the replaced site without making the build wait (thousands of unlinks); a detached `rm -rf` outlives this
 * process, and what it leaves if killed is in the work folder, which the next build cleans.
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

const fsAdvice: Record<string, (folder: string) => [string, string]> = {
  EROFS: (folder) => [
    `Can't write the site: ${folder} is on a read-only file system.`,
    'Pick a folder on a writable disk with --out.',
  ],
  EACCES: (folder) => [
    `Can't write the site: permission denied in ${folder} or its parent folder.`,
    "Check that folder's owner and permissions, or pick another with --out.",
  ],
  EPERM: (folder) => [
    `Can't write the site: the system did not permit changing ${folder}.`,
    "Check that folder's owner and permissions, or pick another with --out.",
  ],
  ENOSPC: (folder) => [
    `Can't write the site: the disk holding ${folder} is full.`,
    'Free some space (the build needs room for a second copy of the site while it writes; with a cache it keeps the last site, which --no-cache removes) or pick another disk with --out.',
  ],
  EDQUOT: (folder) => [
    `Can't write the site: your disk quota is used up where ${folder} is.`,
    'Free some space or pick another disk with --out.',
  ],
};

/** Runs a file-system step and turns the errors a user can fix into OutputFolderErrors that say how. */
export function withFsAdvice<T>(outDir: string, step: () => T): T {
  try {
    return step();
  } catch (error) {
    throw adviseFsError(error, outDir);
  }
}

/** The error as an OutputFolderError with advice when its code is one a user can fix; else the error itself. */
export function adviseFsError(error: unknown, outDir: string): unknown {
  const advice = fsAdvice[(error as NodeJS.ErrnoException).code ?? ''];
  if (!advice || error instanceof OutputFolderError) return error;
  const [message, hint] = advice(outDir);
  return new OutputFolderError(message, hint, { cause: error });
}
