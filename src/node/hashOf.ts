import crypto from 'node:crypto';

/**
 * A digest of a list of strings, the build cache's keys: SHA-256, each part ended by a NUL so that two different lists
 * never feed the hash the same bytes. Hashed in one call: a build makes a few hundred thousand of these, and each
 * update() of a Hash object costs a crossing into C++ (six short parts: half the time of an update() a part).
 */
export function hashOf(parts: readonly string[]): string {
  return crypto.hash('sha256', parts.length === 0 ? '' : `${parts.join('\0')}\0`, 'base64url');
}
