import crypto from 'node:crypto';

/**
 * A digest of a list of strings, the build cache's keys: SHA-256, each part ended by a NUL so that two different lists
 * never feed the hash the same bytes. Hashed in one call: a build makes a few hundred thousand of these, and each
 * update() of a Hash object costs a crossing into C++ (six short parts: half the time of an update() a part).
 */
export function hashOf(parts: readonly string[]): string {
  return crypto.hash('sha256', parts.length === 0 ? '' : `${parts.join('\0')}\0`, 'base64url');
}

/** Parts joined into one update() of the hash: a crossing into C++ per megabyte or so, not per part. */
const BATCH_CHARS = 1 << 20;

/**
 * hashOf's digest of parts made one at a time, never all held: every note's summary as JSON (~56 MB at 100,000 notes)
 * is not made one string, joined and copied to UTF-8 beside the outline's memory.
 */
export function hashOfParts(parts: Iterable<string>): string {
  const hash = crypto.createHash('sha256');
  let batch: string[] = [];
  let chars = 0;
  for (const part of parts) {
    batch.push(part);
    chars += part.length + 1;
    if (chars < BATCH_CHARS) continue;
    hash.update(`${batch.join('\0')}\0`);
    batch = [];
    chars = 0;
  }
  if (batch.length > 0) hash.update(`${batch.join('\0')}\0`);
  return hash.digest('base64url');
}
