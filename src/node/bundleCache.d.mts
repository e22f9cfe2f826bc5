// Types of bundleCache.mjs (plain JavaScript: bin/engine.mjs imports it before any TypeScript can run).

/** Whether a file last changed well before `takenAt` (SETTLED_MS): only then does its stamp vouch for its contents. */
export function isSettled(stat: { readonly mtimeMs: number; readonly ctimeMs: number }, takenAt: number): boolean;

/** The first 16 hex digits of the SHA-256 of the parts. */
export function contentHash(...parts: readonly (string | Uint8Array)[]): string;

/** The cache folder: node_modules/.cache/wiki in the engine, or a user cache folder when that cannot be written. */
export function engineCacheDir(root: string): string;

/** The path of the entry `<kind>-<hash><extension>`. */
export function cacheEntryPath(cacheDir: string, kind: string, hash: string, extension?: string): string;

/** Whether the entry exists; if so it is marked used. */
export function useCacheEntry(entry: string): boolean;

/** Writes the entry through a staging path renamed into place, then removes older entries of its kind. */
export function writeCacheEntry(entry: string, write: (staging: string) => void | Promise<void>): Promise<void>;

/** The entry, written by `write(staging)` first when it does not exist. */
export function cachedEntry(entry: string, write: (staging: string) => void | Promise<void>): Promise<string>;

/** Removes older entries of the entry's kind (the most recent other one and any in use stay). */
export function pruneCacheEntries(entry: string): void;
