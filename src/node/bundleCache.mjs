/**
 * The engine's cache of bundles: the engine itself (bin/engine.mjs), the browser runtime, site configs and theme
 * renderers. An entry, a file or a folder, is named `<kind>-<hash of what made it>`: changed inputs make a new entry,
 * unchanged ones find theirs again. An entry is written whole (staged, then renamed), and writing one removes older
 * entries of its kind. Plain JavaScript, because bin/engine.mjs uses it before any TypeScript can run.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Older entries of a kind kept besides the current one (switching back and forth between two needs no rebuild). */
const KEEP_PREVIOUS = 1;
/** An entry used this recently is never removed: another process may be about to import it. */
const IN_USE_MS = 60_000;

/** How long before a stamp is taken its file must have last changed for the stamp to be trusted (FAT keeps 2 s times). */
const SETTLED_MS = 2000;

/**
 * Whether a file last changed well before `takenAt`: only then does its stamp (size, times, inode) vouch for its
 * contents, since a file edited twice within its clock's resolution keeps its stamp. The up-to-date check, the
 * config-bundle record and the engine's source-hash record all go by it.
 */
export function isSettled(stat, takenAt) {
  return Math.max(stat.mtimeMs, stat.ctimeMs) < takenAt - SETTLED_MS;
}

/** The first 16 hex digits of the SHA-256 of the parts (separated, so that ['ab', 'c'] and ['a', 'bc'] differ). */
export function contentHash(...parts) {
  const hash = crypto.createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/**
 * The cache folder: node_modules/.cache/wiki in the engine, or, when that cannot be written (a read-only install),
 * everything-i-know/<hash of the engine's path> in $XDG_CACHE_HOME (else ~/.cache), else in the OS temp folder. Such a
 * folder links node_modules to the engine's, so the package imports of the bundles in it resolve as from the engine.
 */
export function engineCacheDir(root) {
  const local = path.join(root, 'node_modules', '.cache', 'wiki');
  if (isWritableFolder(local)) return local;
  const userCache = process.env.XDG_CACHE_HOME
    ? path.resolve(process.env.XDG_CACHE_HOME)
    : path.join(os.homedir(), '.cache');
  const fallbacks = [userCache, os.tmpdir()].map((base) => path.join(base, 'everything-i-know', contentHash(root)));
  const dir = fallbacks.find(
    (folder) => isWritableFolder(folder) && linkEngineModules(folder, path.join(root, 'node_modules')),
  );
  if (dir) return dir;
  throw new Error(
    `Can't write the engine's cache in any of: ${[local, ...fallbacks].join(', ')}.\n    Make one of them writable, or set XDG_CACHE_HOME to a writable folder.`,
  );
}

function isWritableFolder(dir) {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function linkEngineModules(dir, modules) {
  const link = path.join(dir, 'node_modules');
  try {
    fs.symlinkSync(modules, link, 'junction');
  } catch (error) {
    if (error.code !== 'EEXIST') return false;
  }
  try {
    return fs.realpathSync(link) === fs.realpathSync(modules);
  } catch {
    return false;
  }
}

/** The path of the entry `<kind>-<hash><extension>` (`config-0123456789abcdef.mjs`). */
export function cacheEntryPath(cacheDir, kind, hash, extension = '') {
  return path.join(cacheDir, `${kind}-${hash}${extension}`);
}

/** Whether the entry exists; if so it is marked used (its modification time), which pruning goes by. */
export function useCacheEntry(entry) {
  try {
    const now = new Date();
    fs.utimesSync(entry, now, now);
    return true;
  } catch {
    return fs.existsSync(entry);
  }
}

/**
 * Writes the entry: `write(staging)` makes it (a file or a folder) at a temporary path, which is renamed into place,
 * so no reader sees half an entry; if another process wrote it first, that copy stays. Then older entries of its kind go.
 */
export async function writeCacheEntry(entry, write) {
  const staging = `${entry}.tmp-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  try {
    await write(staging);
    fs.renameSync(staging, entry);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    if (!fs.existsSync(entry)) throw error;
  }
  pruneCacheEntries(entry);
}

/** The entry, written by `write(staging)` first when it does not exist (see writeCacheEntry). */
export async function cachedEntry(entry, write) {
  if (!useCacheEntry(entry)) await writeCacheEntry(entry, write);
  return entry;
}

/**
 * Removes the entries of the entry's kind but it and the KEEP_PREVIOUS most recently used, and staging copies left by
 * a process that stopped; none used in the last IN_USE_MS.
 */
export function pruneCacheEntries(entry) {
  const dir = path.dirname(entry);
  const [, kind, extension] = /^([a-z]+)-[0-9a-f]{16}(\.[a-z]+)?$/.exec(path.basename(entry)) ?? [];
  if (!kind) return;
  const sameKind = new RegExp(`^${kind}-[0-9a-f]{16}${(extension ?? '').replace('.', '\\.')}(\\.tmp-[\\w-]+)?$`);
  const others = [];
  for (const name of fs.readdirSync(dir)) {
    if (!sameKind.test(name) || name === path.basename(entry)) continue;
    try {
      others.push({
        file: path.join(dir, name),
        used: fs.statSync(path.join(dir, name)).mtimeMs,
        staging: name.includes('.tmp-'),
      });
    } catch {
      // removed meanwhile by another process
    }
  }
  let kept = 0;
  for (const other of others.sort((a, b) => b.used - a.used)) {
    if (Date.now() - other.used < IN_USE_MS) continue;
    if (!other.staging && kept < KEEP_PREVIOUS) kept++;
    else fs.rmSync(other.file, { recursive: true, force: true });
  }
}
