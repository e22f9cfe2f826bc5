import crypto from 'node:crypto';

/**
 * A digest of a list of strings, the build cache's keys: SHA-256, each part ended by a NUL so that two different lists
 * never feed the hash the same bytes.
 */
export function hashOf(parts: readonly string[]): string {
  const hash = crypto.createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url');
}
