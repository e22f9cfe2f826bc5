/** hashOf (src/node/hashOf.ts), the build cache's key maker: each part ended by a NUL, so no two lists collide. */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, it } from 'node:test';
import { hashOf } from '../../src/node/hashOf.js';

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('base64url');

describe('hashOf', () => {
  it('is the SHA-256 of the parts, each ended by a NUL', () => {
    assert.equal(hashOf(['a', 'é', '']), sha256('a\0é\0\0'));
    assert.equal(hashOf([]), sha256(''));
  });

  it('tells lists apart that join to the same text', () => {
    assert.notEqual(hashOf(['ab']), hashOf(['a', 'b']));
    assert.notEqual(hashOf(['a', '']), hashOf(['a']));
  });
});
