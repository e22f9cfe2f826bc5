/**
 * Which bundle of a config file (or sidebars file) was made last, and from which files, with their stamps (size,
 * times, inode). While each of those files still has its stamp, the bundle is imported again without esbuild, whose
 * process starting and bundling cost every build ~20 ms before its first stage. Only settled stamps are kept (taken
 * well after the file last changed: bundleCache.mjs isSettled): a file edited twice within its clock's resolution could
 * otherwise keep its stamp.
 */
import fs from 'node:fs';
import {
  cacheEntryPath,
  contentHash,
  engineCacheDir,
  isSettled,
  useCacheEntry,
  writeCacheEntry,
} from '../bundleCache.mjs';
import { engineRoot } from '../engineRoot.js';

/** Bumped whenever the record changes shape. */
const FORMAT = 'wiki-config-inputs/1';

type Stamp = readonly [file: string, size: number, mtimeMs: number, ctimeMs: number, ino: number];

interface BundleRecord {
  readonly format: string;
  /** The config file the bundle was made from (two paths never share a record file, short of a hash collision). */
  readonly file: string;
  readonly bundle: string;
  readonly inputs: readonly Stamp[];
}

function recordPath(file: string): string {
  return cacheEntryPath(engineCacheDir(engineRoot), 'config-inputs', contentHash(file), '.json');
}

function stampOf(file: string): Stamp | undefined {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat?.isFile() ? [file, stat.size, stat.mtimeMs, stat.ctimeMs, stat.ino] : undefined;
}

/** A bundle of a config file, and the files it was made from (absolute paths, the config's own among them). */
export interface ConfigBundle {
  readonly bundle: string;
  readonly inputs: readonly string[];
}

/** The bundle last made of `file`, when it is still there and every file it was made from has its stamp. */
export function bundledBefore(file: string): ConfigBundle | undefined {
  let record: Partial<BundleRecord>;
  try {
    record = JSON.parse(fs.readFileSync(recordPath(file), 'utf8')) as Partial<BundleRecord>;
  } catch {
    return undefined; // none yet, or unreadable: bundled again
  }
  if (record.format !== FORMAT || record.file !== file || typeof record.bundle !== 'string') return undefined;
  if (!Array.isArray(record.inputs) || record.inputs.length === 0) return undefined;
  const unchanged = record.inputs.every((stamp) => {
    const now = Array.isArray(stamp) && typeof stamp[0] === 'string' ? stampOf(stamp[0]) : undefined;
    return now !== undefined && now.every((part, index) => part === stamp[index]);
  });
  if (!unchanged || !useCacheEntry(record.bundle)) return undefined;
  return { bundle: record.bundle, inputs: record.inputs.map(([input]) => input) };
}

/**
 * Records the bundle made of `file` from `inputs` (absolute paths), when every input changed well before now; else
 * forgets any earlier record, so the next build bundles again.
 */
export async function recordBundle(file: string, bundle: string, inputs: readonly string[]): Promise<void> {
  const stamps = inputs.map((input) => stampOf(input));
  const takenAt = Date.now();
  const settled = stamps.every(
    (stamp) => stamp !== undefined && isSettled({ mtimeMs: stamp[2], ctimeMs: stamp[3] }, takenAt),
  );
  const entry = recordPath(file);
  try {
    if (!settled || stamps.length === 0) return fs.rmSync(entry, { force: true });
    const record: BundleRecord = { format: FORMAT, file, bundle, inputs: stamps as Stamp[] };
    await writeCacheEntry(entry, (staging) => fs.writeFileSync(staging, JSON.stringify(record)));
  } catch {
    // not recorded (a read-only cache?): the next build bundles again
  }
}
