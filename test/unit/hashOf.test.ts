/** hashOf (src/node/hashOf.ts), the build cache's key maker: each part ended by a NUL, so no two lists collide. */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, it } from 'node:test';
import { hashOf, hashOfParts } from '../../src/node/hashOf.js';

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

  it('gives the same digest for parts made one at a time, across the batches it hashes them in', () => {
    const parts = Array.from({ length: 3000 }, (_, index) => `part ${index} é`.repeat(index % 7 === 0 ? 500 : 1));
    assert.equal(hashOfParts(parts), hashOf(parts));
    assert.equal(hashOfParts(parts.values()), hashOf(parts), 'from an iterator');
    assert.equal(hashOfParts([]), hashOf([]));
    assert.notEqual(hashOfParts(['ab']), hashOfParts(['a', 'b']));
  });
});
